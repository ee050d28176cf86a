import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, adminApplicationsApi, type AdminApplication, type ApiSuccess } from '@shopfront/shared';
import { call, errorText } from '../../lib/api';
import { failure, success } from '../../lib/toast';
import { APPLICATIONS_KEY } from './list-query';

export const applicationKey = (id: string) => [...APPLICATIONS_KEY, 'detail', id] as const;

export function useApplication(id: string) {
  return useQuery({
    queryKey: applicationKey(id),
    queryFn: async () => (await call(adminApplicationsApi.get, { params: { id } })).data,
  });
}

/** Read the application again (after a 409: it moved on since it was opened). */
export function useReloadApplications() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: APPLICATIONS_KEY });
}

/**
 * One change to an application (a stage move, a message, a document request). Success: the
 * answer replaces the page, the lists are asked again, a toast says what happened. A 422 is left
 * to the form (its field messages), a 409 to the caller (the move sheet says it moved on); other
 * failures are a toast.
 */
export function useApplicationAction<V>(
  id: string,
  run: (vars: V) => Promise<ApiSuccess<AdminApplication>>,
  fallbackMessage: string,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (res) => {
      client.setQueryData(applicationKey(id), res.data);
      void client.invalidateQueries({ queryKey: APPLICATIONS_KEY, predicate: (q) => q.queryKey[1] !== 'detail' });
      void success(res.message ?? fallbackMessage);
    },
    onError: (err) => {
      if (!(err instanceof ApiError && (err.status === 422 || err.status === 409))) void failure(errorText(err));
    },
  });
}
