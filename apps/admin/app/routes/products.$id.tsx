import { Suspense, lazy } from 'react';
import { useParams } from 'react-router';
import { Failed, Loading, PageHeader } from '../components/ui/states';
import { CatalogGate } from '../features/catalog/not-allowed';
import { useProduct } from '../features/catalog/queries';
import { useChannels } from '../lib/channels';

/** The form (react-hook-form and the variants grid) loads after the screen's frame. */
const ProductEditor = lazy(() => import('../features/catalog/editor'));

export const meta = () => [{ title: 'Product · Shop admin' }];

export default function ProductRoute() {
  return (
    <CatalogGate>
      <Product />
    </CatalogGate>
  );
}

/** /products/new adds a product; /products/:id edits one. */
function Product() {
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const product = useProduct(isNew ? null : id);
  const channels = useChannels();
  const list = channels.data
    ? [channels.data.current, ...channels.data.channels.filter((c) => c.id !== channels.data.current.id)].map((c) => ({
        id: c.id,
        currency: c.currency.code,
      }))
    : null;
  // INR (the default channel) first.
  list?.sort((a, b) => (a.currency === 'INR' ? -1 : b.currency === 'INR' ? 1 : 0));
  const title = isNew ? 'Add product' : (product.data?.title ?? 'Product');
  return (
    <>
      <PageHeader title={title} />
      {channels.isError ? (
        <Failed error={channels.error} retry={() => channels.refetch()} />
      ) : !isNew && product.isError ? (
        <Failed error={product.error} retry={() => product.refetch()} />
      ) : !list || (!isNew && !product.data) ? (
        <Loading label="Loading the product…" />
      ) : (
        <Suspense fallback={<Loading label="Loading the form…" />}>
          <ProductEditor
            // A channel added or removed elsewhere in the panel adds or takes away its price column
            // without a new form (variants-grid.tsx withChannels): unsaved edits stay.
            key={`${id}:${product.data?.version ?? 0}`}
            product={isNew ? undefined : product.data}
            channels={list}
          />
        </Suspense>
      )}
    </>
  );
}
