import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiError,
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  NETWORK_ERROR,
  adminImportApi,
  type AdminImportProgress,
  type AdminImportReport,
} from '@shopfront/shared';
import { call } from '../../../lib/api';
import { CATALOG_KEY } from '../queries';

/** Uploads a CSV for its dry run (multipart: the JSON client cannot send a file). */
export async function checkImportFile(file: File): Promise<AdminImportReport> {
  const form = new FormData();
  form.append('file', file, file.name);
  let res: Response;
  try {
    res = await fetch(adminImportApi.check.path, {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE, accept: 'application/json' },
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR);
  }
  const body = (await res.json().catch(() => null)) as {
    data?: AdminImportReport;
    message?: string;
    errors?: Record<string, string[]>;
  } | null;
  if (res.ok && body?.data) return body.data;
  throw new ApiError(res.status, body?.errors?.file?.[0] ?? body?.message ?? NETWORK_ERROR);
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
