import type { CouponStatus } from '@shopfront/shared';
import { COUPON_STATUS_LABELS } from './summary';

const TONE: Record<CouponStatus, string> = {
  active: 'bg-emerald-50 text-emerald-800',
  scheduled: 'bg-sky-50 text-sky-800',
  expired: 'bg-stone-200 text-stone-600',
  used_up: 'bg-amber-50 text-amber-800',
  disabled: 'bg-red-50 text-red-800',
};

export function CouponStatusPill({ status }: { status: CouponStatus }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${TONE[status]}`}
      data-testid="coupon-status"
    >
      {COUPON_STATUS_LABELS[status]}
    </span>
  );
}
