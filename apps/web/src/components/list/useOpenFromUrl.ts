import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type Resource, useResourceOne } from './resource';

/** The URL parameter naming a row to open: `/operations/courses?voir=42` opens course 42's detail. */
export const OPEN_PARAM = 'voir';

/** A link that opens one row's detail on its list screen (e.g. a demande's course). */
export const openLink = (path: string, id: number) => `${path}?${OPEN_PARAM}=${id}`;

/**
 * Opens the detail of the row named by `?voir=<id>` once it is fetched, then drops the parameter so a
 * reload or closing the dialog does not open it again. A row that does not exist (or is another
 * company's) answers 404: the parameter is dropped and the list shows as usual.
 */
export function useOpenFromUrl<T>(resource: Resource<T>, open: (row: T) => void): void {
  const location = useLocation();
  const navigate = useNavigate();
  const raw = new URLSearchParams(location.search).get(OPEN_PARAM);
  const id = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const one = useResourceOne(resource, id);
  const opener = useRef(open);
  opener.current = open;

  useEffect(() => {
    if (raw === null) return;
    if (id !== null && !one.data && !one.isError) return;
    if (id !== null && one.data) opener.current(one.data);
    const params = new URLSearchParams(window.location.search);
    params.delete(OPEN_PARAM);
    const search = params.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
  }, [raw, id, one.data, one.isError, navigate, location.pathname]);
}
