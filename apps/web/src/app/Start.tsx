import { APP_NAME } from '@yams/shared';
import { StrictMode, Suspense, useEffect } from 'react';
import { lazyScreen } from '../base/lazyScreen';
import { routeByName } from '../base/paths';
import { CenteredSpinner } from '../components/light/light';
import { ScreenBoundary } from '../components/ScreenBoundary';
import LoginPage from '../features/auth/LoginPage';
import { AuthFrame } from './layout/AuthFrame';
import { OfflineBanner } from './OfflineBanner';
import { StartupGate } from './StartupGate';

/** The router, the query cache and the screens (App.tsx), loaded after the entry. */
export const AppScreen = lazyScreen(() => import('./App'));

/** The sign-in page alone, before the router: its own frame and tab title. */
function SignedOutLogin() {
  useEffect(() => {
    document.title = `${routeByName('login').title} — ${APP_NAME}`;
  }, []);
  return (
    <AuthFrame>
      <LoginPage />
    </AuthFrame>
  );
}

/**
 * What the entry renders. `signedOut`: the sign-in page shows alone, without the router, the query cache or
 * antd (main.tsx); the first move away from it renders this again with `signedOut` false, keeping the
 * offline banner and the start-up check, and the full app takes over at the new address.
 */
export function Start({ signedOut }: { signedOut: boolean }) {
  return (
    <StrictMode>
      <OfflineBanner />
      <StartupGate>
        <ScreenBoundary resetKey={signedOut ? 'login' : 'app'}>
          {signedOut ? (
            <SignedOutLogin />
          ) : (
            <Suspense fallback={<CenteredSpinner label="Chargement" />}>
              <AppScreen />
            </Suspense>
          )}
        </ScreenBoundary>
      </StartupGate>
    </StrictMode>
  );
}
