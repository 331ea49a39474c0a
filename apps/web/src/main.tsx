import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { OfflineBanner } from './app/OfflineBanner';
import { fetchFirstScreen, preloadCurrentScreen } from './app/prefetch';
import { Providers } from './app/providers';
import { router } from './app/router';
import { StartupGate } from './app/StartupGate';
import './app/global.css';
import { setFirstScreenFetcher } from './base/prefetch';

setFirstScreenFetcher(fetchFirstScreen);
preloadCurrentScreen(window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <OfflineBanner />
      <StartupGate>
        <RouterProvider router={router} />
      </StartupGate>
    </Providers>
  </StrictMode>,
);
