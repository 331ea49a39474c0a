import { APP_NAME } from '@yams/shared';
import { useEffect } from 'react';
import { Outlet, useMatches } from 'react-router';
import type { RouteHandle } from './router';

/** The deepest matched route's title, e.g. 'Véhicules'. */
export function useRouteTitle(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.title) return handle.title;
  }
  return undefined;
}

/** Keeps the browser tab's title in step with the screen. */
export function RootShell() {
  const title = useRouteTitle();
  useEffect(() => {
    document.title = title ? `${title} — ${APP_NAME}` : APP_NAME;
  }, [title]);
  return <Outlet />;
}
