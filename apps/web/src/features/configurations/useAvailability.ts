import { useQueries } from '@tanstack/react-query';
import { listEndpoint, type ReferenceTable, referenceContracts } from '@yams/shared';
import { call } from '../../base/http';

/** How often an unavailable table is probed again (the specification: every 2 s until it answers). */
export const PROBE_INTERVAL_MS = 2000;

/**
 * The availability probe of the interventions' tables: `GET /api/{table}?limit=1` (the table's list
 * contract), quietly retried every 2 s until each answers. `ready` once all have; `waiting` after a first
 * failure, for a calm notice.
 */
export function useAvailability(tables: readonly ReferenceTable[]) {
  const probes = useQueries({
    queries: tables.map((table) => ({
      queryKey: ['disponibilite', table],
      queryFn: async () => {
        await call(
          listEndpoint(referenceContracts[table]),
          { query: { limit: 1 } },
          { background: true, retry: false },
        );
        return true;
      },
      retry: true,
      retryDelay: PROBE_INTERVAL_MS,
      staleTime: Number.POSITIVE_INFINITY,
    })),
  });
  return {
    ready: probes.every((p) => p.isSuccess),
    waiting: probes.some((p) => p.failureCount > 0 && !p.isSuccess),
  };
}
