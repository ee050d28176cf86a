import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@shopfront/shared';

/** One cache for the panel: lists stay fresh for a short while, failures other than 5xx are not retried. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      retry: (count, err) => count < 2 && (!(err instanceof ApiError) || err.status === 0 || err.status >= 500),
      refetchOnWindowFocus: false,
    },
  },
});
