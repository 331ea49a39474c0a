import { useQuery } from '@tanstack/react-query';
import { http } from '../../app/http';
import type { Option, OptionsSource } from './fields';

/** The options of a select fed by an API list (cached 5 minutes, shared by every form and filter). */
export function useOptions(
  source: OptionsSource | undefined,
  fixed: Option[] = [],
): { options: Option[]; loading: boolean; rowOf: (value: unknown) => Record<string, unknown> | undefined } {
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
  if (!source) return { options: fixed, loading: false, rowOf: () => undefined };
  const rows = Array.isArray(query.data) ? query.data : [];
  const optionValue = (row: Record<string, unknown>) =>
    source.value ? source.value(row) : (row.id as number);
  const options = rows.map((row) => {
    const reason = source.disabled?.(row);
    const label = source.label(row);
    return reason
      ? { value: optionValue(row), label: `${label} — ${reason}`, disabled: true }
      : { value: optionValue(row), label };
  });
  // What can be chosen first; the others after, disabled, with their reason.
  options.sort((a, b) => Number(Boolean(a.disabled)) - Number(Boolean(b.disabled)));
  return {
    options,
    loading: query.isLoading,
    rowOf: (value) => rows.find((row) => optionValue(row) === value),
  };
}
