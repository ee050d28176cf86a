import { Link, useLocation } from 'react-router';
import { ChevronLeftIcon, ChevronRightIcon } from './ui/icons';

/** Page numbers to show: first, last, and a window around the current one, with gaps as null. */
export function pageWindow(current: number, last: number, radius = 1): (number | null)[] {
  const pages = new Set<number>([1, last]);
  for (let p = current - radius; p <= current + radius; p++) if (p >= 1 && p <= last) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const p = sorted[i]!;
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev > 1) out.push(p - prev === 2 ? p - 1 : null);
    out.push(p);
  }
  return out;
}

/** The current URL with `page` set (page 1 drops the parameter: one URL per page). */
export function pageHref(pathname: string, search: string, page: number, param = 'page'): string {
  const qs = new URLSearchParams(search);
  if (page <= 1) qs.delete(param);
  else qs.set(param, String(page));
  const s = qs.toString();
  return s ? `${pathname}?${s}` : pathname;
}

const item =
  'inline-flex h-11 min-w-11 items-center justify-center rounded-full px-3 text-sm font-medium transition-colors';

/** Plain links, so paging works without JavaScript and crawlers can follow every page. */
export function Pagination({
  page,
  lastPage,
  label = 'Pagination',
  param = 'page',
  hash = '',
  preventScrollReset = false,
  className = 'mt-12',
}: {
  page: number;
  lastPage: number;
  label?: string;
  param?: string;
  /** Appended to every link, e.g. `#reviews`, so a reload without JavaScript lands there. */
  hash?: string;
  /** Paging a section inside a page (reviews): stay where the reader is. */
  preventScrollReset?: boolean;
  className?: string;
}) {
  const { pathname, search } = useLocation();
  if (lastPage <= 1) return null;
  const href = (p: number) => `${pageHref(pathname, search, p, param)}${hash}`;
  return (
    <nav aria-label={label} className={`flex justify-center ${className}`}>
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {page > 1 ? (
            <Link
              to={href(page - 1)}
              preventScrollReset={preventScrollReset}
              rel="prev"
              className={`${item} hover:bg-surface`}
              aria-label="Previous page"
            >
              <ChevronLeftIcon className="size-5" />
            </Link>
          ) : (
            <span className={`${item} text-ink/25`} aria-hidden="true">
              <ChevronLeftIcon className="size-5" />
            </span>
          )}
        </li>
        {pageWindow(page, lastPage).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                to={href(p)}
                preventScrollReset={preventScrollReset}
                aria-label={`Page ${p}`}
                aria-current={p === page ? 'page' : undefined}
                className={`${item} ${p === page ? 'bg-ink text-background' : 'hover:bg-surface'}`}
              >
                {p}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < lastPage ? (
            <Link
              to={href(page + 1)}
              preventScrollReset={preventScrollReset}
              rel="next"
              className={`${item} hover:bg-surface`}
              aria-label="Next page"
            >
              <ChevronRightIcon className="size-5" />
            </Link>
          ) : (
            <span className={`${item} text-ink/25`} aria-hidden="true">
              <ChevronRightIcon className="size-5" />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
