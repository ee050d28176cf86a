import { adminBackupsApi, type BackupList } from '@shopfront/shared';
import { call } from '../../lib/api';

export const BACKUPS_KEY = ['backups'];

/** Is the newest backup job still to finish? The list polls while it is. */
export const isBackingUp = (list: BackupList | undefined) =>
  list?.job?.status === 'pending' || list?.job?.status === 'running';

export const backupsQuery = {
  queryKey: BACKUPS_KEY,
  queryFn: async () => (await call(adminBackupsApi.list)).data,
  refetchInterval: (q: { state: { data?: BackupList } }) => (isBackingUp(q.state.data) ? 1000 : false),
};

/** Bytes as people read them: 11.6 MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
