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

export interface PagingState {
  page: number;
  pageSize: number;
}

const positive = (raw: string | null | undefined) => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : undefined;
};

/** `?page=3&per_page=12` in a query string, the defaults left out. */
export function searchWithPaging(search: string, paging: PagingState, defaultSize: number): string {
  const params = new URLSearchParams(search);
  if (paging.page > 1) params.set('page', String(paging.page));
  else params.delete('page');
  if (paging.pageSize !== defaultSize) params.set('per_page', String(paging.pageSize));
  else params.delete('per_page');
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The page and page size of a list, like its filters and sort: in the URL (`?page=3`, so a reload or a
 * shared link shows the same page) and remembered per page path (`yams.page:<path>`).
 */
export function usePagingState(
  defaultSize: number,
  sizes: number[],
): [PagingState, (next: PagingState | ((p: PagingState) => PagingState)) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const path = location.pathname;
  const key = `yams.page:${path}`;
  const read = useCallback(
    (search: string): PagingState => {
      const params = new URLSearchParams(search);
      let stored: Partial<PagingState> = {};
      try {
        stored = JSON.parse(localStorage.getItem(key) ?? '{}') as Partial<PagingState>;
      } catch {
        stored = {};
      }
      const fromUrl = params.has('page') || params.has('per_page');
      const page = fromUrl ? positive(params.get('page')) : positive(String(stored.page));
      const size = fromUrl ? positive(params.get('per_page')) : positive(String(stored.pageSize));
      return { page: page ?? 1, pageSize: size && sizes.includes(size) ? size : defaultSize };
    },
    [key, sizes, defaultSize],
  );
  const [paging, setPagingState] = useState<PagingState>(() => read(location.search));
  const current = useRef(paging);
  current.current = paging;

  const set = useCallback(
    (next: PagingState | ((p: PagingState) => PagingState)) => {
      const value = typeof next === 'function' ? next(current.current) : next;
      current.current = value;
      setPagingState(value);
      localStorage.setItem(key, JSON.stringify(value));
      const search = searchWithPaging(window.location.search, value, defaultSize);
      if (search !== window.location.search) navigate({ pathname: path, search }, { replace: true });
    },
    [key, defaultSize, navigate, path],
  );

  // A link to this page without `?page=` (the menu) keeps the remembered page in the URL; a link with one
  // shows that page.
  const latest = useRef({ read, set, defaultSize });
  latest.current = { read, set, defaultSize };
  useEffect(() => {
    const { read: readNow, set: setNow, defaultSize: size } = latest.current;
    const params = new URLSearchParams(location.search);
    const wanted = params.has('page') || params.has('per_page') ? readNow(location.search) : current.current;
    if (wanted.page !== current.current.page || wanted.pageSize !== current.current.pageSize) setNow(wanted);
    else if (searchWithPaging(location.search, wanted, size) !== location.search) setNow(wanted);
  }, [location.search]);

  return [paging, set];
}
