import { Link, data } from 'react-router';
import { GuestTrackLink } from '../features/account/guest-track-link';
import { applicationsApi, callEndpoint, type ApplicationRow } from '@shopfront/shared';
import type { Route } from './+types/account.applications';
import { LocalTime } from '../components/local-time';
import { BagIcon } from '../components/ui/icons';
import { AccountSection } from '../features/account/section';
import { StageBadge } from '../features/services/application-view';
import { apiTransport, isUnauthenticated } from '../lib/api.server';
import { errorResponse, logFailure } from '../lib/errors';
import { rootDataFrom, shopMeta } from '../lib/meta';

const TITLE = 'My Applications';

/**
 * My Applications (services mode): the signed-in customer's applications, newest first
 * (GET /api/applications). A guest gets nothing here: the account layout shows the login gate.
 */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    const { data: list } = await callEndpoint(apiTransport(context), applicationsApi.mine);
    return data({ applications: list.applications }, { headers: { 'Cache-Control': 'private, no-store' } });
  } catch (err) {
    if (isUnauthenticated(err)) return { applications: null };
    logFailure('applications lookup failed', err);
    throw errorResponse({ kind: 'server-error' });
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return [...shopMeta(rootDataFrom(matches), { title: TITLE }), { name: 'robots', content: 'noindex' }];
}

function ApplicationCard({ row }: { row: ApplicationRow }) {
  return (
    <li>
      <article
        aria-labelledby={`application-${row.id}`}
        className="relative rounded-2xl border border-ink/10 bg-background p-4 hover:border-ink/25 md:p-6"
        data-application={row.application_no}
      >
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <h2 id={`application-${row.id}`} className="font-mono text-base font-semibold">
            <Link
              to={`/account/applications/${encodeURIComponent(row.id)}`}
              className="after:absolute after:inset-0 after:rounded-2xl hover:underline"
            >
              {row.application_no}
            </Link>
          </h2>
          <StageBadge stage={row.stage} label={row.stage_label} />
        </div>
        <p className="mt-1 font-medium">{row.service_name}</p>
        <p className="mt-0.5 text-sm text-muted">
          Applied <LocalTime iso={row.created_at} dateOnly />
          {row.next_due_at && (
            <>
              {' '}
              · next step expected by <LocalTime iso={row.next_due_at} dateOnly />
            </>
          )}
        </p>
        {row.stage === 'awaiting_payment' && row.fee && (
          // Over the card's link: the application page's payment form, where its methods are offered.
          <Link
            to={`/account/applications/${encodeURIComponent(row.id)}#fee-payment`}
            className="btn btn-primary relative z-10 mt-3 h-11 w-full px-5 sm:w-auto"
            data-testid="pay-fee-link"
          >
            Pay the fee · {row.fee.formatted}
          </Link>
        )}
      </article>
    </li>
  );
}

export default function AccountApplications({ loaderData }: Route.ComponentProps) {
  const { applications } = loaderData;
  if (!applications) return null;
  return (
    <AccountSection title={TITLE} description="Follow your applications, answer our questions and send documents.">
      {applications.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-ink/10 bg-background px-6 py-14 text-center">
          <span className="inline-flex size-14 items-center justify-center rounded-full bg-surface text-muted">
            <BagIcon className="size-7" />
          </span>
          <h2 className="mt-4 text-lg font-semibold">No applications yet</h2>
          <p className="mt-1 text-sm text-muted">When you apply for a service, you can follow it here.</p>
          <Link to="/shop-online" className="btn btn-primary mt-6 h-11 px-6">
            See our services
          </Link>
        </div>
      ) : (
        <ul className="space-y-3 md:space-y-4" data-testid="application-list">
          {applications.map((row) => (
            <ApplicationCard key={row.id} row={row} />
          ))}
        </ul>
      )}
      <GuestTrackLink lead="Applied as a guest?" />
    </AccountSection>
  );
}
