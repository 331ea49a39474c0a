import { PATHS } from './paths';

let fetchFirstScreen: (returnPath: string) => void = () => undefined;

/** The app, which alone knows the screens, says how to fetch the first one after sign-in (main.tsx). */
export function setFirstScreenFetcher(fetcher: (returnPath: string) => void): void {
  fetchFirstScreen = fetcher;
}

/** Fetch the first screen after sign-in while the user types (and the server checks the password). */
export function prefetchFirstScreen(returnPath: string = PATHS.accueil): void {
  fetchFirstScreen(returnPath);
}

/** Runs `task` once the page has shown and the browser is idle; returns a cancel function. */
export function whenIdle(task: () => void, delayMs = 500): () => void {
  let idleId: number | undefined;
  const timer = setTimeout(() => {
    if (typeof window.requestIdleCallback === 'function') {
      idleId = window.requestIdleCallback(task, { timeout: 5000 });
    } else task();
  }, delayMs);
  return () => {
    clearTimeout(timer);
    if (idleId !== undefined) window.cancelIdleCallback(idleId);
  };
}
