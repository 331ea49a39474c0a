import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { CenteredSpinner } from './light/light';
import { ScreenBoundary } from './ScreenBoundary';

/** The current screen, with a spinner while its code loads and a boundary if that fails. */
export function ScreenOutlet() {
  const { pathname } = useLocation();
  return (
    <ScreenBoundary resetKey={pathname}>
      <Suspense fallback={<CenteredSpinner minHeight={240} />}>
        <Outlet />
      </Suspense>
    </ScreenBoundary>
  );
}
