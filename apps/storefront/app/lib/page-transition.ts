import { useEffect } from 'react';

/**
 * Spec section 9: the default page transition is named "page", with out-in mode. Each navigation
 * to another page runs React Router's view transition (document.startViewTransition): the page
 * body, captured as `page` (the page transition rules at the end of app.css), fades out, then the new one fades in. The
 * header and the phone's bottom bar stay put. Not for a change of the query alone (filters,
 * sorting, paging of one listing), nor with prefers-reduced-motion, nor in a browser without
 * view transitions.
 */
export const PAGE_TRANSITION = { name: 'page', mode: 'out-in' } as const;

type NavigateOptions = { viewTransition?: boolean } & Record<string, unknown>;
type Navigate = (to: unknown, opts?: NavigateOptions) => Promise<void>;
interface DataRouter {
  navigate: Navigate;
  state: { location: { pathname: string } };
}

/** The path a navigation goes to, resolved against the current page as a link would be. */
function targetPathname(to: unknown): string | null {
  if (typeof to === 'string') return new URL(to, window.location.href).pathname;
  if (to && typeof to === 'object') {
    const path = (to as { pathname?: unknown }).pathname;
    // { search } alone stays on the page.
    return typeof path === 'string' ? new URL(path, window.location.href).pathname : window.location.pathname;
  }
  return null;
}

/**
 * Makes a view transition the default of every navigation of the app (as `<Link viewTransition>`
 * does for one link), by defaulting the option in the data router React Router hydrated. A
 * navigation that states `viewTransition` itself keeps its choice; history steps (a number) are
 * left to the router, which replays the transition of the entry they return to.
 */
export function usePageTransition(): void {
  useEffect(() => {
    const router = (window as unknown as { __reactRouterDataRouter?: DataRouter }).__reactRouterDataRouter;
    if (!router || typeof document.startViewTransition !== 'function') return;
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
    const navigate = router.navigate;
    router.navigate = (to, opts) => {
      const pathname = targetPathname(to);
      const animate =
        opts?.viewTransition === undefined &&
        pathname !== null &&
        pathname !== router.state.location.pathname &&
        !reducedMotion.matches;
      return navigate.call(router, to, animate ? { ...opts, viewTransition: true } : opts);
    };
    return () => {
      router.navigate = navigate;
    };
  }, []);
}
