import { useEffect, useRef, type SyntheticEvent } from 'react';
import { isRouteErrorResponse, replace, useFetcher, type ShouldRevalidateFunctionArgs } from 'react-router';
import { toast } from '../../../components/ui/toast';
import { browsingShouldRevalidate } from '../../cart/revalidation';

/**
 * Filters and sort apply optimistically (listing-view.tsx): the box is ticked before the products
 * come. When they cannot come (the server fails, the connection drops), the listing shown stays,
 * the choice is undone and the shopper is told, instead of an error page replacing the listing.
 */
export const LISTING_LOAD_FAILED =
  'The products could not be loaded, so your last change was undone. Please try again.';

/** The listing address the failed load goes back to; its loader is not run again (listingShouldRevalidate). */
let stayingAt: string | null = null;

const addressOf = (url: URL) => `${url.pathname}${url.search}`;

/** How long a listing fetched ahead (the pointer on a menu link) is used for the click that follows. */
const AHEAD_FRESH_MS = 15_000;
/** Listings fetched ahead, by address: the click's navigation uses the answer instead of asking again. */
const ahead = new Map<string, { at: number; data: Promise<unknown> }>();
/** Addresses a fetch ahead is being started for (useListingPrefetch), read by the clientLoader it calls. */
const startingAhead = new Set<string>();

/**
 * clientLoader of the listing routes. A listing fetched ahead (useListingPrefetch) in the last
 * few seconds is the answer at once; otherwise the server's. When a change of filters, sort or
 * page on the listing shown fails (not a 4xx: a page that is not there), back to what is shown.
 */
export async function listingClientLoader<T>({
  request,
  serverLoader,
}: {
  request: Request;
  serverLoader: () => Promise<T>;
}): Promise<T> {
  const wanted = new URL(request.url);
  const key = addressOf(wanted);
  stayingAt = null;
  if (startingAhead.delete(key)) {
    const data = serverLoader();
    ahead.set(key, { at: Date.now(), data });
    // The fetcher that asked needs no answer, and a failure here is no error to show (typed as
    // T: only that fetcher, whose data nothing reads, can get the null).
    return data.catch(() => null as T);
  }
  // Before a navigation commits, the window still shows the page it started from.
  const shown = new URL(window.location.href);
  try {
    const early = ahead.get(key);
    ahead.delete(key);
    if (early && Date.now() - early.at < AHEAD_FRESH_MS) {
      return await (early.data as Promise<T>).catch(() => serverLoader());
    }
    return await serverLoader();
  } catch (err) {
    const clientError = isRouteErrorResponse(err) && err.status < 500;
    if (clientError || wanted.pathname !== shown.pathname || wanted.search === shown.search) throw err;
    toast.error(LISTING_LOAD_FAILED);
    stayingAt = addressOf(shown);
    throw replace(stayingAt);
  }
}

const LISTING_PATH = /^\/(product-category|product-collection|shop-online)(\/|$)/;
/** The pointer rests this long on a link before its listing is fetched (sweeping across a menu fetches nothing). */
const INTENT_MS = 80;

/**
 * Fetch-ahead for a menu: handlers for its container that, when the pointer rests on, a finger
 * touches or focus reaches a link to a listing, fetch that listing, so that the click shows it
 * without waiting. React Router's own prefetch does not help here: route data is answered
 * `no-store` (so the browser cannot reuse a prefetched copy) and it skips routes with a clientLoader.
 */
export function useListingPrefetch() {
  const fetcher = useFetcher();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const load = fetcher.load;
  const intent = (e: SyntheticEvent, delay: number) => {
    const link = (e.target as Element | null)?.closest?.('a[href]');
    const href = link?.getAttribute('href');
    if (!href) return;
    const url = new URL(href, window.location.href);
    if (url.origin !== window.location.origin || !LISTING_PATH.test(url.pathname)) return;
    const key = addressOf(url);
    const known = ahead.get(key);
    if (known && Date.now() - known.at < AHEAD_FRESH_MS) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      startingAhead.add(key);
      void load(key);
    }, delay);
  };
  return {
    onPointerOver: (e: SyntheticEvent) => intent(e, INTENT_MS),
    onFocus: (e: SyntheticEvent) => intent(e, 0),
    onTouchStart: (e: SyntheticEvent) => intent(e, 0),
  };
}

/**
 * shouldRevalidate of the listing routes: going back to the listing shown after a failed load
 * keeps its data (React Router may ask more than once for one navigation: the answer stays the
 * same until the next load, which forgets the address).
 */
export function listingShouldRevalidate(args: ShouldRevalidateFunctionArgs): boolean {
  if (stayingAt !== null && addressOf(args.nextUrl) === stayingAt && addressOf(args.currentUrl) === stayingAt) {
    return false;
  }
  return browsingShouldRevalidate(args);
}
