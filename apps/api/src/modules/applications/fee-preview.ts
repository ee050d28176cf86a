import { money, type CouponOffer, type FeeCouponPreview } from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http.ts';
import { normaliseCouponCode } from '../coupons/service.ts';
import { feeCouponOffers, judgeFeeCoupon } from './fee-coupon.ts';
import { feeOpenFor, readFeeApplication } from './fee-order.ts';

/**
 * A coupon tried on the fee before paying it (ADR 37): the application is read as Pay reads it
 * (without its row lock: nothing is written) and the code judged by the same rules
 * (feeOpenFor, then judgeFeeCoupon), so the preview refuses what Pay would refuse, in the same
 * words (422 at coupon; 409 when the fee cannot be paid now). No use is counted: Pay judges and
 * counts it again in its own transaction, and refuses it then if it stopped applying meanwhile.
 * The unpaid fee order made before with this code answers its own amounts (Pay reuses that order).
 */
export async function previewFeeCoupon(db: Db, applicationId: string, code: string): Promise<FeeCouponPreview> {
  const normalised = normaliseCouponCode(code);
  const { a, fresh, fee } = feeOpenFor(await readFeeApplication(db, applicationId), normalised);
  const m = (minor: number) => money(minor, a.currency);
  if (!fresh) {
    const discount = a.fee_order_discount ?? 0;
    return {
      code: normalised,
      description: '',
      fee: m(fee.feeMinor),
      discount: m(discount),
      total: m(fee.feeMinor - discount),
    };
  }
  const judged = await judgeFeeCoupon(db, normalised, fee);
  return {
    code: judged.code,
    description: judged.description,
    fee: m(fee.feeMinor),
    discount: m(judged.discountMinor),
    total: m(fee.feeMinor - judged.discountMinor),
  };
}

/**
 * The coupons on offer for the application's fee (the cart's visible offers, each judged for the
 * fee as Pay would judge it). None when no coupon can be used on it now: the fee is not awaited,
 * or its payment was started (its order keeps the coupon it was made with, or none).
 */
export async function feeOffers(db: Db, applicationId: string): Promise<CouponOffer[]> {
  try {
    const { fresh, fee } = feeOpenFor(await readFeeApplication(db, applicationId), null);
    return fresh ? await feeCouponOffers(db, fee) : [];
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 409) return [];
    throw err;
  }
}
