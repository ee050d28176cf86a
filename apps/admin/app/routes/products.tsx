import { useCallback, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { adminExportApi, endpointPath, type AdminProductRow } from '@shopfront/shared';
import { Button } from '../components/ui/button';
import { ExportLink } from '../components/ui/export-link';
import { KeysetList } from '../components/ui/keyset-list';
import { SearchBox } from '../components/ui/search-box';
import { Empty, PageHeader } from '../components/ui/states';
import { CatalogGate } from '../features/catalog/not-allowed';
import {
  STATUS_LABELS,
  STOCK_LABELS,
  readProductFilters,
  toProductsQuery,
  writeProductFilters,
  type ProductFilters,
} from '../features/catalog/filters';
import { priceRange } from '../features/catalog/money';
import { StatusPill, StockState } from '../features/catalog/pills';
import { useProductList } from '../features/catalog/queries';
import { VariantStockPanel, type StockPanelHandle } from '../features/catalog/variant-stock';
import { useLeaveGuard } from '../lib/use-leave-guard';

export const meta = () => [{ title: 'Products · Shop admin' }];

export default function ProductsRoute() {
  return (
    <CatalogGate>
      <Products />
    </CatalogGate>
  );
}

/**
 * The catalogue: search (title or SKU) and filters in the address, newest first, "Load more";
 * each product's price range, stock and status; its variants' stock editable in place.
 */
function Products() {
  const [params, setParams] = useSearchParams();
  const filters = readProductFilters(params);
  const list = useProductList(toProductsQuery(filters));
  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.products) ?? [], [list.data]);
  // Counts typed in any open row and not saved yet: leaving asks first.
  const [unsaved, setUnsaved] = useState<Record<string, number>>({});
  const noteUnsaved = useCallback(
    (id: string, count: number) => setUnsaved((all) => (all[id] === count ? all : { ...all, [id]: count })),
    [],
  );
  const unsavedTotal = Object.values(unsaved).reduce((a, b) => a + b, 0);
  useLeaveGuard(
    unsavedTotal > 0,
    `${unsavedTotal === 1 ? 'A stock count is' : `${unsavedTotal} stock counts are`} not saved yet. Leave and lose ${unsavedTotal === 1 ? 'it' : 'them'}?`,
  );
  const go = (next: ProductFilters) => setParams(writeProductFilters(next));
  const filtered = !!(filters.q || filters.status || filters.stock);

  return (
    <>
      <PageHeader
        title="Products"
        action={
          <div className="grid grid-cols-2 gap-2 sm:flex">
            <Link
              to="/products/low-stock"
              className="btn btn-outline flex-1 px-2 whitespace-nowrap sm:flex-none sm:px-4"
            >
              Low stock
            </Link>
            <Link
              to={`/products/bulk${params.size ? `?${writeProductFilters(filters).toString()}` : ''}`}
              className="btn btn-outline flex-1 px-2 whitespace-nowrap sm:flex-none sm:px-4"
              data-testid="bulk-edit"
            >
              Bulk edit
            </Link>
            <Link
              to="/products/import"
              className="btn btn-outline flex-1 px-2 whitespace-nowrap sm:flex-none sm:px-4"
              data-testid="import-products"
            >
              Import
            </Link>
            <Link
              to="/products/new"
              className="btn btn-primary flex-1 px-2 whitespace-nowrap sm:flex-none sm:px-4"
              data-testid="new-product"
            >
              Add product
            </Link>
          </div>
        }
      />
      <div className="mb-3 flex flex-col gap-2 sm:flex-row">
        <SearchBox
          id="product-search"
          label="Search products"
          placeholder="Title or SKU…"
          value={filters.q}
          onSearch={(typed) => go({ ...filters, q: typed })}
        />
        <div className="grid grid-cols-[1fr_1fr_auto] gap-2 sm:flex">
          <label className="sr-only" htmlFor="product-status">
            Status
          </label>
          <select
            id="product-status"
            className="input"
            value={filters.status}
            onChange={(e) => go({ ...filters, status: e.target.value as ProductFilters['status'] })}
          >
            <option value="">Any status</option>
            {Object.entries(STATUS_LABELS).map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
          <label className="sr-only" htmlFor="product-stock">
            Stock
          </label>
          <select
            id="product-stock"
            className="input"
            value={filters.stock}
            onChange={(e) => go({ ...filters, stock: e.target.value as ProductFilters['stock'] })}
          >
            <option value="">Any stock</option>
            {Object.entries(STOCK_LABELS).map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
          <ExportLink
            href={endpointPath(adminExportApi.products.path, undefined, toProductsQuery(filters))}
            className="px-3"
            testId="products-export"
          />
        </div>
      </div>
      <KeysetList
        list={list}
        count={rows.length}
        loading="Loading products…"
        testId="products-list"
        end="That is every product here."
        empty={
          <Empty title={filtered ? 'No products match' : 'No products yet'}>
            {filtered ? 'Try another search, or clear the filters.' : 'Add your first product to start selling.'}
          </Empty>
        }
      >
        <li className="hidden grid-cols-[1fr_10rem_12rem_6.5rem_9rem] gap-3 bg-stone-50 px-4 py-2 text-xs font-medium text-muted lg:grid">
          <span>Product</span>
          <span>Price</span>
          <span>Stock</span>
          <span>Status</span>
          <span className="sr-only">Stock editor</span>
        </li>
        {rows.map((p) => (
          <ProductRow key={p.id} row={p} onUnsavedChange={noteUnsaved} />
        ))}
      </KeysetList>
    </>
  );
}

/** A card on a phone (the whole title opens it), a table row on a desktop. */
function ProductRow({
  row,
  onUnsavedChange,
}: {
  row: AdminProductRow;
  onUnsavedChange: (productId: string, count: number) => void;
}) {
  const [open, setOpen] = useState(false);
  const panel = useRef<StockPanelHandle>(null);
  const [unsaved, setUnsavedHere] = useState(0);
  const setUnsaved = useCallback(
    (count: number) => {
      setUnsavedHere(count);
      onUnsavedChange(row.id, count);
    },
    [onUnsavedChange, row.id],
  );
  const [closing, setClosing] = useState(false);
  // Closing with counts typed but not saved saves them first; it stays open when one was refused.
  const toggle = async () => {
    if (open && unsaved > 0 && panel.current) {
      setClosing(true);
      const done = await panel.current.saveAll();
      setClosing(false);
      if (!done) return;
    }
    setUnsaved(0);
    setOpen(!open);
  };
  return (
    <li data-testid="product-row">
      <div className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 px-4 py-3 lg:grid-cols-[1fr_10rem_12rem_6.5rem_9rem]">
        <Link
          to={`/products/${encodeURIComponent(row.id)}`}
          className="min-w-0 py-1 lg:col-start-1 lg:row-start-1 lg:py-0"
        >
          <span className="block truncate font-medium hover:underline">{row.title}</span>
          <span className="block truncate text-xs text-muted">
            {row.variant_count} {row.variant_count === 1 ? 'variant' : 'variants'}
            {row.skus[0] ? ` · ${row.skus.slice(0, 2).join(', ')}${row.skus.length > 2 ? '…' : ''}` : ''}
          </span>
        </Link>
        <span className="justify-self-end lg:col-start-5 lg:row-start-1">
          <Button
            variant={open && unsaved > 0 ? 'primary' : 'quiet'}
            onPress={() => void toggle()}
            isDisabled={closing}
            className="whitespace-nowrap"
            aria-expanded={open}
            data-testid="edit-stock"
          >
            {!open ? 'Edit stock' : unsaved > 0 ? (closing ? 'Saving…' : 'Save and close') : 'Done'}
          </Button>
        </span>
        <span className="text-sm tabular-nums lg:col-start-2 lg:row-start-1">
          {priceRange(row.price_min_minor, row.price_max_minor, row.currency)}
        </span>
        <span className="justify-self-end lg:col-start-4 lg:row-start-1 lg:justify-self-start">
          <StatusPill status={row.status} />
        </span>
        <span className="col-span-2 lg:col-span-1 lg:col-start-3 lg:row-start-1">
          <StockState row={row} />
        </span>
      </div>
      {open && (
        <div className="border-t border-line bg-stone-50 px-4 py-3">
          <VariantStockPanel productId={row.id} onDirtyChange={setUnsaved} ref={panel} />
        </div>
      )}
    </li>
  );
}
