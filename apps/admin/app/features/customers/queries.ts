import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, adminCustomersApi, type AdminCustomer, type ApiSuccess } from '@shopfront/shared';
import { call, errorText } from '../../lib/api';
import { failure, success } from '../../lib/toast';

export const CUSTOMERS_KEY = ['customers'] as const;
const customerKey = (id: number) => [...CUSTOMERS_KEY, 'detail', id] as const;

/** The list, newest first, a keyset page at a time ("Load more"); `q` searches name, e-mail and phone. */
export function useCustomerList(q: string) {
  return useInfiniteQuery({
    queryKey: [...CUSTOMERS_KEY, 'list', q],
    queryFn: async ({ pageParam }) =>
      (
        await call(adminCustomersApi.list, {
          query: { ...(q ? { q } : {}), ...(pageParam ? { cursor: pageParam } : {}) },
        })
      ).data,
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: (prev) => prev,
  });
}

export function useCustomer(id: number) {
  return useQuery({
    queryKey: customerKey(id),
    queryFn: async () => (await call(adminCustomersApi.get, { params: { id } })).data,
  });
}

/**
 * A write on the customer, sent with `If-Match: <version>` of the page as shown. Its answer (the
 * customer after it) replaces the page and a toast says what happened; a 409 or 404 is told as a
 * toast and the customer read again. A 422 is left to the form.
 */
export function useCustomerAction<V>(
  customer: AdminCustomer,
  run: (vars: V, headers: Record<string, string>) => Promise<ApiSuccess<AdminCustomer>>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => run(vars, { 'if-match': String(customer.version) }),
    onSuccess: (res) => {
      client.setQueryData(customerKey(customer.id), res.data);
      void client.invalidateQueries({ queryKey: [...CUSTOMERS_KEY, 'list'] });
      if (res.message) void success(res.message);
    },
    onError: (err) => {
      if (err instanceof ApiError && (err.status === 409 || err.status === 404)) {
        void failure(err.message);
        void client.invalidateQueries({ queryKey: customerKey(customer.id) });
      } else if (!(err instanceof ApiError && err.status === 422)) {
        void failure(errorText(err));
      }
    },
  });
}
