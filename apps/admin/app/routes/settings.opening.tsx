import { Suspense, lazy } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { AreaGate } from '../components/ui/area-gate';
import { Failed, Loading, PageHeader } from '../components/ui/states';
import { storefrontQuery } from '../features/settings/storefront-query';

/** The form loads beside the storefront settings (ADR 0034). */
const OpeningForm = lazy(() => import('../features/settings/opening-form'));

export const meta = () => [{ title: 'Opening and store password · Shop admin' }];

export default function OpeningRoute() {
  return (
    <AreaGate area="settings" what="Store settings">
      <Opening />
    </AreaGate>
  );
}

/** Open, Coming Soon or Under Maintenance, and the store password (issue 28: store modes on a screen). */
function Opening() {
  const q = useQuery(storefrontQuery);
  return (
    <div className="mx-auto max-w-2xl">
      <Link to="/settings" className="mb-2 inline-flex min-h-11 items-center text-sm font-medium text-muted">
        ‹ Settings
      </Link>
      <PageHeader
        title="Opening and store password"
        description="Whether shoppers can buy now, and who may see the shop."
      />
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <Failed error={q.error} retry={() => void q.refetch()} />
      ) : (
        <Suspense fallback={<Loading label="Loading the form…" />}>
          <OpeningForm saved={q.data} />
        </Suspense>
      )}
    </div>
  );
}
