import type { QueryClient } from '@tanstack/react-query';
import type { Resource } from './resource';

/**
 * What else a write of a screen changes (`ListDecl.invalidates`): other resources (their lists, counts,
 * details and the selects fed by them) or any query key prefix (`['fleet', 'catalogue']`).
 */
export type Invalidates = ReadonlyArray<Resource<unknown> | readonly unknown[]>;

const isResource = (x: Resource<unknown> | readonly unknown[]): x is Resource<unknown> =>
  !Array.isArray(x) && typeof (x as Resource<unknown>).path === 'string';

/**
 * Refreshes a resource and what its writes change, except the row whose fresh value is already known
 * (`keep`: the write's answer was put in the cache, no refetch needed).
 */
export async function invalidateAfterWrite(
  queryClient: QueryClient,
  resource: Resource<unknown>,
  invalidates: Invalidates = [],
  keep?: number,
): Promise<void> {
  const targets = [resource, ...invalidates];
  const paths = new Set(targets.filter(isResource).map((r) => r.path));
  await Promise.all([
    ...targets.map((t) =>
      queryClient.invalidateQueries({
        queryKey: isResource(t) ? t.keys.all : t,
        predicate: (q) =>
          !(t === resource && keep !== undefined && q.queryKey[1] === 'detail' && q.queryKey[2] === keep),
      }),
    ),
    queryClient.invalidateQueries({
      predicate: (q) => q.queryKey[0] === 'options' && paths.has(String(q.queryKey[1])),
    }),
  ]);
}
