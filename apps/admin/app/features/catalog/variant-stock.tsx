import { Failed, Loading } from '../../components/ui/states';
import { useProduct } from './queries';
import { StockInput } from './stock-input';

/** A product's variants with their stock editable in place (opened from a list row). */
export function VariantStockPanel({ productId }: { productId: string }) {
  const product = useProduct(productId);
  if (product.isPending) return <Loading label="Loading variants…" />;
  if (product.isError) return <Failed error={product.error} retry={() => product.refetch()} />;
  return (
    <ul className="max-w-lg space-y-3" data-testid="variant-stock">
      {product.data.variants.map((v) => (
        <li key={v.id}>
          <StockInput variant={v} />
        </li>
      ))}
    </ul>
  );
}
