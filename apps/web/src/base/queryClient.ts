import { QueryClient } from '@tanstack/react-query';
import { onRetryInitialRequests } from './network';
import { onSignIn } from './session';

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

/** Forgets every cached answer of the previous user. */
export function resetUserCache(): void {
  queryClient.removeQueries();
}

onSignIn(resetUserCache);
onRetryInitialRequests(() => queryClient.refetchQueries({ type: 'active' }));
