import { useCallback, useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { adminExportApi, endpointPath } from '@shopfront/shared';
import { ExportLink } from '../components/ui/export-link';
import { KeysetList } from '../components/ui/keyset-list';
import { SearchBox } from '../components/ui/search-box';
import { Empty, PageHeader } from '../components/ui/states';
import { CustomerCard } from '../features/customers/customer-card';
import { useCustomerList } from '../features/customers/queries';
import { useListKeys } from '../lib/use-list-keys';

export const meta = () => [{ title: 'Customers · Shop admin' }];

/** The customers, newest first; the search (name, e-mail, phone) lives in the address; "Load more"; j/k and Enter. */
export default function Customers() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
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
          <div className="flex flex-wrap gap-2 self-start">
            <ExportLink
              href={endpointPath(adminExportApi.customers.path, undefined, q ? { q } : undefined)}
              testId="customers-export"
            />
            <Link to="/reviews" className="btn btn-outline">
              Reviews
            </Link>
            <Link to="/customers/deleted" className="btn btn-outline">
              Deleted accounts
            </Link>
          </div>
        }
      />
      <SearchBox
        id="customer-search"
        label="Search customers"
        placeholder="Name, e-mail or phone…"
        className="mb-3"
        value={q}
        onSearch={(typed) => {
          const next = typed.trim();
          setParams(next ? { q: next } : {});
        }}
      />
      <KeysetList
        list={list}
        count={rows.length}
        loading="Loading customers…"
        testId="customers-list"
        end={`That is every customer${q ? ' that matches' : ''}.`}
        empty={
          <Empty title={q ? 'No customers match' : 'No customers yet'}>
            {q ? 'Try part of the name, the e-mail address or the phone number.' : 'Shoppers who sign up show here.'}
          </Empty>
        }
      >
        {rows.map((c, i) => (
          <CustomerCard key={c.id} customer={c} index={i} current={current === i} />
        ))}
      </KeysetList>
    </>
  );
}
