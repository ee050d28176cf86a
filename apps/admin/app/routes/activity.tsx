import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { adminApi } from '@shopfront/shared';
import { Empty, Failed, Loading, PageHeader, Pager, pageOf } from '../components/ui/states';
import { call } from '../lib/api';
import { useListKeys } from '../lib/use-list-keys';
import { formatWhen } from '../lib/format';

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
  const entries = q.data?.entries ?? [];
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
              <li
                key={e.id}
                data-list-index={i}
                aria-current={current === i || undefined}
                className="px-4 py-3 aria-[current]:bg-stone-50 sm:px-5"
              >
                <p className="text-sm">
                  <span className="font-medium">{e.actor}</span>{' '}
                  <span className="text-muted">{describe(e.action)}</span>{' '}
                  <span className="font-medium break-all">{e.target}</span>
                </p>
                <p className="mt-0.5 text-xs text-muted">
                  <time dateTime={e.created_at}>{formatWhen(e.created_at)}</time>
                  {e.ip ? ` · ${e.ip}` : ''}
                </p>
              </li>
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

const VERBS: Record<string, string> = {
  create: 'added',
  update: 'changed',
  remove: 'removed',
  configure: 'configured',
  install: 'installed',
  password: 'changed the password of',
  set: 'set',
  hide: 'hid',
  unhide: 'showed again',
};

/** `staff.update` → "changed staff". */
function describe(action: string): string {
  const [area = action, verb = ''] = action.split('.');
  return `${VERBS[verb] ?? verb.replaceAll('_', ' ')} ${area.replaceAll(/[-_]/g, ' ')}`.trim();
}
