import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { http } from '../../base/http';
import type { Option, OptionsSource } from './fields';

/** How long the options are kept (shared by every form and filter of the same source). */
const STALE = 5 * 60_000;

interface Options {
  options: Option[];
  loading: boolean;
  /** Server-searched sources: what the user types (debounced 250 ms); undefined for the others. */
  onSearch?: (text: string) => void;
}

const toValue = (source: OptionsSource, row: Record<string, unknown>) =>
  source.value ? source.value(row) : (row.id as number);

/**
 * The options of a select fed by the API. A source without `label` uses the list's options endpoint
 * (`GET {path}/options`, `[{id, label}]`): the first 30 choices, then a server search as one types, and the
 * label of the value already chosen (`?id=`) when it is not among them. A source with `label` keeps the old
 * way (whole rows, capped at 1,000).
 */
export function useOptions(
  source: OptionsSource | undefined,
  fixed: Option[] = [],
  selected?: unknown,
): Options {
  const server = Boolean(source && !source.label);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setSearch(typed.trim()), 250);
    return () => clearTimeout(t);
  }, [typed]);

  const rowsQuery = useQuery({
    queryKey: ['options', source?.path, source?.query],
    queryFn: async ({ signal }) =>
      (
        await http.get<Record<string, unknown>[]>(source!.path, {
          query: { limit: 1000, ...source!.query },
          signal,
        })
      ).data,
    enabled: Boolean(source) && !server,
    staleTime: STALE,
  });
  const searchQuery = useQuery({
    queryKey: ['options', source?.path, source?.query, source?.variant, 'search', search],
    queryFn: async ({ signal }) =>
      (
        await http.get<Array<{ id: number; label: string }>>(`${source!.path}/options`, {
          query: { ...source!.query, label: source!.variant, search: search || undefined },
          signal,
        })
      ).data,
    enabled: server,
    staleTime: STALE,
    placeholderData: keepPreviousData,
  });
  const searched = Array.isArray(searchQuery.data) ? searchQuery.data : [];
  const chosen = selected === undefined || selected === null || selected === '' ? null : String(selected);
  const missing = server && chosen !== null && !searched.some((o) => String(toValue(source!, o)) === chosen);
  const chosenQuery = useQuery({
    queryKey: ['options', source?.path, source?.query, source?.variant, 'id', chosen],
    queryFn: async ({ signal }) =>
      (
        await http.get<Array<{ id: number; label: string }>>(`${source!.path}/options`, {
          query: { label: source!.variant, id: chosen },
          signal,
        })
      ).data,
    enabled: missing && /^\d+$/.test(chosen ?? ''),
    staleTime: STALE,
  });

  if (!source) return { options: fixed, loading: false };
  if (!server) {
    const rows = Array.isArray(rowsQuery.data) ? rowsQuery.data : [];
    return {
      options: rows.map((row) => ({ value: toValue(source, row), label: source.label!(row) })),
      loading: rowsQuery.isLoading,
    };
  }
  const extra = missing && Array.isArray(chosenQuery.data) ? chosenQuery.data : [];
  return {
    options: [...extra, ...searched].map((o) => ({ value: toValue(source, o), label: o.label })),
    loading: searchQuery.isFetching,
    onSearch: setTyped,
  };
}
