import type { Query } from '../../base/http';
/** The query keys of one API resource: lists, counts and details under `[name]`. */
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
