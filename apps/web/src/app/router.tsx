import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { type Access, PATHS, REDIRECTS, type RouteName } from '../base/paths';
import { GuestOnly, RequireAuth, VerifyOnly } from './guards';
import { AuthLayout } from './layout/AuthLayout';
import { AppLayoutScreen } from './layout/appLayoutScreen';
import { RootShell } from './RootShell';
import RouteErrorPage from './RouteErrorPage';
import { ROUTES, type RouteDef } from './routes';

const NotFoundPage = lazy(() => import('./NotFoundPage'));

/** While the signed-in layout's code arrives (once per visit; it is usually prefetched by then). */
function LayoutLoading() {
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
      <Spin size="large" aria-label="Chargement" />
    </div>
  );
}

export interface RouteHandle {
  name: RouteName;
  title: string;
}

function toRouteObject(def: RouteDef): RouteObject {
  const Screen = def.screen;
  const children = ROUTES.filter((r: RouteDef) => r.parent === def.name).map(toRouteObject);
  const redirect = REDIRECTS[def.name as RouteName];
  if (redirect) children.unshift({ index: true, element: <Navigate to={PATHS[redirect]} replace /> });
  return {
    path: def.path,
    element: <Screen />,
    handle: { name: def.name as RouteName, title: def.title } satisfies RouteHandle,
    children: children.length ? children : undefined,
  };
}

const topLevel = (access: Access) =>
  ROUTES.filter((r: RouteDef) => r.access === access && !r.parent).map(toRouteObject);

export const routeObjects: RouteObject[] = [
  {
    element: <RootShell />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: (
          <GuestOnly>
            <AuthLayout />
          </GuestOnly>
        ),
        children: topLevel('guest'),
      },
      {
        element: (
          <VerifyOnly>
            <AuthLayout />
          </VerifyOnly>
        ),
        children: topLevel('verify'),
      },
      { element: <AuthLayout />, children: topLevel('public') },
      ...topLevel('open'),
      {
        element: (
          <RequireAuth>
            <Suspense fallback={<LayoutLoading />}>
              <AppLayoutScreen />
            </Suspense>
          </RequireAuth>
        ),
        children: [...topLevel('private'), { path: '*', element: <NotFoundPage /> }],
      },
    ],
  },
];

export const router = createBrowserRouter(routeObjects);
