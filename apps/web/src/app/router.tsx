import { lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { type Access, PATHS, REDIRECTS, type RouteName } from '../base/paths';
import { CenteredSpinner } from '../components/light/light';
import { AntdRootScreen, LIGHT_SCREENS } from './antdRootScreen';
import { GuestOnly, RequireAuth, VerifyOnly } from './guards';
import { AuthLayout } from './layout/AuthLayout';
import { AppLayoutScreen } from './layout/appLayoutScreen';
import { RootShell } from './RootShell';
import RouteErrorPage from './RouteErrorPage';
import { ROUTES, type RouteDef } from './routes';

const NotFoundPage = lazy(() => import('./NotFoundPage'));

/** While the signed-in layout's code arrives (once per visit; it is usually prefetched by then). */
function LayoutLoading() {
  return <CenteredSpinner label="Chargement" />;
}

/** A screen outside the signed-in layout, inside antd's providers (loaded on demand). */
function withAntd(element: ReactNode): ReactNode {
  return (
    <Suspense fallback={<CenteredSpinner minHeight={240} />}>
      <AntdRootScreen>{element}</AntdRootScreen>
    </Suspense>
  );
}

export interface RouteHandle {
  name: RouteName;
  title: string;
}

function toRouteObject(def: RouteDef, wrap = false): RouteObject {
  const Screen = def.screen;
  const children = ROUTES.filter((r: RouteDef) => r.parent === def.name).map((r) => toRouteObject(r));
  const redirect = REDIRECTS[def.name as RouteName];
  if (redirect) children.unshift({ index: true, element: <Navigate to={PATHS[redirect]} replace /> });
  return {
    path: def.path,
    element: wrap && !LIGHT_SCREENS.has(def.name) ? withAntd(<Screen />) : <Screen />,
    handle: { name: def.name as RouteName, title: def.title } satisfies RouteHandle,
    children: children.length ? children : undefined,
  };
}

/** The top-level routes of one access; outside the signed-in layout, each screen brings antd itself. */
const topLevel = (access: Access) =>
  ROUTES.filter((r: RouteDef) => r.access === access && !r.parent).map((r) =>
    toRouteObject(r, access !== 'private'),
  );

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
              <AntdRootScreen>
                <AppLayoutScreen />
              </AntdRootScreen>
            </Suspense>
          </RequireAuth>
        ),
        children: [...topLevel('private'), { path: '*', element: <NotFoundPage /> }],
      },
    ],
  },
];

/** Built when the full app starts (it reads the address then: see main.tsx's light start). */
export const createAppRouter = () => createBrowserRouter(routeObjects);
