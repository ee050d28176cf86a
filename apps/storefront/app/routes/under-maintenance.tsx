import type { Route } from './+types/under-maintenance';
import { ClosedPage, SubscribeForm } from '../features/store-state/closed-page';
import { closedHeaders, closedMeta } from '../features/store-state/meta';
import { specialPageLoader } from '../features/store-state/store-state.server';
import { subscribeAction } from '../features/store-state/subscribe-action.server';
import { rootDataFrom } from '../lib/meta';

/** Spec section 4: the Under Maintenance page (HTTP 503 with Retry-After), 404 unless that is the mode. */
export function loader({ context, request }: Route.LoaderArgs) {
  return specialPageLoader(context, request, 'maintenance');
}

export function action({ context, request }: Route.ActionArgs) {
  return subscribeAction(context, request);
}

export const headers = closedHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return closedMeta(rootDataFrom(matches), 'Under Maintenance');
}

export default function UnderMaintenance({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ClosedPage view={loaderData} eyebrow="Under maintenance" title="We’ll be back shortly">
      <p className="text-center text-pretty text-muted">
        {loaderData.storeName} is closed for a little maintenance. Leave your e-mail address and we will let you know as
        soon as we are open again.
      </p>
      <div className="mt-6">
        <SubscribeForm fallback={actionData} />
      </div>
    </ClosedPage>
  );
}
