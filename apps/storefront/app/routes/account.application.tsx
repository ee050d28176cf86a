import { Link } from 'react-router';
import type { Route } from './+types/account.application';
import { AccountSection } from '../features/account/section';
import { applicationAction, applicationPageData } from '../features/services/application-page.server';
import { ApplicationView } from '../features/services/application-view';
import { rootDataFrom, shopMeta } from '../lib/meta';

/**
 * One of the signed-in customer's applications (`/account/applications/{id or number}`): its
 * stages, requests, thread, answers and documents. Someone else's is simply not found.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  return applicationPageData(context, params.ref ?? '');
}

/** Pays the fee, or posts a message on the application's thread. */
export async function action({ request, params, context }: Route.ActionArgs) {
  return applicationAction(request, context, params.ref ?? '');
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const title = loaderData?.application ? `Application ${loaderData.application.application_no}` : 'Application';
  return [...shopMeta(rootDataFrom(matches), { title }), { name: 'robots', content: 'noindex' }];
}

export default function AccountApplication({ loaderData }: Route.ComponentProps) {
  const { application, ref, feeKey, cancelKey, feeOffers, feeOrder } = loaderData;
  return (
    <AccountSection title={application ? application.service.name : 'Application not found'}>
      <Link
        to="/account/applications"
        className="-mt-3 inline-flex min-h-11 items-center text-sm font-medium text-muted hover:text-ink"
      >
        ← All your applications
      </Link>
      {application ? (
        <ApplicationView
          application={application}
          reference={ref}
          feeKey={feeKey}
          cancelKey={cancelKey}
          feeOffers={feeOffers}
          feeOrder={feeOrder}
        />
      ) : (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          We could not find that application.
        </p>
      )}
    </AccountSection>
  );
}
