import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { adminExportApi, endpointPath } from '@shopfront/shared';
import { ExportLink } from '../components/ui/export-link';
import { Empty, Failed, LoadMore, Loading, PageHeader } from '../components/ui/states';
import { CustomerCard } from '../features/customers/customer-card';
import { useCustomerList } from '../features/customers/queries';
import { useListKeys } from '../lib/use-list-keys';

export const meta = () => [{ title: 'Customers · Shop admin' }];

/** The customers, newest first; the search (name, e-mail, phone) lives in the address; "Load more"; j/k and Enter. */
export default function Customers() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const [search, setSearch] = useState(q);
  const navigate = useNavigate();
  const list = useCustomerList(q);
  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.customers) ?? [], [list.data]);
  const open = useCallback((i: number) => rows[i] && navigate(`/customers/${rows[i].id}`), [rows, navigate]);
  const [current] = useListKeys(rows.length, open);

  return (
    <>
      <PageHeader
        title="Customers"
        description="Everyone with an account, newest first."
        action={
          <div className="flex gap-2 self-start">
            <ExportLink
              href={endpointPath(adminExportApi.customers.path, undefined, q ? { q } : undefined)}
              testId="customers-export"
            />
            <Link to="/reviews" className="btn btn-outline">
              Reviews
            </Link>
          </div>
        }
      />
      <form
        role="search"
        className="mb-3"
        onSubmit={(e) => {
          e.preventDefault();
          const next = search.trim();
          setParams(next ? { q: next } : {});
        }}
      >
        <label htmlFor="customer-search" className="sr-only">
          Search customers
        </label>
        <input
          id="customer-search"
          type="search"
          enterKeyHint="search"
          className="input"
          placeholder="Name, e-mail or phone…"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </form>
      {list.isPending ? (
        <Loading label="Loading customers…" />
      ) : list.isError && rows.length === 0 ? (
        <Failed error={list.error} retry={() => list.refetch()} />
      ) : rows.length === 0 ? (
        <Empty title={q ? 'No customers match' : 'No customers yet'}>
          {q ? 'Try part of the name, the e-mail address or the phone number.' : 'Shoppers who sign up show here.'}
        </Empty>
      ) : (
        <>
          <ul
            className="card divide-y divide-line overflow-hidden"
            data-testid="customers-list"
            aria-busy={list.isFetching}
          >
            {rows.map((c, i) => (
              <CustomerCard key={c.id} customer={c} index={i} current={current === i} />
            ))}
          </ul>
          <LoadMore list={list} end={`That is every customer${q ? ' that matches' : ''}.`} />
        </>
      )}
    </>
  );
}
