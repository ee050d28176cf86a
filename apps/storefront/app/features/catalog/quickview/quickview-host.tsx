import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useFetcher, useLocation } from 'react-router';
import { catalogUrls, type Variant } from '@shopfront/shared';
import { Stars } from '../../../components/stars';
import { ArrowRightIcon, CloseIcon } from '../../../components/ui/icons';
import type { loader as quickviewLoader } from '../../../routes/resources.quickview';
import { Gallery } from '../product/gallery';
import { PriceBlock, PurchaseButtons, StockState } from '../product/purchase-panel';
import { VariantPicker } from '../product/variant-picker';
import { imagesFor, initialVariant } from '../product/variants';
import { QuickviewContext, type QuickviewApi } from './quickview-context';

function QuickviewBody({
  data,
  onAdded,
}: {
  data: NonNullable<ReturnType<typeof useFetcher<typeof quickviewLoader>>['data']>;
  onAdded: () => void;
}) {
  const [variant, setVariant] = useState<Variant | undefined>(() => initialVariant(data.variants));
  const p = data.product;
  if (!p) return <p className="p-8 text-center text-muted">{data.error}</p>;
  const images = imagesFor(data.images, variant);
  const stock = variant?.stock_status ?? (p.in_stock ? 'in_stock' : 'out_of_stock');
  const href = variant ? `${catalogUrls.product(p.slug)}?variant=${encodeURIComponent(variant.id)}` : p.url;
  return (
    <div className="grid gap-6 md:grid-cols-2 md:gap-8">
      <Gallery images={images.slice(0, 6)} productName={p.name} idPrefix="quickview-image" />
      <div className="flex min-w-0 flex-col">
        {p.brand && <p className="text-xs font-semibold tracking-[0.16em] text-muted uppercase">{p.brand}</p>}
        <h2 id="quickview-title" className="mt-1.5 pr-10 text-2xl leading-tight font-semibold">
          {p.name}
        </h2>
        {data.rating && data.rating.total_reviews > 0 && (
          <p className="mt-2 flex items-center gap-2 text-sm text-muted">
            <Stars rating={data.rating.overall_rating} />
            <span>
              {data.rating.overall_rating.toFixed(1)} · {data.rating.total_reviews} reviews
            </span>
          </p>
        )}
        <div className="mt-4">
          <PriceBlock
            price={variant?.price ?? p.price}
            mrp={variant ? variant.mrp : p.mrp}
            discountPercent={variant?.discount_percent ?? p.discount_percent}
          />
        </div>
        {p.short_description && (
          <p className="mt-4 line-clamp-3 text-[15px] leading-relaxed text-ink/80">{p.short_description}</p>
        )}
        <div className="mt-5">
          <VariantPicker
            options={data.options}
            variants={data.variants}
            current={variant}
            onChoose={setVariant}
            idPrefix="quickview"
          />
        </div>
        <div className="mt-5 space-y-3">
          <StockState status={stock} />
          <PurchaseButtons
            variantId={variant?.id ?? p.id}
            soldOut={stock === 'out_of_stock'}
            idPrefix="quickview"
            product={{ id: p.id, name: p.name }}
            onAdded={onAdded}
          />
        </div>
        <Link
          to={href}
          className="group mt-6 inline-flex items-center gap-1.5 self-start text-sm font-semibold text-ink underline-offset-4 hover:underline"
        >
          View full details
          <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-0.5" />
        </Link>
      </div>
    </div>
  );
}

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

/**
 * One quickview dialog for the whole shop (a modal <dialog>: focus trap, Escape, inert page).
 * Cards call `open(slug)`; the product comes from the quickview resource route.
 */
export function QuickviewHost({ children }: { children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const fetcher = useFetcher<typeof quickviewLoader>();
  const [slug, setSlug] = useState<string | null>(null);
  const location = useLocation();

  const load = fetcher.load;
  const open = useCallback<QuickviewApi['open']>(
    (next, from) => {
      opener.current = from;
      setSlug(next);
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
  // An add closes the quickview: the cart drawer takes its place.
  const closeDialog = useCallback(() => dialog.current?.close(), []);
  // The product on screen stays while it is read again (React Router revalidates loaded fetchers
  // after an action, e.g. the dialog's own Add to cart): only another product waits for its data.
  const showing =
    !!fetcher.data && (fetcher.data.product === null ? fetcher.state === 'idle' : fetcher.data.product.slug === slug);

  return (
    <QuickviewContext.Provider value={api}>
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
            <QuickviewBody key={slug} data={fetcher.data} onAdded={closeDialog} />
          ) : (
            <Loading />
          ))}
      </dialog>
    </QuickviewContext.Provider>
  );
}
