import { routeOfPath } from '../base/paths';
import { AntdRootScreen, LIGHT_SCREENS } from './antdRootScreen';
import { AppLayoutScreen } from './layout/appLayoutScreen';
import { ROUTES, type RouteDef } from './routes';

/**
 * Fetch the first screen after sign-in while the user types (and the server checks the password). The sign-in
 * pages reach it through base/prefetch.ts (main.tsx hands it over), as features do not import the app.
 */
export function fetchFirstScreen(returnPath: string): void {
  const first =
    ROUTES.find((r: RouteDef) => r.path === returnPath) ?? ROUTES.find((r) => r.name === 'accueil');
  AntdRootScreen.preload();
  AppLayoutScreen.preload();
  first?.screen.preload();
}

/**
 * At start-up, fetch the screen of the address being opened at once, alongside the start-up request,
 * instead of after the first render (one round trip less before the page shows on a slow connection).
 */
export function preloadCurrentScreen(pathname: string): void {
  const name = routeOfPath(pathname)?.name;
  const route = ROUTES.find((r: RouteDef) => r.name === name);
  if (!route) return;
  if (!LIGHT_SCREENS.has(route.name)) AntdRootScreen.preload();
  if (route.access === 'private') AppLayoutScreen.preload();
  route.screen.preload();
}

let done = false;

/**
 * Once signed in and idle, hand the browser every other screen's files (`/prefetch.json`, written by the
 * build: scripts/prefetch-list.ts) as `<link rel="prefetch">`: fetched at idle priority into the HTTP cache,
 * so the next screens open without a network wait even on a slow connection, but neither parsed nor run
 * before a screen is opened (no CPU, battery or main-thread time spent on screens never shown; exceljs
 * stays on demand). Without the list (development server), nothing is fetched ahead.
 */
export function prefetchSignedInScreens(): void {
  if (done) return;
  done = true;
  const idle: (cb: () => void) => void =
    typeof window.requestIdleCallback === 'function'
      ? (cb) => window.requestIdleCallback(cb, { timeout: 10_000 })
      : (cb) => setTimeout(cb, 300);
  setTimeout(() => idle(() => void prefetchFiles()), 1500);
}

async function prefetchFiles(): Promise<void> {
  const files: unknown = await fetch('/prefetch.json')
    .then((res) => (res.ok ? res.json() : []))
    .catch(() => []);
  if (!Array.isArray(files)) return;
  for (const href of files) {
    if (typeof href !== 'string' || !href.startsWith('/assets/')) continue;
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    // The credentials mode of the module scripts and their CSS: the later request finds the cached copy.
    link.crossOrigin = 'anonymous';
    document.head.append(link);
  }
}
