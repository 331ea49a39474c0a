import { MOBILE_BREAKPOINT_PX } from '@yams/shared';
import { useSyncExternalStore } from 'react';

const query = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;

function subscribe(listener: () => void): () => void {
  const list = window.matchMedia(query);
  list.addEventListener('change', listener);
  return () => list.removeEventListener('change', listener);
}

/** True at 770 px wide or less (the specification): drawers instead of side bars, full-width dialogs. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
