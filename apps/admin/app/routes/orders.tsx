import { Suspense, lazy, useCallback, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../components/ui/button';
import { KeysetList } from '../components/ui/keyset-list';
import { SearchBox } from '../components/ui/search-box';
import { Empty } from '../components/ui/states';
import { filterCount, readFilters, writeFilters, type InboxFilters } from '../features/orders/filters';
import { OrderCard } from '../features/orders/order-card';
import { useOrderList } from '../features/orders/list-query';
import { TABS, TAB_EMPTY, TAB_LABELS, firstTabOf } from '../features/orders/tabs';
import { useMe } from '../features/auth/me';
import { roleMayRead } from '../lib/nav';
import { useStoreMode } from '../lib/store-mode';
import { useListKeys } from '../lib/use-list-keys';
import { usePendingSearchParams } from '../lib/use-pending-params';

export const meta = () => [{ title: 'Orders · Shop admin' }];

/*
 * The bulk bar and the filters sheet (react-aria's Modal and Select, the bulk calls) load when
 * first wanted, not with the list: the inbox's first load stays within the 150 kB budget.
 */
const BulkBar = lazy(() => import('../features/orders/bulk-bar').then((m) => ({ default: m.BulkBar })));
const FiltersSheet = lazy(() => import('../features/orders/filters-sheet').then((m) => ({ default: m.FiltersSheet })));
const ExportSheet = lazy(() => import('../features/orders/export-sheet').then((m) => ({ default: m.ExportSheet })));

/**
 * The orders inbox: tabs with counts, search and filters in the address, newest first, a page
 * at a time ("Load more"); j/k and Enter; select orders for the bulk actions.
 */
export default function Orders() {
  const [params, setParams] = usePendingSearchParams();
  const me = useMe().data;
  const filters = readFilters(params, firstTabOf(me?.role));
  const navigate = useNavigate();
  const list = useOrderList(filters);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [exportOpen, setExportOpen] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const services = useStoreMode() === 'services' || filters.kind !== '';

  const go = (next: InboxFilters) => {
    setSelected([]);
    setParams(writeFilters(next));
  };
  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.orders) ?? [], [list.data]);
  const counts = list.data?.pages[0]?.counts;
  const open = useCallback(
    (i: number) => rows[i] && navigate(`/orders/${encodeURIComponent(rows[i].id)}`),
    [rows, navigate],
  );
  const [current] = useListKeys(rows.length, open);
  const nFilters = filterCount(filters);
  const tabbed = filters.status.length === 0;

  return (
    <>
      {/* The title and, beside it on a phone too (a row saved above the list), the export. */}
      <div className="mb-5 flex items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Orders</h1>
        {/* The export holds every buyer's contact details: owners and managers (the customers area). */}
        {me && roleMayRead(me.role, 'customers') && (
          <Button onPress={() => setExportOpen(true)} data-testid="orders-export-open">
            Export CSV
          </Button>
        )}
      </div>
      <nav aria-label="Order tabs" className="-mx-4 mb-3 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <ul className="flex gap-2 pb-1">
          {TABS.map((t) => {
            const active = tabbed && filters.tab === t;
            return (
              <li key={t}>
                <Link
                  to={`?${writeFilters({ ...filters, tab: t, status: [] }).toString()}`}
                  aria-current={active ? 'page' : undefined}
                  onClick={() => setSelected([])}
                  data-testid={`tab-${t}`}
                  className={`flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm font-medium whitespace-nowrap ${active ? 'border-brand bg-brand text-white' : 'border-line bg-white text-ink hover:border-stone-400'}`}
                >
                  {TAB_LABELS[t]}
                  {counts && (
                    <span
                      className={`rounded-full px-1.5 text-xs tabular-nums ${active ? 'bg-white/20' : 'bg-stone-100 text-muted'}`}
                    >
                      {counts[t]}
                    </span>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {/* A services shop's orders are mostly its applications' fees (ADR 37): they can be seen alone. */}
      {services && (
        <ul className="mb-3 flex gap-2" aria-label="Which orders">
          {(
            [
              ['', 'All orders'],
              ['service_fee', 'Service fees'],
            ] as const
          ).map(([kind, label]) => (
            <li key={label}>
              <Link
                to={`?${writeFilters({ ...filters, kind }).toString()}`}
                aria-current={filters.kind === kind ? 'true' : undefined}
                onClick={() => setSelected([])}
                data-testid={`kind-${kind || 'all'}`}
                className={`flex min-h-11 items-center rounded-full border px-4 text-sm whitespace-nowrap ${filters.kind === kind ? 'border-ink bg-stone-100 font-medium' : 'border-line bg-white text-muted hover:border-stone-400'}`}
              >
                {label}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className="mb-3 flex gap-2">
        <SearchBox
          id="order-search"
          label="Search orders"
          placeholder="Order no., phone, name…"
          value={filters.q}
          onSearch={(typed) => go({ ...filters, q: typed.trim() })}
        />
        <Button onPress={() => setFiltersOpen(true)} aria-label={`Filters${nFilters ? ` (${nFilters} on)` : ''}`}>
          Filters{nFilters > 0 && <span className="rounded-full bg-brand px-1.5 text-xs text-white">{nFilters}</span>}
        </Button>
      </div>
      {!tabbed && (
        <p className="mb-3 text-sm text-muted">
          Showing the orders of the statuses you filtered by, whatever their tab.
        </p>
      )}
      <KeysetList
        list={list}
        count={rows.length}
        loading="Loading orders…"
        testId="orders-list"
        end="That is every order here."
        empty={
          <Empty title={filters.q || nFilters || filters.kind ? 'No orders match' : 'Nothing here'}>
            {filters.q || nFilters || filters.kind
              ? 'Try another search, or clear the filters.'
              : TAB_EMPTY[filters.tab]}
          </Empty>
        }
      >
        {rows.map((o, i) => (
          <OrderCard
            key={o.id}
            order={o}
            index={i}
            current={current === i}
            selected={selected.includes(o.id)}
            onSelect={(on) => setSelected((s) => (on ? [...s, o.id] : s.filter((x) => x !== o.id)))}
          />
        ))}
      </KeysetList>
      <Suspense fallback={null}>
        {selected.length > 0 && <BulkBar ids={selected} onDone={() => setSelected([])} />}
        {exportOpen && (
          <ExportSheet filters={filters} tabChosen={params.has('tab')} isOpen onClose={() => setExportOpen(false)} />
        )}
        {filtersOpen && (
          <FiltersSheet
            filters={filters}
            isOpen
            onClose={() => setFiltersOpen(false)}
            onApply={(f) => {
              setFiltersOpen(false);
              go(f);
            }}
          />
        )}
      </Suspense>
    </>
  );
}
