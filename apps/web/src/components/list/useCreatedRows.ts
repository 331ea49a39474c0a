import { useQueries } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { Resource } from './resource';
import type { Row } from './types';

/** A row the creation form answered, and the list (filters, order, page) it was created from. */
interface Created<T> {
  id: number;
  list: string;
  row: T;
}

const isRow = (data: unknown): data is Row =>
  typeof data === 'object' && data !== null && typeof (data as { id?: unknown }).id === 'number';

/**
 * The rows created from a list screen, shown at once: a new row is never lost on a page far away (clients
 * were listed oldest first, vehicles are listed by plate, a filter may leave it out). While the list is the
 * one it was created from (same filters, order and page), each row created there is put on top of it unless
 * the page already holds it, and marked as just added. Each is read again like any row (`GET {path}/{id}`),
 * so an edit or a deletion shows; a row the API no longer answers is dropped.
 */
export function useCreatedRows<T extends Row>(resource: Resource<T, unknown>, list: string) {
  const [created, setCreated] = useState<Created<T>[]>([]);
  const here = created.filter((c) => c.list === list);
  const read = useQueries({
    queries: here.map((c) => ({
      queryKey: resource.keys.detail(c.id),
      queryFn: ({ signal }: { signal: AbortSignal }) => resource.fetchOne(c.id, signal),
      initialData: c.row,
      initialDataUpdatedAt: 0,
      retry: false,
    })),
  });
  const rows = read.flatMap((q) => (q.data && !q.isError ? [q.data] : []));
  const add = useCallback(
    (data: unknown) => {
      if (!isRow(data)) return;
      const row = data as T;
      setCreated((all) => [{ id: row.id, list, row }, ...all.filter((c) => c.id !== row.id)]);
    },
    [list],
  );
  return { rows, add };
}

/** The page's rows with the rows created here on top (those the page does not hold already). */
export function withCreated<T extends Row>(page: T[] | undefined, created: T[]): T[] | undefined {
  if (!page) return page;
  const onPage = new Set(page.map((r) => r.id));
  return [...created.filter((r) => !onPage.has(r.id)), ...page];
}
