import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Form, Link, useFetcher, useNavigate, useSearchParams } from 'react-router';
import { imageUrl } from '@shopfront/shared';
import { SearchIcon } from '../../components/ui/icons';
import { storeMode, useShopData } from '../../lib/shop';
import type { loader as suggestionsLoader } from '../../routes/resources.search-suggestions';

/** Typing pauses this long before suggestions are asked for. */
const SUGGEST_DEBOUNCE_MS = 200;
const MIN_CHARS = 2;

interface Option {
  id: string;
  href: string;
  label: string;
}

/**
 * Product search entry: a plain GET to /search, so it works before hydration too. Once the
 * page is interactive it suggests products and categories as you type (ARIA combobox: arrow
 * keys move through the list, Enter opens the highlighted entry, Escape closes it).
 */
export function SearchForm({
  id,
  autoFocus,
  className = '',
  label,
}: {
  id: string;
  autoFocus?: boolean;
  className?: string;
  /** Names the search landmark when a page has a second search box (the search page's own). */
  label?: string;
}) {
  const [params] = useSearchParams();
  // Services mode (issue 27) searches the same catalogue, which holds services.
  const shop = useShopData();
  const placeholder = shop && storeMode(shop) === 'services' ? 'Search services' : 'Search products';
  const fetcher = useFetcher<typeof suggestionsLoader>();
  const navigate = useNavigate();
  const listId = useId();
  const [value, setValue] = useState(params.get('q') ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const root = useRef<HTMLFormElement>(null);

  // Landing on a search page shows its query in the box (adjusted while rendering: no second pass).
  const urlQuery = params.get('q') ?? '';
  const [shownQuery, setShownQuery] = useState(urlQuery);
  if (shownQuery !== urlQuery) {
    setShownQuery(urlQuery);
    setValue(urlQuery);
  }
  useEffect(() => () => clearTimeout(timer.current), []);

  const load = fetcher.load;
  const ask = (text: string) => {
    clearTimeout(timer.current);
    const q = text.trim();
    if (q.length < MIN_CHARS) {
      setOpen(false);
      return;
    }
    timer.current = setTimeout(() => {
      void load(`/resources/search-suggestions?q=${encodeURIComponent(q)}`);
      setOpen(true);
      setActive(-1);
    }, SUGGEST_DEBOUNCE_MS);
  };

  // While the next answer is on its way the previous one stays up: no flicker between keystrokes.
  const data = fetcher.data;
  const fresh = !!data;
  const allResults = `/search?q=${encodeURIComponent(value.trim())}`;
  // A word the catalogue does not have, close to one it does: "Did you mean shirt?" comes first.
  const meant = data?.did_you_mean ?? null;
  const first = meant ? 1 : 0;
  const options: Option[] = data
    ? [
        ...(meant
          ? [{ id: 'meant', href: `/search?q=${encodeURIComponent(meant)}`, label: `Did you mean “${meant}”?` }]
          : []),
        ...data.products.map((p) => ({ id: `p-${p.id}`, href: p.url, label: p.name })),
        ...data.categories.map((c) => ({ id: `c-${c.slug}`, href: c.url, label: c.name })),
        ...(data.products.length || data.categories.length
          ? [{ id: 'all', href: allResults, label: `See all results for “${value.trim()}”` }]
          : []),
      ]
    : [];
  const expanded = open && fresh && value.trim().length >= MIN_CHARS;
  const optionId = (i: number) => `${listId}-opt-${i}`;

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') {
      if (expanded) {
        e.preventDefault();
        setOpen(false);
      }
      return;
    }
    if (!expanded || !options.length) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const next =
        e.key === 'ArrowDown' ? (active + 1) % options.length : active <= 0 ? options.length - 1 : active - 1;
      setActive(next);
      // The list scrolls on a small screen: the highlighted entry is brought into view.
      document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' });
    } else if (e.key === 'Enter' && active >= 0) {
      e.preventDefault();
      setOpen(false);
      navigate(options[active]!.href);
    }
  };

  return (
    <Form
      ref={root}
      method="get"
      action="/search"
      role="search"
      aria-label={label}
      className={`relative ${className}`}
      onSubmit={() => {
        clearTimeout(timer.current);
        setOpen(false);
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setOpen(false);
      }}
    >
      <label htmlFor={id} className="sr-only">
        {placeholder}
      </label>
      <input
        id={id}
        type="search"
        name="q"
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          ask(e.target.value);
        }}
        onFocus={() => value.trim().length >= MIN_CHARS && fresh && setOpen(true)}
        onKeyDown={onKeyDown}
        placeholder={placeholder}
        autoComplete="off"
        enterKeyHint="search"
        autoFocus={autoFocus}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        maxLength={200}
        className="h-11 w-full rounded-full border border-ink/15 bg-surface pr-11 pl-4 text-sm text-ink placeholder:text-muted focus:border-primary focus:bg-background focus:outline-none [&::-webkit-search-cancel-button]:hidden"
      />
      <button
        type="submit"
        aria-label="Search"
        className="absolute top-1/2 right-1 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-full text-muted hover:bg-ink/5 hover:text-ink"
      >
        <SearchIcon className="size-[18px]" />
      </button>
      <div
        id={listId}
        role="listbox"
        aria-label="Search suggestions"
        hidden={!expanded}
        className="search-suggestions absolute top-full right-0 left-0 z-50 mt-2 max-h-[calc(100dvh-7.5rem)] min-w-[300px] overflow-y-auto rounded-2xl border border-ink/10 bg-background p-2 shadow-xl lg:left-auto lg:w-[380px]"
      >
        {expanded && options.length === 0 && (
          <p className="px-3 py-4 text-sm text-muted">No suggestions. Press Enter to search for “{value.trim()}”.</p>
        )}
        {expanded && meant && (
          <Link
            id={optionId(0)}
            to={options[0]!.href}
            role="option"
            aria-selected={active === 0}
            tabIndex={-1}
            onClick={() => setOpen(false)}
            onMouseEnter={() => setActive(0)}
            className={`block rounded-xl px-3 py-2.5 text-sm text-ink ${active === 0 ? 'bg-surface' : ''}`}
          >
            Did you mean <span className="font-semibold text-primary">“{meant}”</span>?
          </Link>
        )}
        {expanded && data && data.products.length > 0 && (
          <p
            className="px-3 pt-2 pb-1 text-[11px] font-semibold tracking-[0.14em] text-muted uppercase"
            aria-hidden="true"
          >
            Products
          </p>
        )}
        {expanded &&
          data?.products.map((p, k) => {
            const i = first + k;
            return (
              <Link
                key={p.id}
                id={optionId(i)}
                to={p.url}
                role="option"
                aria-selected={active === i}
                tabIndex={-1}
                onClick={() => setOpen(false)}
                onMouseEnter={() => setActive(i)}
                className={`flex items-center gap-3 rounded-xl px-2 py-2 ${active === i ? 'bg-surface' : ''}`}
              >
                <span className="size-11 shrink-0 overflow-hidden rounded-lg bg-surface">
                  {p.image && (
                    <img
                      src={imageUrl(p.image.url, 320)}
                      alt=""
                      width={44}
                      height={44}
                      className="size-full object-cover"
                    />
                  )}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium text-ink">{p.name}</span>
                  <span className="block text-xs text-muted">{p.price.formatted}</span>
                </span>
              </Link>
            );
          })}
        {expanded && data && data.categories.length > 0 && (
          <p
            className="px-3 pt-3 pb-1 text-[11px] font-semibold tracking-[0.14em] text-muted uppercase"
            aria-hidden="true"
          >
            Categories
          </p>
        )}
        {expanded &&
          data?.categories.map((c, j) => {
            const i = first + data.products.length + j;
            return (
              <Link
                key={c.slug}
                id={optionId(i)}
                to={c.url}
                role="option"
                aria-selected={active === i}
                tabIndex={-1}
                onClick={() => setOpen(false)}
                onMouseEnter={() => setActive(i)}
                className={`block rounded-xl px-3 py-2.5 text-sm font-medium ${active === i ? 'bg-surface' : ''}`}
              >
                {c.name}
              </Link>
            );
          })}
        {expanded && data && (data.products.length > 0 || data.categories.length > 0) && (
          <Link
            id={optionId(options.length - 1)}
            to={allResults}
            role="option"
            aria-selected={active === options.length - 1}
            tabIndex={-1}
            onClick={() => setOpen(false)}
            onMouseEnter={() => setActive(options.length - 1)}
            className={`mt-1 block rounded-xl px-3 py-2.5 text-sm font-semibold text-primary ${active === options.length - 1 ? 'bg-surface' : ''}`}
          >
            {options[options.length - 1]!.label}
          </Link>
        )}
      </div>
    </Form>
  );
}
