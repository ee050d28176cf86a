import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { COUPON_STATUSES, type AdminCouponRow, type CouponStatus } from '@shopfront/shared';
import { KeysetList } from '../components/ui/keyset-list';
import { SearchBox } from '../components/ui/search-box';
import { Empty, PageHeader } from '../components/ui/states';
import { CatalogGate } from '../features/catalog/not-allowed';
import { CouponStatusPill } from '../features/coupons/pills';
import { useCouponList } from '../features/coupons/queries';
import { COUPON_STATUS_LABELS, couponSummary, usesText } from '../features/coupons/summary';

export const meta = () => [{ title: 'Coupons · Shop admin' }];

export default function CouponsRoute() {
  return (
    <CatalogGate>
      <Coupons />
    </CatalogGate>
  );
}

const isStatus = (s: string | null): s is CouponStatus => COUPON_STATUSES.includes(s as CouponStatus);

/** The coupons: search by code and a status filter in the address, newest first, "Load more". */
function Coupons() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : '';
  const list = useCouponList({ ...(q ? { q } : {}), ...(status ? { status } : {}) });
  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.coupons) ?? [], [list.data]);
  const go = (next: { q: string; status: string }) => {
    const p = new URLSearchParams();
    if (next.q.trim()) p.set('q', next.q.trim());
    if (next.status) p.set('status', next.status);
    setParams(p);
  };
  const filtered = !!(q || status);

  return (
    <>
      <PageHeader
        title="Coupons"
        action={
          <Link to="/coupons/new" className="btn btn-primary" data-testid="new-coupon">
            New coupon
          </Link>
        }
      />
      <div className="mb-3 flex flex-col gap-2 sm:flex-row">
        <SearchBox
          id="coupon-search"
          label="Search coupons"
          placeholder="Code…"
          autoCapitalize="characters"
          value={q}
          onSearch={(typed) => go({ q: typed, status })}
        />
        <label className="sr-only" htmlFor="coupon-status">
          Status
        </label>
        <select
          id="coupon-status"
          className="input sm:w-48"
          value={status}
          onChange={(e) => go({ q, status: e.target.value })}
        >
          <option value="">Any status</option>
          {COUPON_STATUSES.map((s) => (
            <option key={s} value={s}>
              {COUPON_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <KeysetList
        list={list}
        count={rows.length}
        loading="Loading coupons…"
        testId="coupons-list"
        end="That is every coupon here."
        empty={
          <Empty title={filtered ? 'No coupons match' : 'No coupons yet'}>
            {filtered ? 'Try another code, or clear the filter.' : 'Make a code shoppers can type in the cart.'}
          </Empty>
        }
      >
        <li className="hidden grid-cols-[12rem_1fr_7rem_6rem] gap-3 bg-stone-50 px-4 py-2 text-xs font-medium text-muted lg:grid">
          <span>Code</span>
          <span>What it does</span>
          <span>Uses</span>
          <span>Status</span>
        </li>
        {rows.map((c) => (
          <CouponRow key={c.id} row={c} />
        ))}
      </KeysetList>
    </>
  );
}

/** A card on a phone (the whole row opens it), a table row on a desktop. */
function CouponRow({ row }: { row: AdminCouponRow }) {
  return (
    <li data-testid="coupon-row">
      <Link
        to={`/coupons/${row.id}`}
        className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 px-4 py-3 hover:bg-stone-50 lg:grid-cols-[12rem_1fr_7rem_6rem]"
      >
        <span className="min-w-0 truncate font-mono font-semibold tracking-wide lg:col-start-1 lg:row-start-1">
          {row.code}
        </span>
        <span className="justify-self-end lg:col-start-4 lg:row-start-1 lg:justify-self-start">
          <CouponStatusPill status={row.status} />
        </span>
        <span className="col-span-2 text-sm text-muted lg:col-span-1 lg:col-start-2 lg:row-start-1">
          {couponSummary(row)}
        </span>
        <span
          className="col-span-2 text-sm tabular-nums lg:col-span-1 lg:col-start-3 lg:row-start-1"
          data-testid="coupon-row-uses"
        >
          {usesText(row.used_count, row.usage_limit)}
        </span>
      </Link>
    </li>
  );
}
