import { Suspense, lazy } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { AdminCoupon } from '@shopfront/shared';
import { Button } from '../components/ui/button';
import { Failed, Loading, PageHeader } from '../components/ui/states';
import { CatalogGate } from '../features/catalog/not-allowed';
import { useChannels } from '../lib/channels';
import { CouponStatusPill } from '../features/coupons/pills';
import { useCoupon, useCouponAction } from '../features/coupons/queries';
import { usesText } from '../features/coupons/summary';
import { CouponUses } from '../features/coupons/uses';

/** The form (react-hook-form) loads after the screen's frame. */
const CouponEditor = lazy(() => import('../features/coupons/editor'));

export const meta = () => [{ title: 'Coupon · Shop admin' }];

export default function CouponRoute() {
  return (
    <CatalogGate>
      <Coupon />
    </CatalogGate>
  );
}

/** /coupons/new adds a coupon; /coupons/:id edits one, with its uses and the orders that used it. */
function Coupon() {
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const numeric = /^\d{1,9}$/.test(id) ? Number(id) : null;
  const coupon = useCoupon(isNew ? null : (numeric ?? -1));
  const channels = useChannels();
  const currency = coupon.data?.currency ?? channels.data?.current.currency.code ?? 'INR';
  // One column: the heading lines up with the form under it (both max-w-3xl, centred).
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={isNew ? 'New coupon' : (coupon.data?.code ?? 'Coupon')}
        action={coupon.data && <CouponActions coupon={coupon.data} />}
      />
      {!isNew && coupon.isError ? (
        <Failed error={coupon.error} retry={() => coupon.refetch()} />
      ) : !isNew && !coupon.data ? (
        <Loading label="Loading the coupon…" />
      ) : (
        <>
          {/* The uses first: what an owner opens a running coupon for; a few at a time. */}
          {coupon.data && <CouponUses id={coupon.data.id} used={coupon.data.used_count} />}
          <Suspense fallback={<Loading label="Loading the form…" />}>
            <CouponEditor key={`${id}:${coupon.data?.version ?? 0}`} coupon={coupon.data} currency={currency} />
          </Suspense>
        </>
      )}
    </div>
  );
}

/** Status and uses; disable or enable; delete while no order used it. */
function CouponActions({ coupon }: { coupon: AdminCoupon }) {
  const navigate = useNavigate();
  const action = useCouponAction(coupon, () => navigate('/coupons', { replace: true }));
  return (
    <div className="flex flex-wrap items-center gap-2">
      <CouponStatusPill status={coupon.status} />
      <span className="text-sm text-muted tabular-nums" data-testid="coupon-uses-count">
        {usesText(coupon.used_count, coupon.usage_limit)}
      </span>
      <span className="flex w-full gap-2 sm:ml-2 sm:w-auto">
        <Button
          className="flex-1 sm:flex-none"
          isDisabled={action.isPending}
          onPress={() => action.mutate(coupon.is_active ? 'disable' : 'enable')}
          data-testid="toggle-coupon"
        >
          {coupon.is_active ? 'Disable' : 'Enable'}
        </Button>
        {coupon.used_count === 0 && (
          <Button
            variant="danger"
            className="flex-1 sm:flex-none"
            isDisabled={action.isPending}
            onPress={() => {
              if (window.confirm(`Delete the coupon ${coupon.code}? This cannot be undone.`)) action.mutate('delete');
            }}
            data-testid="delete-coupon"
          >
            Delete
          </Button>
        )}
      </span>
    </div>
  );
}
