import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminImportApi, type AdminImportProgress, type AdminImportReport } from '@shopfront/shared';
import { call } from '../../../lib/api';
import { postFile } from '../../../lib/upload';
import { CATALOG_KEY } from '../queries';

/** Uploads a CSV for its dry run. */
export async function checkImportFile(file: File): Promise<AdminImportReport> {
  return (await postFile<AdminImportReport>(adminImportApi.check.path, file)).data;
}

export const useCheckImport = () => useMutation({ mutationFn: checkImportFile });

export function useStartImport() {
  return useMutation({
    mutationFn: async ({ id, hosts }: { id: number; hosts: string[] }) =>
      (await call(adminImportApi.start, { params: { id }, body: { picture_hosts: hosts } })).data,
  });
}

const finished = (p: AdminImportProgress | undefined) =>
  (p?.status === 'done' || p?.status === 'failed') && p.pictures.waiting === 0;

/**
 * The import's progress, polled every second until it is done or failed and no picture waits
 * (then the product list is stale).
 */
export function useImportProgress(id: number | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: [...CATALOG_KEY, 'import', id],
    queryFn: async (): Promise<AdminImportProgress> => {
      const p = (await call(adminImportApi.progress, { params: { id: id! } })).data;
      if (finished(p))
        void client.invalidateQueries({ queryKey: CATALOG_KEY, predicate: (q) => q.queryKey[1] === 'list' });
      return p;
    },
    enabled: id !== null,
    refetchInterval: (q) => (finished(q.state.data) ? false : 1000),
  });
}
