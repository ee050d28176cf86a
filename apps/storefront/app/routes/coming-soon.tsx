import type { Route } from './+types/coming-soon';
import { ClosedPage, SubscribeForm } from '../features/store-state/closed-page';
import { closedHeaders, closedMeta } from '../features/store-state/meta';
import { specialPageLoader } from '../features/store-state/store-state.server';
import { subscribeAction } from '../features/store-state/subscribe-action.server';
import { rootDataFrom } from '../lib/meta';

/** Spec section 4: the Coming Soon page, 404 unless the shop's mode is Coming Soon. */
export function loader({ context, request }: Route.LoaderArgs) {
  return specialPageLoader(context, request, 'coming-soon');
}

export function action({ context, request }: Route.ActionArgs) {
  return subscribeAction(context, request);
}

export const headers = closedHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return closedMeta(rootDataFrom(matches), 'Coming Soon');
}

export default function ComingSoon({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ClosedPage view={loaderData} eyebrow="Coming soon" title="Something new is on its way">
      <p className="text-center text-pretty text-muted">
        We are putting the finishing touches to {loaderData.storeName}. Leave your e-mail address and we will write
        once, the day we open.
      </p>
      <div className="mt-6">
        <SubscribeForm fallback={actionData} />
      </div>
    </ClosedPage>
  );
}
