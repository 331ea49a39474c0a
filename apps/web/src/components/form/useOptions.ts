import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type OptionOut, optionsEndpoint } from '@yams/shared';
import { useEffect, useState } from 'react';
import { call } from '../../base/http';
import type { Option, OptionsSource } from './fields';

/** How long the options are kept (shared by every form and filter of the same source). */
const STALE = 5 * 60_000;

interface Options {
  options: Option[];
  loading: boolean;
  /** Sources fed by the API: what the user types (debounced 250 ms); undefined for fixed options. */
  onSearch?: (text: string) => void;
}

const toValue = (source: OptionsSource, row: OptionOut) => (source.value ? source.value(row) : row.id);

/**
 * The options of a select fed by the API, through the list's options endpoint (`GET {path}/options`,
 * `[{id, label}]`, `optionsEndpoint` in packages/shared): the first 30 choices, then a server search as one
 * types, and the label of the value already chosen (`?id=`) when it is not among them. Never whole rows nor
 * a capped table, so any row can be chosen however many there are.
 */
export function useOptions(
  source: OptionsSource | undefined,
  fixed: Option[] = [],
  selected?: unknown,
): Options {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setSearch(typed.trim()), 250);
    return () => clearTimeout(t);
  }, [typed]);

  const searchQuery = useQuery({
    queryKey: ['options', source?.path, source?.query, source?.variant, 'search', search],
    queryFn: async ({ signal }) =>
      (
        await call(
          optionsEndpoint(source!.path),
          { query: { ...source!.query, label: source!.variant, search: search || undefined } },
          { signal },
        )
      ).data,
    enabled: Boolean(source),
    staleTime: STALE,
    placeholderData: keepPreviousData,
  });
  const searched = Array.isArray(searchQuery.data) ? searchQuery.data : [];
  const chosen = selected === undefined || selected === null || selected === '' ? null : String(selected);
  const missing =
    Boolean(source) && chosen !== null && !searched.some((o) => String(toValue(source!, o)) === chosen);
  const chosenQuery = useQuery({
    queryKey: ['options', source?.path, source?.query, source?.variant, 'id', chosen],
    queryFn: async ({ signal }) =>
      (
        await call(
          optionsEndpoint(source!.path),
          { query: { label: source!.variant, id: chosen } },
          { signal },
        )
      ).data,
    enabled: missing && /^\d+$/.test(chosen ?? ''),
    staleTime: STALE,
  });

  if (!source) return { options: fixed, loading: false };
  const extra = missing && Array.isArray(chosenQuery.data) ? chosenQuery.data : [];
  return {
    options: [...extra, ...searched].map((o) => ({ value: toValue(source, o), label: o.label })),
    loading: searchQuery.isFetching,
    onSearch: setTyped,
  };
}
