import { Link } from 'react-router';
import type { Route } from './+types/track-application.$token';
import { Container } from '../components/container';
import { AlertIcon } from '../components/ui/icons';
import { applicationAction, applicationPageData } from '../features/services/application-page.server';
import { ApplicationView } from '../features/services/application-view';
import { rootDataFrom, shopMeta } from '../lib/meta';

/**
 * An application's tracking page (services mode): the secret link of its confirmation and of
 * every stage message, or the page "Track an application" opens after the number and contact
 * matched. Whoever holds the link follows the application, writes and sends documents, without
 * signing in; any other token is "not found".
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  return applicationPageData(context, params.token);
}

/** Pays the fee, or posts a message on the application's thread. */
export async function action({ request, params, context }: Route.ActionArgs) {
  return applicationAction(request, context, params.token);
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export const handle = { page: { slug: 'track-order' } };

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const title = loaderData?.application ? `Application ${loaderData.application.application_no}` : 'Track application';
  return [
    ...shopMeta(rootDataFrom(matches), { title }),
    { name: 'robots', content: 'noindex' },
    // The token is the key to the application: never pass it on to another site. same-origin,
    // not no-referrer: with no-referrer the pay form posted without JavaScript carries
    // `Origin: null`, which React Router's action check refuses (400), as the sandbox gateway found.
    { name: 'referrer', content: 'same-origin' },
  ];
}

export default function TrackApplication({ loaderData }: Route.ComponentProps) {
  const { application, ref, feeKey, cancelKey, feeOffers, feeOrder } = loaderData;
  return (
    <div className="bg-surface/60 pb-16">
      <Container className="pt-8 md:pt-12">
        {application ? (
          <div className="mx-auto max-w-5xl">
            <h1 className="mb-5 text-2xl font-semibold md:text-3xl">{application.service.name}</h1>
            <ApplicationView
              application={application}
              reference={ref}
              feeKey={feeKey}
              cancelKey={cancelKey}
              feeOffers={feeOffers}
              feeOrder={feeOrder}
            />
          </div>
        ) : (
          <div className="mx-auto flex max-w-md flex-col items-center text-center" data-testid="tracking-not-found">
            <span className="inline-flex size-14 items-center justify-center rounded-full bg-background text-muted">
              <AlertIcon className="size-7" />
            </span>
            <h1 className="mt-5 text-2xl font-semibold">Application not found</h1>
            <p className="mt-2 text-muted">
              This link does not open an application. Find yours with its number and your phone or e-mail.
            </p>
            <Link to="/track-order" className="btn btn-primary mt-6 h-11 px-6">
              Track an application
            </Link>
          </div>
        )}
      </Container>
    </div>
  );
}
