import { useCallback, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { DialogState } from './DetailDialog';
import type { Row } from './types';

/** `?id=nouveau`: the creation form is open. */
const CREATION = 'nouveau';

/**
 * The open record of a list screen lives in the address bar: `?id=12` is its detail dialog,
 * `?id=nouveau` the creation form. Opening one pushes a history step, so a reload keeps it open, the link can
 * be shared (a notification's link is one), and Back — a phone's back button — closes the dialog instead of
 * leaving the page. Closing goes back over the step it pushed, or, opened from a link, drops the id in place.
 */
export function useRecordDialog<T extends Row>() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  // The row clicked in the list: shown at once while the dialog reads it afresh.
  const [clicked, setClicked] = useState<T | undefined>();
  const raw = params.get('id');
  const pushed = (location.state as { fiche?: boolean } | null)?.fiche === true;

  let dialog: DialogState<T> = { kind: 'closed' };
  if (raw === CREATION) dialog = { kind: 'create' };
  else if (raw) {
    const id = Number(raw);
    if (Number.isInteger(id) && id > 0) {
      dialog = { kind: 'view', id, row: clicked?.id === id ? clicked : undefined };
    }
  }

  const openAt = useCallback(
    (value: string, row?: T) => {
      setClicked(row);
      setParams(
        (p) => {
          p.set('id', value);
          return p;
        },
        { state: { fiche: true } },
      );
    },
    [setParams],
  );
  const close = useCallback(() => {
    if (pushed) navigate(-1);
    else
      setParams(
        (p) => {
          p.delete('id');
          return p;
        },
        { replace: true },
      );
  }, [pushed, navigate, setParams]);

  return {
    dialog,
    open: useCallback((row: T) => openAt(String(row.id), row), [openAt]),
    create: useCallback(() => openAt(CREATION), [openAt]),
    close,
  };
}

/** A link that opens one row's detail on its list screen (e.g. a demande's course). */
export const openLink = (path: string, id: number) => `${path}?id=${id}`;
