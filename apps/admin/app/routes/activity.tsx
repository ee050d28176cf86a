import { useQuery } from '@tanstack/react-query';
import { adminApi, auditMessages } from '@shopfront/shared';
import { FormMessage } from '../components/ui/form-message';
import { Empty, Failed, Loading, PageHeader, Pager, pageOf } from '../components/ui/states';
import { call } from '../lib/api';
import { useListKeys } from '../lib/use-list-keys';
import { usePendingSearchParams } from '../lib/use-pending-params';
import { AuditRow } from '../features/activity/audit-row';
import { AuditFilterBar, auditQuery, readAuditFilters, writeAuditFilters } from '../features/activity/filters';

export const meta = () => [{ title: 'Activity · Shop admin' }];

/**
 * The audit log (GET /api/admin/audit-log), newest first, a page at a time from the server,
 * filtered by area, staff member and days through the address (a filtered view can be shared).
 */
export default function Activity() {
  const [params, setParams] = usePendingSearchParams();
  const page = pageOf(params);
  const filters = readAuditFilters(params);
  const backwards = Boolean(filters.from && filters.to && filters.from > filters.to);
  const q = useQuery({
    queryKey: ['audit-log', page, filters],
    queryFn: async () => (await call(adminApi.auditLog, { query: auditQuery(page, filters) })).data,
    placeholderData: (prev) => prev,
    enabled: !backwards,
  });
  // An undo writes the change it re-applies and an "undid" entry that says it in words: show that one.
  const entries = (q.data?.entries ?? []).filter((e) => !e.undo_apply);
  const [current] = useListKeys(entries.length);
  const filtered = Boolean(filters.area || filters.staff || filters.from || filters.to);
  return (
    <>
      <PageHeader title="Activity" description="Changes made in the panel and through the owner API, newest first." />
      <AuditFilterBar
        filters={filters}
        staff={q.data?.staff ?? []}
        onChange={(next) => setParams(writeAuditFilters(next), { replace: true })}
      />
      {backwards ? (
        <FormMessage>{auditMessages.dateRange}</FormMessage>
      ) : q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <Failed error={q.error} retry={() => q.refetch()} />
      ) : entries.length === 0 ? (
        filtered ? (
          <Empty title="No changes match">Try other filters, or clear them.</Empty>
        ) : (
          <Empty title="Nothing has changed yet">Changes to settings, staff and plugins show up here.</Empty>
        )
      ) : (
        <>
          <ol className="card divide-y divide-line" data-testid="activity-list">
            {entries.map((e, i) => (
              <AuditRow key={e.id} entry={e} index={i} current={current === i} />
            ))}
          </ol>
          <Pager
            page={q.data.pagination.page}
            lastPage={q.data.pagination.last_page}
            total={q.data.pagination.total}
            noun="change"
            keep={params}
          />
        </>
      )}
    </>
  );
}
