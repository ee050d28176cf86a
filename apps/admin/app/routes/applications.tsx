import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Empty, Failed, LoadMore, Loading } from '../components/ui/states';
import { ApplicationRow } from '../features/applications/application-row';
import {
  readFilters,
  stageChoices,
  useApplicationList,
  useServiceChoices,
  writeFilters,
  type ApplicationFilters,
} from '../features/applications/list-query';
import { useListKeys } from '../lib/use-list-keys';
import { usePendingSearchParams } from '../lib/use-pending-params';

export const meta = () => [{ title: 'Applications · Shop admin' }];

const selectClass = 'input min-w-0';

/**
 * The services shop's inbox (issue 27): applications newest first with their stage, age and an
 * overdue marker; filters by service, stage and overdue in the address; a page at a time
 * ("Load more"); j/k and Enter.
 */
export default function Applications() {
  const [params, setParams] = usePendingSearchParams();
  const filters = readFilters(params);
  const navigate = useNavigate();
  const list = useApplicationList(filters);
  const services = useServiceChoices();
  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.applications) ?? [], [list.data]);
  const open = useCallback(
    (i: number) => rows[i] && navigate(`/applications/${encodeURIComponent(rows[i].id)}`),
    [rows, navigate],
  );
  const [current] = useListKeys(rows.length, open);
  const go = (next: ApplicationFilters) => setParams(writeFilters(next));
  const stages = stageChoices(services.data ?? [], filters.service);
  const filtered = Boolean(filters.service || filters.stage || filters.overdue);

  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">Applications</h1>
      <form
        role="search"
        aria-label="Filter applications"
        className="mb-3 grid grid-cols-2 gap-2 sm:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_auto]"
        onSubmit={(e) => e.preventDefault()}
      >
        <label className="col-span-2 flex flex-col gap-1 text-sm font-medium sm:col-span-1">
          Service
          <select
            className={selectClass}
            value={filters.service}
            data-testid="filter-service"
            onChange={(e) => go({ ...filters, service: e.target.value, stage: '' })}
          >
            <option value="">All services</option>
            {services.data?.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Stage
          <select
            className={selectClass}
            value={filters.stage}
            data-testid="filter-stage"
            onChange={(e) => go({ ...filters, stage: e.target.value })}
          >
            <option value="">Any stage</option>
            {stages.map((s) => (
              <option key={s.key} value={s.key}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex min-h-11 items-center gap-2 self-end rounded-xl border border-line bg-white px-3 text-sm font-medium">
          <input
            type="checkbox"
            className="size-5 accent-stone-800"
            checked={filters.overdue}
            data-testid="filter-overdue"
            onChange={(e) => go({ ...filters, overdue: e.target.checked })}
          />
          Overdue only
        </label>
      </form>
      {list.isPending ? (
        <Loading label="Loading applications…" />
      ) : list.isError && rows.length === 0 ? (
        <Failed error={list.error} retry={() => list.refetch()} />
      ) : rows.length === 0 ? (
        <Empty title={filtered ? 'No applications match' : 'No applications yet'}>
          {filtered
            ? 'Try another service or stage, or clear the filters.'
            : 'When a customer applies for a service, the application arrives here.'}
        </Empty>
      ) : (
        <>
          <ul
            className="card divide-y divide-line overflow-hidden"
            data-testid="applications-list"
            aria-busy={list.isFetching}
          >
            {rows.map((r, i) => (
              <ApplicationRow key={r.id} row={r} index={i} current={current === i} />
            ))}
          </ul>
          <LoadMore list={list} end="That is every application here." />
        </>
      )}
    </>
  );
}
