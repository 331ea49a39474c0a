import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ActionBodyIn,
  actionPath,
  type BodyIn,
  type DetailOf,
  type EndpointContract,
  type EndpointResponse,
  type EntityContract,
  type Envelope,
  type ItemOf,
  type ListAnswer,
  type Paginated,
  pageOf,
  type QueryOf,
  type WriteOutOf,
} from '@yams/shared';
import {
  type CallInput,
  call,
  http,
  type Query,
  type QueryValue,
  type RequestOptions,
} from '../../base/http';
import type { ErrorToastType } from '../../base/toast';
import { type Invalidates, invalidateAfterWrite } from './invalidate';
import { resourceKeys } from './keys';

export type { Invalidates } from './invalidate';

/**
 * The data module of one API resource: its query keys and fetchers. A domain declares it once in
 * `features/<domain>/api.ts` from the entity's contract (packages/shared `contracts.ts`), which gives its
 * path, the types of its rows, of its list's query and of its actions' bodies:
 *
 *   export const utilisateurs = createResource('utilisateurs', utilisateursContract);
 *
 * Every mutation invalidates the resource's keys (lists, counts and details) on success.
 * `T` is one row as the screens use it (the contract's detail); `Item` a row of the list (the detail
 * without what only a detail shows); `Q` the list's query string.
 */
export interface Resource<T, Item = T, Q = Query> {
  name: string;
  path: string;
  /** The API serves `GET {path}/export` (every list of the shared list helper does; default true). */
  serverExport?: boolean;
  keys: ReturnType<typeof resourceKeys>;
  fetchPage(query: Q, signal?: AbortSignal): Promise<Paginated<Item>>;
  fetchOne(id: number, signal?: AbortSignal): Promise<T>;
}

/** A list's query string as the web sends it: the contract's filter names, each value sent as text. */
export type ListQueryOf<C extends EntityContract> = {
  [K in keyof QueryOf<C>]?: QueryValue | QueryValue[];
};

/** A declared action as the kit's row action (`RowAction`): its POST path, and its body typed by the contract. */
export interface ResourceAction<T> {
  path: (row: { id: number }) => string;
  body?: (row: T) => unknown;
}

/** The resource of an entity: its contract's paths and types. */
export interface EntityResource<C extends EntityContract>
  extends Resource<DetailOf<C>, ItemOf<C>, ListQueryOf<C>> {
  contract: C;
  /**
   * The rows the query selects, without paging (the API caps an unpaged list at 1,000 rows): the map's
   * devices, a vehicle's history.
   */
  fetchAll(
    query: ListQueryOf<C>,
    options?: { signal?: AbortSignal; background?: boolean; errors?: 'all' | 'first' | 'none' },
  ): Promise<ItemOf<C>[]>;
  /**
   * The contract's action `name` for a row action: `{ ...courses.action('statut', () => ({ statut: to })) }`.
   * Without `body` the kit posts its form's values (or nothing).
   */
  action<K extends keyof C['actions'] & string>(
    name: K,
    body?: (row: DetailOf<C>) => ActionBodyIn<C['actions'][K]>,
  ): ResourceAction<DetailOf<C>>;
  /** `POST {path}` outside the kit's forms: the envelope (the row and the server's message). */
  create(body: BodyIn<C['create']>, options?: WriteOptions): Promise<Envelope<WriteOutOf<C>>>;
  /** `POST {path}/{id}/update` outside the kit's forms: the envelope. */
  update(id: number, body: BodyIn<C['update']>, options?: WriteOptions): Promise<Envelope<WriteOutOf<C>>>;
  /** `POST {path}/{id}/destroy`, outside the kit's detail dialog. */
  destroy(id: number, options?: WriteOptions): Promise<void>;
}

type WriteOptions = Pick<RequestOptions, 'successToast' | 'errors' | 'errorDuration' | 'errorType'>;

export { resourceKeys } from './keys';

export function createResource<C extends EntityContract>(name: string, contract: C): EntityResource<C> {
  const { path } = contract;
  return {
    name,
    path,
    contract,
    keys: resourceKeys(name),
    fetchPage: async (query, signal) => (await http.get<Paginated<ItemOf<C>>>(path, { query, signal })).data,
    fetchOne: async (id, signal) => (await http.get<DetailOf<C>>(`${path}/${id}`, { signal })).data,
    fetchAll: async (query, options) => (await http.get<ItemOf<C>[]>(path, { query, ...options })).data,
    action: (name, body) => ({
      path: (row) => actionPath(contract, name, row.id),
      ...(body ? { body } : {}),
    }),
    create: (body, options) => http.post<WriteOutOf<C>>(path, body, options),
    update: (id, body, options) => http.post<WriteOutOf<C>>(`${path}/${id}/update`, body, options),
    destroy: async (id, options) => {
      await http.post<null>(`${path}/${id}/destroy`, undefined, options);
    },
  };
}

/** A list endpoint's contract: a GET without params answering a list (`listAnswer`). */
type ListEndpoint = EndpointContract & { method: 'GET'; params?: undefined };
/** A row of a list endpoint. */
export type ListRowOf<E extends ListEndpoint> = Extract<EndpointResponse<E>, unknown[]>[number];

/**
 * A list the API serves outside an entity (`GET /api/utilisateurs/connected`), from its endpoint's contract
 * (its rows typed by it); one row is read by `fetchOne` (the entity the row is: an account).
 */
export function createListResource<E extends ListEndpoint>(
  name: string,
  endpoint: E,
  fetchOne: (id: number, signal?: AbortSignal) => Promise<ListRowOf<E>>,
): Resource<ListRowOf<E>> {
  return {
    name,
    path: endpoint.path,
    keys: resourceKeys(name),
    fetchPage: async (query, signal) =>
      pageOf((await call(endpoint, { query } as CallInput<E>, { signal })).data as ListAnswer<ListRowOf<E>>),
    fetchOne,
  };
}

/** One page of the list (previous page kept while the next loads). */
export function useResourcePage<Item>(resource: Resource<unknown, Item>, query: Query) {
  return useQuery({
    queryKey: resource.keys.list(query),
    queryFn: ({ signal }) => resource.fetchPage(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** One row, shown at once from the list and refreshed from `GET {path}/{id}`. */
export function useResourceOne<T>(resource: Resource<T, unknown>, id: number | null, initial?: T) {
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
  /** An update: the version of the row it is based on (`If-Match`); a 409 then rejects without a toast. */
  version?: string;
}

/**
 * A POST on the resource (create, update, an action); the server's message is toasted. On success the row
 * the API answered goes into the cache, then the resource and `invalidates` refresh (lists, counts, selects).
 */
export function useResourcePost<T>(resource: Resource<T, unknown>, invalidates?: Invalidates) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ path, body, errorDuration, errorType, version }: PostVars) =>
      (
        await http.post<unknown>(path, body, {
          successToast: true,
          errorDuration,
          errorType,
          ...(version ? { ifMatch: version } : {}),
        })
      ).data,
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
