import { Link, useFetcher } from 'react-router';
import type { CartItem } from '@shopfront/shared';
import { ResponsiveImage } from '../../components/responsive-image';
import { AlertIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/spinner';
import { ScriptFlag } from './script-flag';
import { CART_ACTION, lineFix, stepperBounds, variantText, type CartActionData } from './cart-view';

function LineFields({ line }: { line: CartItem }) {
  return (
    <>
      <input type="hidden" name="product_id" value={line.product_id} />
      <input type="hidden" name="item_id" value={line.id} />
      <ScriptFlag />
    </>
  );
}

const stepButton =
  'inline-flex size-11 shrink-0 items-center justify-center text-lg leading-none text-ink hover:bg-ink/5 disabled:cursor-not-allowed disabled:text-ink/30 disabled:hover:bg-transparent';

/**
 * One cart line (the /cart page and the drawer): image, name, variant, customisation, unit price
 * and MRP, the quantity stepper and Remove, and what is wrong with it (a changed price, not
 * enough stock) with the change that fixes it. Every button is a form posting to /cart, so it
 * works without JavaScript; with it, the line's own fetcher sends it and the stepper shows the
 * new quantity at once (the server's answer then replaces it).
 */
export function CartLine({
  line,
  pendingQuantity,
  maxLineQuantity,
  highlighted = false,
  compact = false,
}: {
  line: CartItem;
  /** The quantity asked for and not yet confirmed (0: being removed). */
  pendingQuantity: number | undefined;
  maxLineQuantity: number;
  /** Just added: highlighted for 2 seconds (the item-added flag). */
  highlighted?: boolean;
  /** The drawer's smaller layout. */
  compact?: boolean;
}) {
  const fetcher = useFetcher<CartActionData>({ key: `cart-line-${line.id}` });
  const busy = fetcher.state !== 'idle';
  const quantity = pendingQuantity ?? line.quantity;
  const removing = pendingQuantity === 0;
  const shown = { ...line, quantity };
  const { canDecrease, canIncrease, limit } = stepperBounds(shown, maxLineQuantity);
  const fix = lineFix(line);
  const failed = fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  const variant = variantText(line);
  const custom = line.additonal_data;
  const name = line.product.name;
  const image = line.product.image;
  const imgBox = compact ? 'size-20' : 'size-24 md:size-28';

  return (
    <li
      data-cart-line={line.id}
      data-product-id={line.product_id}
      data-added={highlighted ? 'true' : 'false'}
      aria-busy={busy || undefined}
      className="py-1"
    >
      <div
        className={`relative flex gap-4 rounded-2xl transition-[background-color,box-shadow,opacity] duration-500 ${
          compact ? 'p-3' : 'p-3 md:p-4'
        } ${highlighted ? 'bg-primary/[0.07] ring-2 ring-primary/40' : 'ring-0'} ${removing ? 'opacity-50' : ''}`}
      >
        <Link to={line.product.url} className={`${imgBox} shrink-0 overflow-hidden rounded-xl bg-surface`}>
          {image ? (
            <ResponsiveImage
              src={image.url}
              alt={image.alt || name}
              width={400}
              height={400}
              sizes={{ base: compact ? '80px' : '112px' }}
              fallbackWidth={320}
              className="size-full object-cover"
            />
          ) : (
            <span className="sr-only">{name}</span>
          )}
        </Link>
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              {line.product.brand && !compact && (
                <p className="text-[11px] font-semibold tracking-[0.14em] text-muted uppercase">{line.product.brand}</p>
              )}
              <Link
                to={line.product.url}
                className={`block font-semibold text-ink hover:underline ${compact ? 'text-sm leading-snug' : 'leading-snug'}`}
              >
                {name}
              </Link>
              {variant && (
                <p className="mt-0.5 text-sm text-muted" data-testid="line-variant">
                  {variant}
                </p>
              )}
            </div>
            <p className="shrink-0 text-right font-semibold text-ink" data-testid="line-total">
              {busy && pendingQuantity !== undefined ? (
                <Spinner className="ml-auto size-4 text-muted" />
              ) : (
                line.line_total.formatted
              )}
            </p>
          </div>

          <p className="mt-1 flex flex-wrap items-baseline gap-x-2 text-sm">
            <span className="text-ink">{line.unit_price.formatted}</span>
            {line.mrp && line.mrp.amount > line.unit_price.amount && (
              <>
                <span className="sr-only">MRP</span>
                <s className="text-muted">{line.mrp.formatted}</s>
              </>
            )}
            <span className="text-muted">each</span>
          </p>

          {custom && (custom.custom_text || custom.image_path) && (
            <div className="mt-2 flex items-center gap-2 rounded-lg bg-surface px-2.5 py-1.5 text-sm">
              {custom.image_path && (
                <img src={custom.image_path} alt="Your image" className="size-8 shrink-0 rounded object-cover" />
              )}
              {custom.custom_text && (
                <span className="min-w-0 break-words">
                  <span className="text-muted">Personalised: </span>“{custom.custom_text}”
                </span>
              )}
            </div>
          )}

          {line.price_changed && line.previous_unit_price && (
            <p className="mt-2 text-sm font-medium text-secondary-hover" data-line-warning="price">
              Price changed from {line.previous_unit_price.formatted} to {line.unit_price.formatted}
            </p>
          )}

          {fix && (
            <div
              className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1.5 rounded-lg bg-red-50 px-2.5 py-2 text-sm text-red-800"
              data-line-warning="stock"
            >
              <AlertIcon className="size-4 shrink-0" />
              <span className="font-medium">
                {line.max_quantity > 0 ? `Only ${line.max_quantity} left in stock` : 'Out of stock'}
              </span>
              <fetcher.Form method="post" action={CART_ACTION} className="contents">
                <LineFields line={line} />
                {fix.kind === 'reduce' ? (
                  <>
                    <input type="hidden" name="intent" value="update-qty" />
                    <button
                      type="submit"
                      name="quantity"
                      value={fix.quantity}
                      disabled={busy}
                      className="font-semibold underline underline-offset-2 hover:no-underline"
                    >
                      Reduce to {fix.quantity}
                    </button>
                  </>
                ) : (
                  <>
                    <input type="hidden" name="intent" value="remove" />
                    <button
                      type="submit"
                      disabled={busy}
                      className="font-semibold underline underline-offset-2 hover:no-underline"
                    >
                      Remove it
                    </button>
                  </>
                )}
              </fetcher.Form>
            </div>
          )}

          {/* Wraps Remove under the stepper where both do not fit (320 px): never squeezes a 44 px button. */}
          <div className={`flex flex-wrap items-center justify-between gap-x-3 gap-y-1 ${compact ? 'mt-2' : 'mt-3'}`}>
            <fetcher.Form
              method="post"
              action={CART_ACTION}
              className="inline-flex shrink-0 items-center overflow-hidden rounded-full border border-ink/15"
              aria-label={`Quantity of ${name}`}
            >
              <LineFields line={line} />
              <input type="hidden" name="intent" value="update-qty" />
              <button
                type="submit"
                name="quantity"
                value={quantity - 1}
                disabled={!canDecrease || removing}
                className={stepButton}
                aria-label={`Decrease quantity of ${name}`}
              >
                −
              </button>
              <output
                className="min-w-8 text-center text-sm font-semibold tabular-nums"
                aria-live="polite"
                aria-label={`Quantity of ${name}`}
                data-testid="line-quantity"
              >
                {quantity}
              </output>
              <button
                type="submit"
                name="quantity"
                value={quantity + 1}
                disabled={!canIncrease || removing}
                className={stepButton}
                aria-label={`Increase quantity of ${name}`}
              >
                +
              </button>
            </fetcher.Form>
            <fetcher.Form method="post" action={CART_ACTION}>
              <LineFields line={line} />
              <input type="hidden" name="intent" value="remove" />
              <button
                type="submit"
                disabled={removing}
                className="inline-flex h-11 min-w-11 items-center justify-center rounded-full px-3 text-sm font-medium text-muted hover:bg-ink/5 hover:text-ink disabled:opacity-50"
                aria-label={`Remove ${name} from cart`}
              >
                Remove
              </button>
            </fetcher.Form>
          </div>

          {limit && !removing && (
            <p className="mt-1 text-xs text-muted" data-testid="line-limit">
              {limit}
            </p>
          )}

          {failed && (
            <p role="alert" className="mt-2 text-sm font-medium text-red-700" data-line-error>
              {Object.values(failed.errors)[0]?.[0] ?? failed.message}
            </p>
          )}
        </div>
      </div>
    </li>
  );
}
