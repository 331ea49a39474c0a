import { Spin } from 'antd';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ScreenBoundary } from './ScreenBoundary';

/** The current screen, with a spinner while its code loads and a boundary if that fails. */
export function ScreenOutlet() {
  const { pathname } = useLocation();
  return (
    <ScreenBoundary resetKey={pathname}>
      <Suspense
        fallback={
          <div style={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
            <Spin size="large" />
          </div>
        }
      >
        <Outlet />
      </Suspense>
    </ScreenBoundary>
  );
}
