import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminBackupsApi, type Backup } from '@shopfront/shared';
import { Button } from '../components/ui/button';
import { FormMessage } from '../components/ui/form-message';
import { Empty, Failed, Loading, PageHeader } from '../components/ui/states';
import { ScheduleForm } from '../features/backups/schedule-form';
import { BACKUPS_KEY, backupsQuery, formatSize, isBackingUp } from '../features/backups/queries';
import { call, errorText } from '../lib/api';
import { formatWhen } from '../lib/format';
import { failure, success } from '../lib/toast';
import { useListKeys } from '../lib/use-list-keys';

export const meta = () => [{ title: 'Backups · Shop admin' }];

/** Backups (owner only): take one now, download or delete one, and the schedule. */
export default function Backups() {
  const qc = useQueryClient();
  const q = useQuery(backupsQuery);
  const refresh = () => void qc.invalidateQueries({ queryKey: BACKUPS_KEY });
  const start = useMutation({
    mutationFn: () => call(adminBackupsApi.create),
    onSuccess: refresh,
    onError: (err) => {
      refresh();
      void failure(errorText(err));
    },
  });
  const remove = useMutation({
    mutationFn: (b: Backup) => call(adminBackupsApi.remove, { params: { name: b.name } }),
    onSuccess: ({ message }) => {
      refresh();
      void success(message ?? 'Deleted');
    },
    onError: (err) => void failure(errorText(err)),
  });
  const busy = start.isPending || isBackingUp(q.data);
  const backups = q.data?.backups ?? [];
  const [current] = useListKeys(backups.length);
  const job = q.data?.job;

  return (
    <>
      <PageHeader
        title="Backups"
        description="Every order, customer and picture, in one folder per backup. Keep a copy somewhere else too."
        action={
          <Button variant="primary" className="min-h-11" isDisabled={busy} onPress={() => start.mutate()}>
            {busy ? 'Backing up…' : 'Back up now'}
          </Button>
        }
      />
      {busy && (
        <div className="mb-4">
          <FormMessage tone="ok" testId="backup-progress">
            Backing up… the shop keeps taking orders meanwhile.
          </FormMessage>
        </div>
      )}
      {!busy && job?.status === 'failed' && (
        <div className="mb-4">
          <FormMessage testId="backup-failed">
            The backup of {formatWhen(job.created_at)} failed: {job.error ?? 'unknown error'}
          </FormMessage>
        </div>
      )}
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <Failed error={q.error} retry={() => q.refetch()} />
      ) : (
        <div className="space-y-6">
          {backups.length === 0 ? (
            <Empty title="No backups yet">Back up now, or turn on the schedule below.</Empty>
          ) : (
            <ul className="card divide-y divide-line" data-testid="backup-list">
              {backups.map((b, i) => (
                <li
                  key={b.name}
                  data-list-index={i}
                  aria-current={current === i || undefined}
                  className="grid gap-3 px-4 py-4 aria-[current]:bg-stone-50 sm:grid-cols-[1fr_auto] sm:items-center sm:px-5"
                >
                  <div className="min-w-0">
                    <p className="font-medium">
                      {formatWhen(b.created_at)}{' '}
                      <span className="ml-1 rounded-full bg-stone-100 px-2 py-0.5 text-xs font-normal text-muted">
                        {b.scheduled ? 'Scheduled' : 'Taken by hand'}
                      </span>
                    </p>
                    <p className="text-sm text-muted">
                      {formatSize(b.size)} · {b.rows.toLocaleString('en-IN')} rows in {b.tables} tables ·{' '}
                      {b.media.toLocaleString('en-IN')} pictures and files
                    </p>
                    <p className="text-xs break-all text-muted">{b.name}</p>
                  </div>
                  <div className="flex gap-2">
                    <a
                      href={`/api/admin/backups/${encodeURIComponent(b.name)}/download`}
                      download
                      className="btn btn-outline min-h-11 flex-1 sm:flex-none"
                      aria-label={`Download the backup of ${formatWhen(b.created_at)}`}
                    >
                      Download
                    </a>
                    <Button
                      variant="danger"
                      className="min-h-11 flex-1 sm:flex-none"
                      isDisabled={remove.isPending}
                      aria-label={`Delete the backup of ${formatWhen(b.created_at)}`}
                      onPress={() => {
                        if (window.confirm(`Delete the backup of ${formatWhen(b.created_at)}? This cannot be undone.`))
                          remove.mutate(b);
                      }}
                    >
                      Delete
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <ScheduleForm key={JSON.stringify(q.data.schedule)} saved={q.data.schedule} />
        </div>
      )}
    </>
  );
}
