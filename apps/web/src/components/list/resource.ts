import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paginated } from '@yams/shared';
import { http, type Query } from '../../base/http';
import type { ErrorToastType } from '../../base/toast';
import { type Invalidates, invalidateAfterWrite } from './invalidate';
import { resourceKeys } from './keys';

export type { Invalidates } from './invalidate';

/**
 * The data module of one API resource: its query keys and hooks. A domain declares it once in
 * `features/<domain>/api.ts`:
 *
 *   export const utilisateurs = createResource<UserOut>('utilisateurs', '/api/utilisateurs');
 *
 * Every mutation invalidates the resource's keys (lists, counts and details) on success.
 */
export interface Resource<T> {
  name: string;
  path: string;
  /** The API serves `GET {path}/export` (every list of the shared list helper does; default true). */
  serverExport?: boolean;
  keys: ReturnType<typeof resourceKeys>;
  fetchPage: (query: Query, signal?: AbortSignal) => Promise<Paginated<T>>;
  fetchOne: (id: number, signal?: AbortSignal) => Promise<T>;
}

export { resourceKeys } from './keys';

export function createResource<T>(name: string, path: string): Resource<T> {
  return {
    name,
    path,
    keys: resourceKeys(name),
    fetchPage: async (query, signal) => (await http.get<Paginated<T>>(path, { query, signal })).data,
    fetchOne: async (id, signal) => (await http.get<T>(`${path}/${id}`, { signal })).data,
  };
}

/** One page of the list (previous page kept while the next loads). */
export function useResourcePage<T>(resource: Resource<T>, query: Query) {
  return useQuery({
    queryKey: resource.keys.list(query),
    queryFn: ({ signal }) => resource.fetchPage(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** One row, shown at once from the list and refreshed from `GET {path}/{id}`. */
export function useResourceOne<T>(resource: Resource<T>, id: number | null, initial?: T) {
  return useQuery({
    queryKey: resource.keys.detail(id ?? 0),
    queryFn: ({ signal }) => resource.fetchOne(id!, signal),
    enabled: id !== null,
    initialData: initial,
    initialDataUpdatedAt: 0,
  });
}

/** A refresh of the resource and of what its writes change (`ListDecl.invalidates`), for custom blocks. */
export function useRefreshAfterWrite(resource: Resource<unknown>, invalidates?: Invalidates) {
  const queryClient = useQueryClient();
  return () => invalidateAfterWrite(queryClient, resource, invalidates);
}

export interface PostVars {
  path: string;
  body?: unknown;
  /** The row written: its answer (a row with this id) replaces the cached detail instead of a refetch. */
  id?: number;
  /** This action's 'Oups !' toast: seconds and kind (an invoice's deletion: 20 s). */
  errorDuration?: number;
  errorType?: ErrorToastType;
}

/**
 * A POST on the resource (create, update, an action); the server's message is toasted. On success the row
 * the API answered goes into the cache, then the resource and `invalidates` refresh (lists, counts, selects).
 */
export function useResourcePost<T>(resource: Resource<T>, invalidates?: Invalidates) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ path, body, errorDuration, errorType }: PostVars) =>
      (await http.post<unknown>(path, body, { successToast: true, errorDuration, errorType })).data,
    onSuccess: (data, vars) => {
      const answered =
        vars.id !== undefined &&
        data !== null &&
        typeof data === 'object' &&
        (data as { id?: unknown }).id === vars.id;
      if (answered) queryClient.setQueryData(resource.keys.detail(vars.id!), data);
      return invalidateAfterWrite(
        queryClient,
        resource as Resource<unknown>,
        invalidates,
        answered ? vars.id : undefined,
      );
    },
  });
}
