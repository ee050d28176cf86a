import { sql } from 'drizzle-orm';
import { applicationTexts, cartMessages, type CouponOffer } from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { fieldError } from '../../lib/http.ts';
import {
  evaluateCoupon,
  listCouponOffers,
  normaliseCouponCode,
  recordCouponUse,
  type CouponContext,
} from '../coupons/service.ts';

/** A coupon counted on a fee order: what the order records. */
export interface FeeCoupon {
  id: number;
  code: string;
  discountMinor: number;
}

/** The fee a coupon is judged against: the application's, with its service's product row. */
export interface FeeBeingPaid {
  customerId: number | null;
  currency: string;
  /** The service's product row (a coupon limited to products or categories covers it as a product). */
  productId: string | null;
  feeMinor: number;
}

/**
 * The fee as a cart of one line (ADR 37, fourth slice), so a coupon limited to products or
 * categories applies when the service is one of them or in one, in the service's words where the
 * cart's do not fit. Pay, the preview and the offers all judge a coupon on it.
 */
function feeCouponContext(fee: FeeBeingPaid): CouponContext {
  return {
    customerId: fee.customerId,
    currency: fee.currency,
    lines: [{ lineId: 'fee', productId: fee.productId ?? '', lineTotalMinor: fee.feeMinor }],
    subtotalMinor: fee.feeMinor,
    wording: { notApplicable: applicationTexts.couponNotForService, minimum: applicationTexts.couponFeeMinimum },
  };
}

/**
 * What the coupon `code` takes off the fee by the coupon's rules, writing nothing; refusals are
 * 422 at the field `coupon`, in the cart's words where they fit and the service's where they do not.
 */
export async function judgeFeeCoupon(
  db: Db,
  code: string,
  fee: FeeBeingPaid,
): Promise<FeeCoupon & { description: string }> {
  const verdict = await evaluateCoupon(db, code, feeCouponContext(fee));
  if (!verdict.ok) throw fieldError('coupon', verdict.message);
  return { ...verdict.coupon, discountMinor: verdict.discountMinor };
}

/** The visible coupons on offer for the fee, each judged for it (the cart's offers: listCouponOffers). */
export const feeCouponOffers = (db: Db, fee: FeeBeingPaid): Promise<CouponOffer[]> =>
  listCouponOffers(db, feeCouponContext(fee));

/**
 * A coupon on a fee, inside the transaction that writes the fee order `orderId`: judged by
 * judgeFeeCoupon, then its use counted by recordCouponUse's conditional update under the order's
 * id (a retry counts once; past a limit, nothing is written). The coupon's row is held
 * `for key share` first, as place-order holds a cart's coupon, so an owner's edit in flight is
 * waited for.
 */
export async function countFeeCoupon(tx: Db, code: string, fee: FeeBeingPaid, orderId: string): Promise<FeeCoupon> {
  const normalised = normaliseCouponCode(code);
  await queryRows(tx, sql`select id from coupons where code = ${normalised} for key share`);
  const judged = await judgeFeeCoupon(tx, normalised, fee);
  const counted = await recordCouponUse(tx, {
    couponId: judged.id,
    customerId: fee.customerId,
    orderRef: orderId,
  });
  if (!counted) {
    // Taken by others (or by this customer elsewhere) since it was judged: say which, as judged now.
    const now = await evaluateCoupon(tx, normalised, feeCouponContext(fee));
    throw fieldError('coupon', now.ok ? cartMessages.couponUsedUp : now.message);
  }
  return { id: judged.id, code: judged.code, discountMinor: judged.discountMinor };
}
