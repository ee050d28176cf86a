import { useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useHydrated } from '../../../lib/use-hydrated';
import { viewHref, type AddressSlot, type SelectorView } from './address-view';

/** Change, Edit: a small underlined action, 44 px to the thumb. */
export const smallAction =
  'inline-flex h-11 min-w-11 items-center justify-center rounded-full px-4 text-sm font-semibold text-ink underline decoration-ink/30 underline-offset-4 hover:bg-ink/5 hover:decoration-ink focus-visible:ring-2 focus-visible:ring-primary/40 focus-visible:outline-none';

/** Renders a control that moves a selector to another view. */
export type ViewControl = (
  next: SelectorView | null,
  className: string,
  children: ReactNode,
  label?: string,
) => ReactNode;

/** The start of a view the shopper just opened: its title, else its first field. */
function focusView(root: HTMLElement | null) {
  const target =
    root?.querySelector<HTMLElement>('[data-view-focus]') ??
    root?.querySelector<HTMLElement>('input:not([type=hidden]), select');
  target?.focus();
}

/**
 * How a selector moves between its views: `open` shows one in place (and focuses its start, under
 * `rootRef`); `control` is a button doing that with JavaScript, and without it a link to the page
 * with the view in its query.
 */
export function useViewControl(slot: AddressSlot, setView: (next: SelectorView | null) => void) {
  const hydrated = useHydrated();
  const location = useLocation();
  const rootRef = useRef<HTMLDivElement>(null);
  const open = (next: SelectorView | null) => {
    requestAnimationFrame(() => focusView(rootRef.current));
    setView(next);
  };
  const control: ViewControl = (next, className, children, label) =>
    hydrated ? (
      <button type="button" onClick={() => open(next)} className={className} aria-label={label}>
        {children}
      </button>
    ) : (
      <Link
        to={viewHref(location.search, slot, next)}
        replace
        preventScrollReset
        className={className}
        aria-label={label}
      >
        {children}
      </Link>
    );
  return { rootRef, open, control };
}
