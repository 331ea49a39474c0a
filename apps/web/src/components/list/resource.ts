import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paginated } from '@yams/shared';
import { http, type Query } from '../../app/http';

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
  keys: ReturnType<typeof resourceKeys>;
  fetchPage: (query: Query, signal?: AbortSignal) => Promise<Paginated<T>>;
  fetchOne: (id: number, signal?: AbortSignal) => Promise<T>;
}

export function resourceKeys(name: string) {
  const all = [name] as const;
  return {
    all,
    lists: () => [...all, 'list'] as const,
    list: (query: Query) => [...all, 'list', query] as const,
    count: (query: Query) => [...all, 'count', query] as const,
    detail: (id: number) => [...all, 'detail', id] as const,
  };
}

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

/** A POST on the resource (create, update, an action); the server's message is toasted. */
export function useResourcePost<T>(resource: Resource<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ path, body }: { path: string; body?: unknown }) =>
      (await http.post<unknown>(path, body, { successToast: true })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resource.keys.all }),
  });
}
