import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useIsMobile } from '../useIsMobile';
import {
  type FilterValues,
  filtersFromSearch,
  initialFilters,
  readStoredFilters,
  searchWithFilters,
  writeStoredFilters,
} from './filterState';
import type { FilterDecl } from './types';

const same = (a: FilterValues, b: FilterValues) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The applied filters of a list page: kept in localStorage per page path and mirrored in the URL, so a
 * reload, a shared link and the home counters' links (`?type=camionneur`) all show the same list.
 */
export function useFilterState(filters: FilterDecl[]) {
  const location = useLocation();
  const navigate = useNavigate();
  const path = location.pathname;
  const [values, setValues] = useState<FilterValues>(
    () => initialFilters(location.search, readStoredFilters(localStorage, path, filters), filters).values,
  );

  const apply = useCallback(
    (next: FilterValues) => {
      setValues(next);
      writeStoredFilters(localStorage, path, next);
      const search = searchWithFilters(window.location.search, next, filters);
      if (search !== window.location.search) navigate({ pathname: path, search }, { replace: true });
    },
    [filters, navigate, path],
  );

  // The URL and the storage follow the state; a new link to this page (`?type=…`) replaces it.
  const latest = useRef({ values, apply, filters });
  latest.current = { values, apply, filters };
  useEffect(() => {
    const { values: current, apply: applyNow, filters: declared } = latest.current;
    const fromUrl = filtersFromSearch(location.search, declared);
    if (fromUrl && !same(fromUrl, current)) applyNow(fromUrl);
    else if (!fromUrl) applyNow(current);
  }, [location.search]);

  return { values, apply };
}

export type ViewMode = 'table' | 'cards';

/** Table or cards, remembered per page path (cards by default on a phone). */
export function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const path = useLocation().pathname;
  const isMobile = useIsMobile();
  const key = `yams.view:${path}`;
  const [stored, setStored] = useState<ViewMode | null>(() => {
    const raw = localStorage.getItem(key);
    return raw === 'table' || raw === 'cards' ? raw : null;
  });
  const set = useCallback(
    (mode: ViewMode) => {
      localStorage.setItem(key, mode);
      setStored(mode);
    },
    [key],
  );
  return [stored ?? (isMobile ? 'cards' : 'table'), set];
}

/**
 * The server-side sort of a list (`?sort=champ` / `?sort=-champ`), remembered per page path. Only a
 * field some column offers is restored, so a renamed column never sends a sort the API refuses.
 */
export function useSortState(allowed: string[]): [string | undefined, (sort: string | undefined) => void] {
  const key = `yams.sort:${useLocation().pathname}`;
  const [sort, setSort] = useState<string | undefined>(() => {
    const raw = localStorage.getItem(key) ?? '';
    return allowed.includes(raw.replace(/^-/, '')) ? raw : undefined;
  });
  const set = useCallback(
    (next: string | undefined) => {
      if (next) localStorage.setItem(key, next);
      else localStorage.removeItem(key);
      setSort(next);
    },
    [key],
  );
  return [sort, set];
}
