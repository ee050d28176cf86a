import { Suspense, lazy } from 'react';
import { Link, useParams } from 'react-router';
import { Failed, Loading, PageHeader } from '../components/ui/states';
import { CatalogGate } from '../features/catalog/not-allowed';
import { useProduct } from '../features/catalog/queries';
import { useServiceDetails } from '../features/services/queries';

/** The form (react-hook-form and the shared schema) loads after the screen's frame. */
const ServiceEditor = lazy(() => import('../features/services/service-editor'));

export const meta = () => [{ title: 'Service · Shop admin' }];

export default function ServiceRoute() {
  return (
    <CatalogGate>
      <Service />
    </CatalogGate>
  );
}

/** /products/:id/service: what makes the product a service (issue 27), its form and stages. */
function Service() {
  const { id = '' } = useParams();
  const product = useProduct(id);
  const details = useServiceDetails(id);
  const failed = product.isError ? product : details.isError ? details : null;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={product.data ? `${product.data.title}: service` : 'Service'}
        description="The fee, the application form and the stages customers follow."
        action={
          <Link to={`/products/${encodeURIComponent(id)}`} className="btn btn-outline" data-testid="back-to-product">
            Product details
          </Link>
        }
      />
      {failed ? (
        <Failed error={failed.error} retry={() => failed.refetch()} />
      ) : details.data === undefined || !product.data ? (
        <Loading label="Loading the service…" />
      ) : (
        <Suspense fallback={<Loading label="Loading the form…" />}>
          <ServiceEditor key={details.data ? 'service' : 'product'} productId={id} details={details.data} />
        </Suspense>
      )}
    </div>
  );
}
