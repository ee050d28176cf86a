import { Link } from 'react-router';
import { usePlugin } from './installed';

/** The query value that tells the trade-enquiry page which product the enquiry is about. */
export const TRADE_PRODUCT_PARAM = 'product';

/** The demo's trade page (its form section shows the trade-enquiry form). */
const TRADE_ENQUIRY_PAGE = '/trade-enquiry';

/**
 * "Buying for a business?" on product pages (TradeEnquiry plugin): opens the trade-enquiry page
 * with the product, which the enquiry then carries. Nothing when the plugin is not installed.
 */
export function TradeEnquiryLink({ productSlug }: { productSlug: string }) {
  const installed = usePlugin('TradeEnquiry');
  if (!installed) return null;
  return (
    <p className="text-sm text-muted">
      Buying for a shop, studio or hotel?{' '}
      <Link
        to={`${TRADE_ENQUIRY_PAGE}?${TRADE_PRODUCT_PARAM}=${encodeURIComponent(productSlug)}`}
        className="inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-2"
      >
        Ask for trade prices
      </Link>
    </p>
  );
}
