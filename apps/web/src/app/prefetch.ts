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
 * Once signed in and idle, fetch every other screen's code (one at a time, when the browser has nothing
 * better to do, starting a little after the first screen), so the next screens open at once even on a
 * slow connection. Export's exceljs stays on demand.
 *
 * Not in a browser driven by automation (`navigator.webdriver`: the browser tests): each test opens a fresh
 * browser context with an empty cache, so the whole app's code would be fetched and compiled again in every
 * test, for screens it never opens (measured on two specs: 7 % of the run's CPU, 13 % of the pages'). Screens
 * still load on demand there, as they do for a person who opens one before the prefetch reached it.
 */
export function prefetchSignedInScreens(): void {
  if (done || navigator.webdriver) return;
  done = true;
  const queue = ROUTES.filter((r: RouteDef) => r.access === 'private').map((r: RouteDef) => r.screen);
  const idle: (cb: () => void) => void =
    typeof window.requestIdleCallback === 'function'
      ? (cb) => window.requestIdleCallback(cb, { timeout: 10_000 })
      : (cb) => setTimeout(cb, 300);
  const next = () => {
    queue.shift()?.preload();
    if (queue.length) setTimeout(() => idle(next), 100);
  };
  setTimeout(() => idle(next), 1500);
}
