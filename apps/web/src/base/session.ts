import type { UserOut } from '@yams/shared';
import { useSyncExternalStore } from 'react';

/** The signed-in user and its bearer token, kept in localStorage (the specification's "Session"). */
export interface Session {
  user: UserOut;
  token: string;
}

export const SESSION_KEY = 'yams.session';

/**
 * Whether a stored user has what the guards and the shell read before the server answers. A light check (the
 * sign-in page carries no zod): the signed-in layout replaces the stored user with `/api/me`'s at once.
 */
function isStoredUser(user: unknown): user is UserOut {
  if (!user || typeof user !== 'object') return false;
  const u = user as Record<string, unknown>;
  return (
    typeof u.id === 'number' &&
    typeof u.type === 'string' &&
    typeof u.nom_complet === 'string' &&
    (u.email_verified_at === null || typeof u.email_verified_at === 'string')
  );
}

function read(): Session | null {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { user?: unknown; token?: unknown };
    if (!isStoredUser(parsed.user) || typeof parsed.token !== 'string' || !parsed.token) return null;
    return { user: parsed.user, token: parsed.token };
  } catch {
    return null;
  }
}

let current: Session | null = read();
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  return current;
}

// What belongs to the previous user and must go when another signs in (the query cache registers itself;
// on the sign-in page's light start there is none yet).
const signInListeners = new Set<() => void>();

export function onSignIn(listener: () => void): void {
  signInListeners.add(listener);
}

/** A new sign-in: forget the previous user's cached data, then keep the session. */
export function signIn(session: Session): void {
  for (const listener of signInListeners) listener();
  setSession(session);
}

export function setSession(session: Session): void {
  current = session;
  localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  emit();
}

/** Keeps the token, replaces the user (after /api/me or a profile update). */
export function updateSessionUser(user: UserOut): void {
  if (current) setSession({ ...current, user });
}

export function clearSession(): void {
  if (!current && localStorage.getItem(SESSION_KEY) === null) return;
  current = null;
  localStorage.removeItem(SESSION_KEY);
  emit();
}

export function isVerified(session: Session | null): boolean {
  return Boolean(session?.user.email_verified_at);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab signing in or out changes this one too.
window.addEventListener('storage', (event) => {
  if (event.key !== SESSION_KEY && event.key !== null) return;
  current = read();
  emit();
});

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession);
}
