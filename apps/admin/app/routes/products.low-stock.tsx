import { Link } from 'react-router';
import { Empty, Failed, Loading, PageHeader } from '../components/ui/states';
import { CatalogGate } from '../features/catalog/not-allowed';
import { useLowStock } from '../features/catalog/queries';
import { StockInput } from '../features/catalog/stock-input';

export const meta = () => [{ title: 'Low stock · Shop admin' }];

export default function LowStockRoute() {
  return (
    <CatalogGate>
      <LowStock />
    </CatalogGate>
  );
}

/** Variants at or under the shop's threshold, emptiest first, each restockable in place. */
function LowStock() {
  const q = useLowStock();
  return (
    <>
      <PageHeader
        title="Low stock"
        description={q.data ? `Variants with ${q.data.low_stock_threshold} or fewer units, emptiest first.` : undefined}
        action={
          <Link to="/products" className="btn btn-outline">
            All products
          </Link>
        }
      />
      {q.isPending ? (
        <Loading label="Loading low stock…" />
      ) : q.isError ? (
        <Failed error={q.error} retry={() => q.refetch()} />
      ) : q.data.variants.length === 0 ? (
        <Empty title="Nothing is running low">Every variant has more than the threshold in stock.</Empty>
      ) : (
        <ul className="card divide-y divide-line" data-testid="low-stock-list">
          {q.data.variants.map((v) => (
            <li key={v.variant_id} className="px-4 py-3">
              <Link to={`/products/${encodeURIComponent(v.product_id)}`} className="text-sm text-brand hover:underline">
                {v.product_title}
              </Link>
              <div className="mt-1">
                <StockInput variant={{ id: v.variant_id, sku: v.sku, title: v.variant_title, stock: v.stock }} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
