import { useQuery } from '@tanstack/react-query';
import { MSG } from '@yams/shared';
import type { ReactNode } from 'react';
import { http } from '../base/http';
import { LightButton } from '../components/light/light';
import { StatusNotice } from '../components/StatusNotice';

export const startupKey = ['startup', 'csrf-cookie'] as const;

/**
 * GET /sanctum/csrf-cookie at app start (spec section 7); if the server cannot be reached, say so. The page
 * shows meanwhile (the request is a bearer-token API's no-op: waiting for it cost the sign-in page a round
 * trip before its first paint); a failure replaces it with the notice and 'Réessayer'.
 */
export function StartupGate({ children }: { children: ReactNode }) {
  const startup = useQuery({
    queryKey: startupKey,
    queryFn: ({ signal }) => http.get<null>('/sanctum/csrf-cookie', { signal, errors: 'none' }),
    staleTime: Number.POSITIVE_INFINITY,
  });

  if (startup.isError) {
    return (
      <div style={{ display: 'grid', placeItems: 'center', minHeight: '80vh', padding: 16 }}>
        <StatusNotice
          title={MSG.startupFailure}
          extra={
            <LightButton primary loading={startup.isFetching} onClick={() => void startup.refetch()}>
              Réessayer
            </LightButton>
          }
        />
      </div>
    );
  }
  return children;
}
