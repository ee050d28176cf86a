import { useEffect } from 'react';
import { Link } from 'react-router';
import { catalogUrls, type WishlistItem } from '@shopfront/shared';
import type { Route } from './+types/account.wishlist';
import { BagIcon, HeartIcon } from '../components/ui/icons';
import { Spinner } from '../components/ui/spinner';
import { AccountSection } from '../features/account/section';
import { useAuth } from '../features/auth/auth-context';
import { ScriptFlag } from '../features/cart/script-flag';
import { CART_ACTION } from '../features/cart/cart-view';
import { useAddToCart } from '../features/cart/use-add-to-cart';
import { ProductCard } from '../features/catalog/product-card';
import { useWishlistState, wishlistStore } from '../features/wishlist/use-wishlist';
import { api, isUnauthenticated } from '../lib/api.server';
import { errorResponse, logFailure } from '../lib/errors';
import { rootDataFrom, shopMeta } from '../lib/meta';

/** The saved products as cards (one API call; the same card fields as the catalogue grids). */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    return { wishlist: await api(context).wishlist() };
  } catch (err) {
    // A guest: the account layout shows the login gate instead of this section.
    if (isUnauthenticated(err)) return { wishlist: null };
    logFailure('wishlist failed', err);
    throw errorResponse({ kind: 'server-error' });
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return [...shopMeta(rootDataFrom(matches), { title: 'Wishlist' }), { name: 'robots', content: 'noindex' }];
}

const CARD_SIZES = { base: '50vw', md: '33vw', xl: '260px' };

type MoveFetcher = ReturnType<typeof useAddToCart>;

/**
 * Move to cart (POST /api/wishlist/moveToCart through the /cart action): the drawer opens with
 * the line highlighted. The server moves the option saved with the product; a product with
 * several options saved without one sends the shopper to its page to choose one (without
 * JavaScript too: the action redirects there). One
 * fetcher for the page: the server takes a moved product off the wishlist, so its card (and
 * anything inside it) is gone by the time the answer arrives.
 */
function MoveToCart({ item, move }: { item: WishlistItem; move: MoveFetcher }) {
  const { fetcher } = move;
  const mine = fetcher.formData?.get('product_id') === item.product_id;
  const adding = move.adding && mine;
  const soldOut = !item.product.in_stock;
  return (
    <fetcher.Form method="post" action={CART_ACTION} className="mt-3">
      <input type="hidden" name="intent" value="move-to-cart" />
      <input type="hidden" name="product_id" value={item.product_id} />
      <input type="hidden" name="product_url" value={catalogUrls.product(item.product.slug)} />
      <input type="hidden" name="quantity" value="1" />
      <ScriptFlag />
      <button
        type="submit"
        disabled={soldOut || move.busy}
        className="btn btn-primary h-11 w-full gap-1.5 px-3 tracking-normal whitespace-nowrap"
        // The visible words first (axe: label-content-name-mismatch), then which product.
        aria-label={soldOut ? `Out of stock: ${item.product.name}` : `Move to cart: ${item.product.name}`}
      >
        {adding ? <Spinner className="size-3.5" /> : <BagIcon className="size-4" />}
        {soldOut ? 'Out of stock' : 'Move to cart'}
      </button>
    </fetcher.Form>
  );
}

/** The option saved with the product (the one Move to cart moves), e.g. "Colour: Indigo · Size: M". */
function SavedOption({ item }: { item: WishlistItem }) {
  if (!item.variant) return null;
  const options = Object.entries(item.variant.options);
  return (
    <p className="mt-2 flex flex-wrap gap-x-3 text-sm text-ink/80" data-testid="wishlist-variant">
      {options.length ? (
        options.map(([name, value]) => (
          // One option per piece, never broken inside: "Colour: Olive" stays together.
          <span key={name} className="whitespace-nowrap">
            <span className="text-muted">{name}:</span> <span className="font-medium">{value}</span>
          </span>
        ))
      ) : (
        <span>{item.variant.title}</span>
      )}
    </p>
  );
}

export default function AccountWishlist({ loaderData }: Route.ComponentProps) {
  const state = useWishlistState();
  const move = useAddToCart();
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const moved = move.answer?.ok ? move.answer : null;
  // The server took the moved product off the wishlist: the hearts read it again.
  useEffect(() => {
    if (moved && userId !== null) {
      wishlistStore.reset();
      void wishlistStore.load(userId);
    }
  }, [moved, userId]);
  if (!loaderData.wishlist) return null;
  // Once the tab's wishlist is known, a heart un-ticked here (or anywhere) takes the card away at once.
  const items =
    state.status === 'ready'
      ? loaderData.wishlist.items.filter((i) => state.ids.has(i.product_id))
      : loaderData.wishlist.items;

  return (
    <AccountSection title="Wishlist" description="Products you saved for later">
      <div className="rounded-2xl border border-ink/10 bg-background p-5 md:p-7">
        {items.length === 0 ? (
          <div className="flex flex-col items-center py-10 text-center md:py-14" data-wishlist-empty>
            <span className="inline-flex size-14 items-center justify-center rounded-full bg-surface text-muted">
              <HeartIcon className="size-7" />
            </span>
            <h2 className="mt-4 text-lg font-semibold">Your wishlist is empty</h2>
            <p className="mt-1 max-w-sm text-sm text-muted">Tap the heart on any product to save it here for later.</p>
            <Link to="/shop-online" className="btn btn-primary mt-6">
              Browse the shop
            </Link>
          </div>
        ) : (
          <>
            {move.fieldError && (
              <p role="alert" className="mb-4 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
                {move.fieldError}
              </p>
            )}
            {/* The cards are level-3 headings under the page's h1. */}
            <h2 className="sr-only">Saved products</h2>
            <p className="mb-5 text-sm text-muted" data-testid="wishlist-count">
              {items.length} {items.length === 1 ? 'product' : 'products'}
            </p>
            <ul className="grid grid-cols-2 gap-x-4 gap-y-8 md:grid-cols-3 md:gap-x-6" data-wishlist-grid>
              {items.map((item) => (
                <li key={item.product_id} className="flex flex-col">
                  <div className="flex flex-1">
                    <ProductCard product={item.product} sizes={CARD_SIZES} />
                  </div>
                  <SavedOption item={item} />
                  <MoveToCart item={item} move={move} />
                  <button
                    type="button"
                    onClick={() => void wishlistStore.toggle(item.product_id)}
                    disabled={state.busy.has(item.product_id) || state.status !== 'ready'}
                    className="mt-2 inline-flex h-11 items-center justify-center rounded-full border border-ink/15 px-4 text-sm font-medium text-ink hover:border-ink/40 disabled:cursor-not-allowed disabled:opacity-50"
                    aria-label={`Remove ${item.product.name} from wishlist`}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </AccountSection>
  );
}
