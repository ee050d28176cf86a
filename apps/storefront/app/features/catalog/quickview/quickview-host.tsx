import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { CloseIcon } from '../../../components/ui/icons';
import { storeMode, useShop } from '../../../lib/shop';
import type { loader as quickviewLoader } from '../../../routes/resources.quickview';
import { QuickviewContext, type QuickviewApi } from './quickview-context';

// The product part (gallery, variant picker, purchase panel) is fetched when a quick view first
// opens, beside the product's data: a listing or the home page does not download it otherwise.
const loadBody = () => import('./quickview-body');
const QuickviewBody = lazy(() => loadBody().then((m) => ({ default: m.QuickviewBody })));

function Loading() {
  return (
    <div className="grid gap-6 md:grid-cols-2 md:gap-8" aria-hidden="true">
      <div className="aspect-square animate-pulse rounded-3xl bg-surface" />
      <div className="space-y-3">
        <div className="h-3 w-20 animate-pulse rounded bg-surface" />
        <div className="h-7 w-3/4 animate-pulse rounded bg-surface" />
        <div className="h-6 w-1/3 animate-pulse rounded bg-surface" />
        <div className="mt-6 h-11 w-full animate-pulse rounded-full bg-surface" />
      </div>
    </div>
  );
}

/** The variant a product link names (`/product/x?variant=…`), or null. */
function variantOfLink(el: HTMLElement | null): string | null {
  const href = el?.getAttribute('href');
  if (!href) return null;
  return new URL(href, window.location.href).searchParams.get('variant');
}

/**
 * One quickview dialog for the whole shop (a modal <dialog>: focus trap, Escape, inert page).
 * Cards call `open(slug)`; the product comes from the quickview resource route.
 */
export function QuickviewHost({ children }: { children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const fetcher = useFetcher<typeof quickviewLoader>();
  const [slug, setSlug] = useState<string | null>(null);
  // The variant to open on: the one the card shows and links to, as its product page would.
  const [variantId, setVariantId] = useState<string | null>(null);
  const location = useLocation();

  const load = fetcher.load;
  const open = useCallback<QuickviewApi['open']>(
    (next, from, variant) => {
      opener.current = from;
      setSlug(next);
      setVariantId(variant ?? variantOfLink(from));
      void loadBody();
      void load(`/resources/quickview/${encodeURIComponent(next)}`);
      if (!dialog.current?.open) dialog.current?.showModal();
    },
    [load],
  );

  // Following "View full details" (or any navigation) closes the dialog.
  useEffect(() => {
    if (dialog.current?.open) dialog.current.close();
  }, [location.pathname, location.search]);

  const api = useMemo(() => ({ open }), [open]);
  // A service is applied for on its own page (its fee, stages and form): its card links there.
  const services = storeMode(useShop()) === 'services';
  // An add closes the quickview: the cart drawer takes its place.
  const closeDialog = useCallback(() => dialog.current?.close(), []);
  // The product on screen stays while it is read again (React Router revalidates loaded fetchers
  // after an action, e.g. the dialog's own Add to cart): only another product waits for its data.
  const showing =
    !!fetcher.data && (fetcher.data.product === null ? fetcher.state === 'idle' : fetcher.data.product.slug === slug);

  return (
    <QuickviewContext.Provider value={services ? null : api}>
      {children}
      <dialog
        ref={dialog}
        id="quickview"
        aria-labelledby={showing && fetcher.data?.product ? 'quickview-title' : undefined}
        aria-label={showing && fetcher.data?.product ? undefined : 'Quick view'}
        aria-busy={!showing}
        onClose={() => {
          setSlug(null);
          opener.current?.focus();
        }}
        onClick={(e) => e.target === e.currentTarget && dialog.current?.close()}
        className="quickview m-auto max-h-[92dvh] w-[min(960px,calc(100vw-1.5rem))] max-w-none overflow-y-auto rounded-3xl bg-background p-5 text-ink shadow-2xl backdrop:bg-black/50 open:animate-[dialog-in_180ms_ease-out] md:p-8"
      >
        <button
          type="button"
          onClick={() => dialog.current?.close()}
          aria-label="Close quick view"
          className="absolute top-3 right-3 z-20 inline-flex size-11 items-center justify-center rounded-full bg-background/90 hover:bg-ink/5"
        >
          <CloseIcon className="size-6" />
        </button>
        {slug &&
          (showing && fetcher.data ? (
            <Suspense fallback={<Loading />}>
              <QuickviewBody
                key={`${slug} ${variantId ?? ''}`}
                data={fetcher.data}
                variantId={variantId}
                onAdded={closeDialog}
              />
            </Suspense>
          ) : (
            <Loading />
          ))}
      </dialog>
    </QuickviewContext.Provider>
  );
}
