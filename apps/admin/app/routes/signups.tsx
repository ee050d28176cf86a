import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { adminApi, endpointPath } from '@shopfront/shared';
import { Empty, Failed, Loading, PageHeader, Pager, pageOf } from '../components/ui/states';
import { NewsletterSignups } from '../features/signups/newsletter-signups';
import { SignupLists, useSignupList } from '../features/signups/signup-lists';
import { call } from '../lib/api';
import { formatWhen } from '../lib/format';
import { useListKeys } from '../lib/use-list-keys';

export const meta = () => [{ title: 'Sign-ups · Shop admin' }];

/** The CSV export: the same endpoint with `?format=csv`, a plain download with the session cookie. */
const CSV_HREF = endpointPath(adminApi.modeSubscribers.path, undefined, { format: 'csv' });

/** Sign-ups: the newsletter's with `?list=newsletter`, else the shop-opening ones. */
export default function Signups() {
  return useSignupList() === 'newsletter' ? <NewsletterSignups /> : <OpeningSignups />;
}

/** Coming Soon / Under Maintenance sign-ups (GET /api/admin/mode-subscribers), a page at a time. */
function OpeningSignups() {
  const [params] = useSearchParams();
  const page = pageOf(params);
  const q = useQuery({
    queryKey: ['mode-subscribers', page],
    queryFn: async () => (await call(adminApi.modeSubscribers, { query: { page } })).data,
    placeholderData: (prev) => prev,
  });
  const rows = q.data?.subscribers ?? [];
  const [current] = useListKeys(rows.length);
  return (
    <>
      <PageHeader
        title="Sign-ups"
        description="People who asked to be told when the shop opens. They get one e-mail when it does."
        action={
          <a href={CSV_HREF} download className="btn btn-outline w-full sm:w-auto" data-testid="csv-export">
            Export CSV
          </a>
        }
      />
      <SignupLists />
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <Failed error={q.error} retry={() => q.refetch()} />
      ) : rows.length === 0 ? (
        <Empty title="No sign-ups yet">
          While the shop shows Coming Soon or Under Maintenance, visitors can leave their e-mail.
        </Empty>
      ) : (
        <>
          <ul className="card divide-y divide-line" data-testid="signups-list">
            {rows.map((r, i) => (
              <li
                key={`${r.email}-${r.mode}`}
                data-list-index={i}
                aria-current={current === i || undefined}
                className="flex flex-col gap-0.5 px-4 py-3 aria-[current]:bg-stone-50 sm:flex-row sm:items-center sm:justify-between sm:px-5"
              >
                <span className="font-medium break-all">{r.email}</span>
                <span className="text-sm text-muted">
                  {r.mode} · {formatWhen(r.created_at)}
                  {r.notified_at ? ' · told' : ''}
                </span>
              </li>
            ))}
          </ul>
          <Pager
            page={q.data.pagination.page}
            lastPage={q.data.pagination.last_page}
            total={q.data.pagination.total}
            noun="sign-up"
          />
        </>
      )}
    </>
  );
}
