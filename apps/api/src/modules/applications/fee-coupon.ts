import { sql } from 'drizzle-orm';
import { applicationTexts, cartMessages } from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { fieldError } from '../../lib/http.ts';
import { evaluateCoupon, normaliseCouponCode, recordCouponUse, type CouponContext } from '../coupons/service.ts';

/** A coupon counted on a fee order: what the order records. */
export interface FeeCoupon {
  id: number;
  code: string;
  discountMinor: number;
}

interface FeeBeingPaid {
  customerId: number | null;
  currency: string;
  /** The service's product row (a coupon limited to products or categories covers it as a product). */
  productId: string | null;
  feeMinor: number;
}

/**
 * A coupon on a fee (ADR 37, fourth slice), inside the transaction that writes the fee order
 * `orderId`: judged by the coupon's rules with the fee as the one line of a cart (so a coupon
 * limited to products or categories applies when the service is one of them or in one), then its
 * use counted by recordCouponUse's conditional update under the order's id (a retry counts
 * once; past a limit, nothing is written). The coupon's row is held `for key share` first, as
 * place-order holds a cart's coupon, so an owner's edit in flight is waited for. Refusals are 422
 * at the field `coupon`, in the cart's words where they fit and the service's where they do not.
 */
export async function countFeeCoupon(tx: Db, code: string, fee: FeeBeingPaid, orderId: string): Promise<FeeCoupon> {
  const normalised = normaliseCouponCode(code);
  await queryRows(tx, sql`select id from coupons where code = ${normalised} for key share`);
  const ctx: CouponContext = {
    customerId: fee.customerId,
    currency: fee.currency,
    lines: [{ lineId: 'fee', productId: fee.productId ?? '', lineTotalMinor: fee.feeMinor }],
    subtotalMinor: fee.feeMinor,
    wording: { notApplicable: applicationTexts.couponNotForService, minimum: applicationTexts.couponFeeMinimum },
  };
  const verdict = await evaluateCoupon(tx, normalised, ctx);
  if (!verdict.ok) throw fieldError('coupon', verdict.message);
  const counted = await recordCouponUse(tx, {
    couponId: verdict.coupon.id,
    customerId: fee.customerId,
    orderRef: orderId,
  });
  if (!counted) {
    // Taken by others (or by this customer elsewhere) since it was judged: say which, as judged now.
    const now = await evaluateCoupon(tx, normalised, ctx);
    throw fieldError('coupon', now.ok ? cartMessages.couponUsedUp : now.message);
  }
  return { id: verdict.coupon.id, code: verdict.coupon.code, discountMinor: verdict.discountMinor };
}
