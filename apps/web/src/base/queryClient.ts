import { QueryClient } from '@tanstack/react-query';

/**
 * Requests run even when the browser says it is offline: the HTTP client then rejects them with
 * 'Pas de connexion Internet' without sending anything, and `network.ts` re-runs them when back online.
 * The client already retries a network failure once, so TanStack Query does not retry on top.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      networkMode: 'always',
      retry: false,
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    },
    mutations: { networkMode: 'always', retry: false },
  },
});

/** Forgets every cached answer of the previous user (the startup check stays). */
export function resetUserCache(): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'startup' });
}
