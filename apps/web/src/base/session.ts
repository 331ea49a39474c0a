import { UserOut } from '@yams/shared';
import { useSyncExternalStore } from 'react';

/** The signed-in user and its bearer token, kept in localStorage (spec section 3 "Session"). */
export interface Session {
  user: UserOut;
  token: string;
}

export const SESSION_KEY = 'yams.session';

function read(): Session | null {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { user?: unknown; token?: unknown };
    const user = UserOut.safeParse(parsed.user);
    if (!user.success || typeof parsed.token !== 'string' || !parsed.token) return null;
    return { user: user.data, token: parsed.token };
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
