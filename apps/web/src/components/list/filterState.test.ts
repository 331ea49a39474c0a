import { describe, expect, it } from 'vitest';
import {
  cleanFilters,
  filterChips,
  filtersFromSearch,
  initialFilters,
  readStoredFilters,
  searchWithFilters,
  withoutParams,
  writeStoredFilters,
} from './filterState';
import type { FilterDecl } from './types';

const FILTERS: FilterDecl[] = [
  { type: 'select', name: 'type', options: [{ value: 'agent', label: 'Agent controleur' }] },
  { type: 'text', name: 'search' },
  { type: 'dateRange' },
];

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('filter state', () => {
  it('keeps only non-empty values of declared parameters', () => {
    expect(
      cleanFilters(
        { type: 'agent', search: '  ', date_debut: '2026-01-01', date_fin: null, page: '3' },
        FILTERS,
      ),
    ).toEqual({ type: 'agent', date_debut: '2026-01-01' });
  });

  it('reads the filters of a URL, or null when it names none', () => {
    expect(filtersFromSearch('?type=agent&foo=1', FILTERS)).toEqual({ type: 'agent' });
    expect(filtersFromSearch('?foo=1&type=', FILTERS)).toBeNull();
    expect(filtersFromSearch('', FILTERS)).toBeNull();
  });

  it('writes the state into the query string and keeps other parameters', () => {
    expect(searchWithFilters('?foo=1&type=client', { type: 'agent', search: 'ab c' }, FILTERS)).toBe(
      '?foo=1&type=agent&search=ab+c',
    );
    expect(searchWithFilters('?type=client', {}, FILTERS)).toBe('');
  });

  it('lets the URL win over the stored state, which is kept per page path', () => {
    const storage = memoryStorage();
    writeStoredFilters(storage, '/ressources-humaines', { search: 'dupont' });
    const stored = readStoredFilters(storage, '/ressources-humaines', FILTERS);
    expect(stored).toEqual({ search: 'dupont' });
    expect(readStoredFilters(storage, '/operations/clients', FILTERS)).toEqual({});
    expect(initialFilters('?type=agent', stored, FILTERS)).toEqual({
      values: { type: 'agent' },
      fromUrl: true,
    });
    expect(initialFilters('', stored, FILTERS)).toEqual({ values: { search: 'dupont' }, fromUrl: false });
    writeStoredFilters(storage, '/ressources-humaines', {});
    expect(storage.map.size).toBe(0);
  });

  it('survives a corrupt stored value', () => {
    const storage = memoryStorage();
    storage.setItem('yams.filters:/x', '{oops');
    expect(readStoredFilters(storage, '/x', FILTERS)).toEqual({});
  });

  it('summarises active filters as chips, a date range as one chip', () => {
    const chips = filterChips(
      { type: 'agent', date_debut: '2026-01-01', date_fin: '2026-01-31' },
      FILTERS,
      (f) => (f.type === 'dateRange' ? 'Période' : f.name),
      (_f, v) => (v === 'agent' ? 'Agent controleur' : v),
      (d) => d.split('-').reverse().join('/'),
    );
    expect(chips).toEqual([
      { params: ['type'], label: 'type', value: 'Agent controleur' },
      { params: ['date_debut', 'date_fin'], label: 'Période', value: '01/01/2026 → 31/01/2026' },
    ]);
    expect(withoutParams({ type: 'agent', date_debut: 'a', date_fin: 'b' }, chips[1]!.params)).toEqual({
      type: 'agent',
    });
  });
});
