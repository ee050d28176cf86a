import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { adminCustomersApi } from '@shopfront/shared';
import { Empty, Failed, Loading, PageHeader } from '../components/ui/states';
import { call } from '../lib/api';
import { counted, formatWhen } from '../lib/format';

export const meta = () => [{ title: 'Deleted accounts · Shop admin' }];

/**
 * The record of accounts their customers deleted (Delete my account, issue 29), newest first:
 * when, a reference that is not the customer, and how many orders were kept for the accounts,
 * anonymised. Nothing personal is left to show.
 */
export default function DeletedAccounts() {
  const q = useQuery({
    queryKey: ['customers', 'deletions'],
    queryFn: async () => (await call(adminCustomersApi.deletions)).data,
  });
  return (
    <>
      <PageHeader
        title="Deleted accounts"
        description="Customers who deleted their account. Their personal data is gone; their orders stay, anonymised, for your accounts."
        action={
          <Link to="/customers" className="btn btn-outline self-start">
            All customers
          </Link>
        }
      />
      {q.isPending ? (
        <Loading label="Loading deleted accounts…" />
      ) : q.isError ? (
        <Failed error={q.error} retry={() => q.refetch()} />
      ) : q.data.deletions.length === 0 ? (
        <Empty title="No account has been deleted">When a customer deletes their account, it is recorded here.</Empty>
      ) : (
        <>
          <ul className="card divide-y divide-line" data-testid="deletions-list">
            {q.data.deletions.map((d) => (
              <li key={d.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3">
                <span className="font-medium">{formatWhen(d.deleted_at)}</span>
                <span className="text-sm text-muted">
                  {d.orders_kept === 0 ? 'No orders' : `${counted(d.orders_kept, 'order')} kept, anonymised`} · ref{' '}
                  <span className="font-mono">{d.customer_ref.slice(0, 12)}</span>
                </span>
              </li>
            ))}
          </ul>
          <p className="mt-3 text-sm text-muted">
            {q.data.deletions.length === 200 ? 'The latest 200 deletions.' : 'That is every deletion.'}
          </p>
        </>
      )}
    </>
  );
}
