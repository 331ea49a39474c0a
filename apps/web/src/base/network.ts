import { useSyncExternalStore } from 'react';

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

// Who holds requests to re-run: the startup check always, the query cache once the full app runs (the
// sign-in page opens before TanStack Query is loaded, see main.tsx).
const retries = new Set<() => Promise<unknown>>();

export function onRetryInitialRequests(retry: () => Promise<unknown>): void {
  retries.add(retry);
}

/** Re-runs what the screens on display asked for (the specification: "coming back online retries the initial request"). */
export async function retryInitialRequests(): Promise<void> {
  await Promise.all([...retries].map((retry) => retry()));
}

window.addEventListener('online', () => void retryInitialRequests());
