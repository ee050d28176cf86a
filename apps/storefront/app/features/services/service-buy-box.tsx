import { Link } from 'react-router';
import type { Money, ServiceDetails } from '@shopfront/shared';
import { ArrowRightIcon } from '../../components/ui/icons';
import { WishlistButton } from '../wishlist/wishlist-button';
import { applyLabel, applyPath, feeText, turnaroundText } from './fee-text';

/**
 * A service's fee, turnaround and its Apply (or Request a quote) button: what the product page
 * shows in services mode in place of price, stock, variants and Add to cart. On a phone the
 * button stays pinned at the bottom of the screen (`.buy-bar`), as Add to cart does for a product.
 */
export function ServiceBuyBox({
  service,
  price,
  product,
}: {
  service: ServiceDetails;
  price: Money;
  product: { id: string; name: string; slug: string };
}) {
  const turnaround = turnaroundText(service.turnaround_days);
  return (
    // On a phone its parts join the page's column (contents), so the pinned button's box starts at the gallery.
    <div className="mt-5 space-y-5 max-md:contents" data-testid="service-buy-box">
      <div className="max-md:mt-5">
        <p className="text-2xl font-semibold tracking-tight text-ink md:text-[28px]" data-testid="service-fee">
          <span className="sr-only">Fee: </span>
          {feeText(service.fee_kind, price)}
        </p>
        <p className="mt-1 text-xs text-muted">
          {service.fee_kind === 'quote'
            ? 'Tell us what you need: we reply with the fee before any work starts'
            : service.fee_kind === 'from'
              ? 'The final fee depends on your case; inclusive of all taxes'
              : 'Inclusive of all taxes'}
        </p>
      </div>
      {turnaround && (
        <p className="text-sm max-md:mt-4">
          <span className="font-medium">Turnaround:</span> <span data-testid="service-turnaround">{turnaround}</span>
        </p>
      )}
      <div className="buy-bar flex gap-2.5 max-md:mt-5">
        <Link to={applyPath(product.slug)} className="btn btn-primary h-12 flex-1 gap-2 text-base">
          {applyLabel(service.fee_kind)}
          <ArrowRightIcon className="size-5" />
        </Link>
        <WishlistButton productId={product.id} productName={product.name} look="panel" />
      </div>
    </div>
  );
}
