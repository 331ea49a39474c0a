import { type csrfCookieEndpoint, MSG } from '@yams/shared';
import { type ReactNode, useSyncExternalStore } from 'react';
import { http } from '../base/http';
import { onRetryInitialRequests } from '../base/network';
import { LightButton } from '../components/light/light';
import { StatusNotice } from '../components/StatusNotice';

// GET /sanctum/csrf-cookie once per visit (the specification), outside TanStack Query: the sign-in page shows
// before the query cache is loaded, and the answer must survive the switch from that light start to the full
// app (main.tsx), so it lives in this module.
type Check = { state: 'pending' | 'ok' | 'failed'; fetching: boolean };
let check: Check = { state: 'pending', fetching: false };
const listeners = new Set<() => void>();

function set(next: Check) {
  check = next;
  for (const listener of listeners) listener();
}

async function run(): Promise<void> {
  if (check.fetching) return;
  set({ ...check, fetching: true });
  try {
    // Typed by its contract without importing it (it would bring zod onto the sign-in page).
    await http.get<null>('/sanctum/csrf-cookie' satisfies (typeof csrfCookieEndpoint)['path'], {
      errors: 'none',
    });
    set({ state: 'ok', fetching: false });
  } catch {
    set({ state: 'failed', fetching: false });
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (check.state === 'pending') void run();
  return () => listeners.delete(listener);
}

onRetryInitialRequests(() => (check.state === 'failed' ? run() : Promise.resolve()));

/**
 * If the server cannot be reached at app start, say so. The page shows meanwhile (the request is a
 * bearer-token API's no-op: waiting for it cost the sign-in page a round trip before its first paint); a
 * failure replaces it with the notice and 'Réessayer'.
 */
export function StartupGate({ children }: { children: ReactNode }) {
  const startup = useSyncExternalStore(subscribe, () => check);
  if (startup.state === 'failed') {
    return (
      <div style={{ display: 'grid', placeItems: 'center', minHeight: '80vh', padding: 16 }}>
        <StatusNotice
          title={MSG.startupFailure}
          extra={
            <LightButton primary loading={startup.fetching} onClick={() => void run()}>
              Réessayer
            </LightButton>
          }
        />
      </div>
    );
  }
  return children;
}
