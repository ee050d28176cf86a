import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { adminApi } from '@shopfront/shared';
import { Empty, Failed, Loading, PageHeader, Pager, pageOf } from '../components/ui/states';
import { call } from '../lib/api';
import { useListKeys } from '../lib/use-list-keys';
import { AuditRow } from '../features/activity/audit-row';

export const meta = () => [{ title: 'Activity · Shop admin' }];

/** The audit log (GET /api/admin/audit-log), newest first, a page at a time from the server. */
export default function Activity() {
  const [params] = useSearchParams();
  const page = pageOf(params);
  const q = useQuery({
    queryKey: ['audit-log', page],
    queryFn: async () => (await call(adminApi.auditLog, { query: { page } })).data,
    placeholderData: (prev) => prev,
  });
  // An undo writes the change it re-applies and an "undid" entry that says it in words: show that one.
  const entries = (q.data?.entries ?? []).filter((e) => !e.undo_apply);
  const [current] = useListKeys(entries.length);
  return (
    <>
      <PageHeader title="Activity" description="Changes made in the panel and through the owner API, newest first." />
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <Failed error={q.error} retry={() => q.refetch()} />
      ) : entries.length === 0 ? (
        <Empty title="Nothing has changed yet">Changes to settings, staff and plugins show up here.</Empty>
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
            noun="changes"
          />
        </>
      )}
    </>
  );
}
