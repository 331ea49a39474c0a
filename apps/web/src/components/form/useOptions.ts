import { useQuery } from '@tanstack/react-query';
import { http } from '../../app/http';
import type { Option, OptionsSource } from './fields';

/** The options of a select fed by an API list (cached 5 minutes, shared by every form and filter). */
export function useOptions(
  source: OptionsSource | undefined,
  fixed: Option[] = [],
): { options: Option[]; loading: boolean } {
  const query = useQuery({
    queryKey: ['options', source?.path, source?.query],
    queryFn: async ({ signal }) =>
      (
        await http.get<Record<string, unknown>[]>(source!.path, {
          query: { limit: 1000, ...source!.query },
          signal,
        })
      ).data,
    enabled: Boolean(source),
    staleTime: 5 * 60_000,
  });
  if (!source) return { options: fixed, loading: false };
  const rows = Array.isArray(query.data) ? query.data : [];
  return {
    options: rows.map((row) => ({
      value: source.value ? source.value(row) : (row.id as number),
      label: source.label(row),
    })),
    loading: query.isLoading,
  };
}
