import type { CouponOffer } from '@shopfront/shared';

/** A coupon on offer as the cart and a service fee's pay screen list it: its code, what it gives, why it does not apply. */
export function CouponOfferText({ offer }: { offer: CouponOffer }) {
  return (
    <div className="min-w-0 text-sm">
      <p className="font-mono font-semibold">{offer.code}</p>
      {offer.description && <p className="mt-0.5 text-ink/80">{offer.description}</p>}
      {!offer.applicable && offer.reason && <p className="mt-1 text-xs text-muted">{offer.reason}</p>}
    </div>
  );
}
