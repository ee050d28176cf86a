import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { adminNewsletterApi, type NewsletterSubscriber } from '@shopfront/shared';
import { Empty, Failed, Loading, PageHeader, Pager, pageOf } from '../../components/ui/states';
import { SignupLists } from './signup-lists';
import { call } from '../../lib/api';
import { formatWhen } from '../../lib/format';
import { useListKeys } from '../../lib/use-list-keys';

const STATUS: Record<NewsletterSubscriber['status'], string> = {
  pending: 'Waiting for confirmation',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
};
const SOURCE: Record<string, string> = {
  footer: 'footer',
  page: 'newsletter page',
  section: 'newsletter section',
  account: 'account',
};

/** The newsletter's sign-ups (GET /api/admin/newsletter-subscribers), newest first, a page at a time. */
export function NewsletterSignups() {
  const [params] = useSearchParams();
  const page = pageOf(params);
  const q = useQuery({
    queryKey: ['newsletter-subscribers', page],
    queryFn: async () => (await call(adminNewsletterApi.subscribers, { query: { page } })).data,
    placeholderData: (prev) => prev,
  });
  const rows = q.data?.subscribers ?? [];
  const [current] = useListKeys(rows.length);
  return (
    <>
      <PageHeader
        title="Sign-ups"
        description="People who signed up for your newsletter. They are on the list once they follow the link in the confirmation e-mail."
      />
      <SignupLists />
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <Failed error={q.error} retry={() => q.refetch()} />
      ) : rows.length === 0 ? (
        <Empty title="No newsletter sign-ups yet">
          With the E-mail subscription plugin on, shoppers sign up in the footer or a newsletter section.
        </Empty>
      ) : (
        <>
          <ul className="card divide-y divide-line" data-testid="newsletter-signups-list">
            {rows.map((r, i) => (
              <li
                key={r.email}
                data-list-index={i}
                aria-current={current === i || undefined}
                className="flex flex-col gap-0.5 px-4 py-3 aria-[current]:bg-stone-50 sm:flex-row sm:items-center sm:justify-between sm:px-5"
              >
                <span className="font-medium break-all">{r.email}</span>
                <span className="text-sm text-muted">
                  {STATUS[r.status]} · from the {SOURCE[r.source] ?? r.source} · {formatWhen(r.created_at)}
                </span>
              </li>
            ))}
          </ul>
          <Pager
            page={q.data.pagination.page}
            lastPage={q.data.pagination.last_page}
            total={q.data.pagination.total}
            noun="sign-up"
            keep={params}
          />
        </>
      )}
    </>
  );
}
