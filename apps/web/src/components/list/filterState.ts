import type { FilterDecl } from './types';

/**
 * The filter state of a list: a flat map of query parameters, identical in localStorage (per page path),
 * in the URL (`/ressources-humaines?type=camionneur`) and in the API query. Pure functions, unit-tested.
 */
export type FilterValues = Record<string, string>;

export const DEFAULT_RANGE_PARAMS: [string, string] = ['date_debut', 'date_fin'];

/** The query parameters a filter sets. */
export function filterParams(filter: FilterDecl): string[] {
  if (filter.type === 'dateRange') return filter.params ?? DEFAULT_RANGE_PARAMS;
  return [filter.name];
}

export function allParams(filters: FilterDecl[]): string[] {
  return filters.flatMap(filterParams);
}

/** Only non-empty values of declared parameters, trimmed (the specification). */
export function cleanFilters(values: Record<string, unknown>, filters: FilterDecl[]): FilterValues {
  const out: FilterValues = {};
  for (const param of allParams(filters)) {
    const raw = values[param];
    if (raw === undefined || raw === null) continue;
    const text = String(raw).trim();
    if (text) out[param] = text;
  }
  return out;
}

/** The filters named in a URL's query string (`?type=camionneur`); null when it names none. */
export function filtersFromSearch(search: string, filters: FilterDecl[]): FilterValues | null {
  const params = new URLSearchParams(search);
  const found = cleanFilters(Object.fromEntries(params.entries()), filters);
  return Object.keys(found).length ? found : null;
}

/** The query string of a filter state, other parameters of `search` kept. */
export function searchWithFilters(search: string, values: FilterValues, filters: FilterDecl[]): string {
  const params = new URLSearchParams(search);
  for (const param of allParams(filters)) params.delete(param);
  for (const [key, value] of Object.entries(values)) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const filterStorageKey = (path: string) => `yams.filters:${path}`;

export function readStoredFilters(
  storage: Pick<Storage, 'getItem'>,
  path: string,
  filters: FilterDecl[],
): FilterValues {
  try {
    const raw = storage.getItem(filterStorageKey(path));
    return raw ? cleanFilters(JSON.parse(raw) as Record<string, unknown>, filters) : {};
  } catch {
    return {};
  }
}

export function writeStoredFilters(
  storage: Pick<Storage, 'setItem' | 'removeItem'>,
  path: string,
  values: FilterValues,
): void {
  if (Object.keys(values).length) storage.setItem(filterStorageKey(path), JSON.stringify(values));
  else storage.removeItem(filterStorageKey(path));
}

/** The starting state: the URL wins (a link from the home counters), then what was stored. */
export function initialFilters(
  search: string,
  stored: FilterValues,
  filters: FilterDecl[],
): { values: FilterValues; fromUrl: boolean } {
  const fromUrl = filtersFromSearch(search, filters);
  return fromUrl ? { values: fromUrl, fromUrl: true } : { values: stored, fromUrl: false };
}

export interface FilterChip {
  /** The parameters removed together (both ends of a date range). */
  params: string[];
  label: string;
  value: string;
}

/** The active-filter summary: one removable chip per filter, with readable values. */
export function filterChips(
  values: FilterValues,
  filters: FilterDecl[],
  labelOf: (filter: FilterDecl) => string,
  optionLabel: (filter: FilterDecl, value: string) => string,
  formatDate: (value: string) => string,
): FilterChip[] {
  const chips: FilterChip[] = [];
  for (const filter of filters) {
    if (filter.type === 'dateRange') {
      const [from, to] = filter.params ?? DEFAULT_RANGE_PARAMS;
      const a = values[from];
      const b = values[to];
      if (!a && !b) continue;
      const text =
        a && b
          ? `${formatDate(a)} → ${formatDate(b)}`
          : a
            ? `dès ${formatDate(a)}`
            : `jusqu'au ${formatDate(b!)}`;
      chips.push({ params: [from, to], label: labelOf(filter), value: text });
      continue;
    }
    const value = values[filter.name];
    if (!value) continue;
    chips.push({ params: [filter.name], label: labelOf(filter), value: optionLabel(filter, value) });
  }
  return chips;
}

export function withoutParams(values: FilterValues, params: string[]): FilterValues {
  return Object.fromEntries(Object.entries(values).filter(([key]) => !params.includes(key)));
}
