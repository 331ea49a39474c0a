import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './chauffeur.css';
import { demarrerEnvois } from './outbox';

// The driver's app (`/chauffeur`): its own small entry, installable, its shell kept by a service
// worker (scripts/chauffeur-sw.mjs) so it opens with no network after the first visit.

if ('serviceWorker' in navigator && import.meta.env.PROD) {
  void navigator.serviceWorker.register('/chauffeur-sw.js', { scope: '/chauffeur' }).catch(() => undefined);
}
demarrerEnvois();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
