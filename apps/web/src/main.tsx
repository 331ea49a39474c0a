import { createRoot } from 'react-dom/client';
import './app/global.css';
import { fetchFirstScreen, preloadCurrentScreen } from './app/prefetch';
import { AppScreen, Start } from './app/Start';
import { setNavigator, writeHistory } from './base/nav';
import { PATHS, routeOfPath } from './base/paths';
import { setFirstScreenFetcher } from './base/prefetch';
import { getSession } from './base/session';

/**
 * A signed-out visit to the sign-in page, or to a screen that needs a session (sent there the way the router's
 * guard would, remembering the page asked for), starts on the sign-in page alone: the router, the query cache
 * and antd (≈ 40 KB gzip of router and cache) load while the user types, not before the form shows.
 */
function signedOutStart(): boolean {
  if (getSession()) return false;
  const { pathname, search, hash } = window.location;
  const route = routeOfPath(pathname);
  if (route?.name === 'login') return true;
  if (route && route.access !== 'private') return false;
  const from = `${pathname}${search}${hash}`;
  writeHistory(PATHS.login, { replace: true, state: from === PATHS.accueil ? null : { from } });
  return true;
}

const root = createRoot(document.getElementById('root')!);
setFirstScreenFetcher((returnPath) => {
  AppScreen.preload();
  fetchFirstScreen(returnPath);
});

if (signedOutStart()) {
  // The first move away (home once signed in, 'Mot de passe oublié ?') hands over to the full app there.
  setNavigator((to, options) => {
    writeHistory(to, options);
    root.render(<Start signedOut={false} />);
  });
  root.render(<Start signedOut />);
} else {
  AppScreen.preload();
  preloadCurrentScreen(window.location.pathname);
  root.render(<Start signedOut={false} />);
}
