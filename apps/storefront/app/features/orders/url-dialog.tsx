import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Modal } from '../../components/ui/modal';
import { useHydrated } from '../../lib/use-hydrated';

/**
 * A dialog whose open state lives in the URL (`?order=…&dialog=…`, `?scans=…`): opened by a plain
 * link and closed by going back to the URL without it, so it works without JavaScript (the
 * content then shows as a panel in the page, with a Close link) and survives a reload. With
 * JavaScript it is the storefront's modal (focus kept inside, Escape closes, focus returned).
 */
export function UrlDialog({
  open,
  closeTo,
  title,
  size = 'md',
  testId,
  children,
}: {
  open: boolean;
  /** The URL without this dialog. */
  closeTo: string;
  title: ReactNode;
  size?: 'md' | 'lg';
  testId?: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { search } = useLocation();
  const titleId = useId();
  // The modal reports every close, also the one that follows the URL moving on (to another
  // dialog): only a close by the shopper (Escape, the X, the backdrop) goes back.
  // (The native close event comes in a later task, after this effect has run.)
  const openNow = useRef(open);
  useEffect(() => {
    openNow.current = open;
  }, [open]);
  if (!hydrated) {
    if (!open) return null;
    return (
      <section
        aria-labelledby={titleId}
        className="mb-6 rounded-2xl border-2 border-ink/15 bg-background p-5 md:p-7"
        data-testid={testId}
      >
        <div className="flex items-start justify-between gap-3">
          <h2 id={titleId} className="text-xl font-semibold">
            {title}
          </h2>
          <Link
            to={closeTo}
            preventScrollReset
            className="inline-flex min-h-11 items-center text-sm font-semibold underline underline-offset-2"
          >
            Close
          </Link>
        </div>
        {children}
      </section>
    );
  }
  return (
    <Modal
      open={open}
      showsFor={search}
      onClose={() => {
        if (openNow.current) void navigate(closeTo, { replace: true, preventScrollReset: true });
      }}
      title={title}
      titleId={titleId}
      size={size}
      testId={testId}
    >
      {children}
    </Modal>
  );
}
