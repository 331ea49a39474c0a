import { lazyScreen } from '../../base/lazyScreen';

/**
 * The signed-in layout (side menu, header, notifications, realtime), loaded on demand: the sign-in page
 * does not carry it. Fetched early when the address opened is a signed-in one, and while the user types
 * the password (`prefetch.ts`).
 */
export const AppLayoutScreen = lazyScreen(() =>
  import('./AppLayout').then((m) => ({ default: m.AppLayout })),
);
