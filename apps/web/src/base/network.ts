import { useSyncExternalStore } from 'react';
import { queryClient } from './queryClient';

/** `navigator.onLine`, as a React value. */
function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine);
}

/** Re-runs what the screens on display asked for (spec: "coming back online retries the initial request"). */
export function retryInitialRequests(): Promise<void> {
  return queryClient.refetchQueries({ type: 'active' });
}

window.addEventListener('online', () => void retryInitialRequests());
