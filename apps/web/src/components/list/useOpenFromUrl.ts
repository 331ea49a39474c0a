import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { DialogState } from './DetailDialog';
import type { ListDecl, Row } from './types';

/**
 * `?id=12` in the URL (a notification's link, a browser notification's click) opens that row's detail
 * dialog once it is loaded, then leaves the URL as it was without the id.
 */
export function useOpenFromUrl<T extends Row>(
  decl: ListDecl<T>,
  open: (state: DialogState<T>) => void,
): void {
  const [params, setParams] = useSearchParams();
  const raw = params.get('id');
  useEffect(() => {
    const id = Number(raw);
    if (!raw || !Number.isInteger(id) || id <= 0) return;
    let cancelled = false;
    decl.resource
      .fetchOne(id)
      .then((row) => {
        if (!cancelled) open({ kind: 'view', row });
      })
      .catch(() => undefined) // Not found or not ours: the HTTP client already said so.
      .finally(() => {
        if (cancelled) return;
        setParams(
          (p) => {
            p.delete('id');
            return p;
          },
          { replace: true },
        );
      });
    return () => {
      cancelled = true;
    };
  }, [raw, decl.resource, open, setParams]);
}

/** A link that opens one row's detail on its list screen (e.g. a demande's course). */
export const openLink = (path: string, id: number) => `${path}?id=${id}`;
