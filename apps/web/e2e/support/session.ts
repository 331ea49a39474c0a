import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test';
import { BASE_URL, DATA_DIR } from './server';

export const DEMO_PASSWORD = 'Yams2026!';

/** What the app keeps in localStorage once signed in (apps/web/src/base/session.ts). */
export interface Session {
  token: string;
  user: { id: number; nom_complet: string; email: string | null };
}

const SESSION_KEY = 'yams.session';

/** Signs in through the API (no form): the answer the login page would have stored. */
export async function signInByApi(
  request: APIRequestContext,
  email: string,
  password = DEMO_PASSWORD,
): Promise<Session> {
  const res = await request.post(`${BASE_URL}/api/login`, { data: { email, password, source: 'e2e' } });
  const body = await res.json();
  expect(body.success, `connexion de ${email} : ${JSON.stringify(body.message)}`).toBe(true);
  return { token: body.data.token, user: body.data.user };
}

/** A Playwright storage state holding `session`, as the app would have left it after signing in. */
export function storageStateOf(session: Session) {
  return {
    cookies: [],
    origins: [{ origin: BASE_URL, localStorage: [{ name: SESSION_KEY, value: JSON.stringify(session) }] }],
  };
}

/** The file of a demo account's session, written once per run by sessions.setup.ts. */
export function sessionFile(email: string): string {
  return path.join(DATA_DIR, 'sessions', `${email}.json`);
}

export function savedSession(email: string): Session {
  const state = JSON.parse(fs.readFileSync(sessionFile(email), 'utf8')) as ReturnType<typeof storageStateOf>;
  return JSON.parse(state.origins[0]!.localStorage[0]!.value) as Session;
}

// The session a context was opened with, for the API calls a test makes before its page has loaded the app.
const opened = new WeakMap<BrowserContext, Session>();

export function rememberSession(context: BrowserContext, session: Session): void {
  opened.set(context, session);
}

/** Signs `page`'s browser in as `session` (no form): its next page load is inside the app. */
export async function openAs(page: Page, session: Session): Promise<void> {
  await page.context().setStorageState(storageStateOf(session));
  rememberSession(page.context(), session);
}

/**
 * The signed-in user's token: the one the app keeps in localStorage once the page is on the app, or the
 * one the context was opened with before that.
 */
export async function sessionToken(page: Page): Promise<string> {
  if (page.url().startsWith(BASE_URL)) {
    const token = await storedToken(page);
    if (token) return token;
  }
  const session = opened.get(page.context());
  if (!session) throw new Error('Aucune session : test.use({ account }) ou openAs() avant un appel à l’API.');
  return session.token;
}

export interface Answer<T> {
  success: boolean;
  message: unknown;
  data: T;
  errors?: unknown;
}

/** A call to the API as the signed-in user: GET, or POST when there is a body. */
export async function callApi<T = unknown>(page: Page, url: string, body?: unknown): Promise<Answer<T>> {
  const headers = { Authorization: `Bearer ${await sessionToken(page)}` };
  const res =
    body === undefined
      ? await page.request.get(url, { headers })
      : await page.request.post(url, { headers, data: body });
  return (await res.json()) as Answer<T>;
}

/** Fills the login form as a person would and submits it (opening the login page if needed). */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  if (!page.url().endsWith('/se-connecter')) await page.goto('/se-connecter');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/** Signs in through the form and waits for the home page inside the layout. */
export async function signInToHome(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await signIn(page, email, password);
  await expectHome(page);
}

/** Opens the home page of the signed-in account (its session already stored). */
export async function openHome(page: Page): Promise<void> {
  await page.goto('/');
  await expectHome(page);
}

/**
 * Waits for the home page inside the layout. The signed-in layout's code loads once the account is let in
 * (prefetched while a person types or reads; a test acts at once, on a loaded CI machine), or with the
 * whole app on a test's first page load: the first render may take many seconds on a shared machine.
 */
export async function expectHome(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Accueil', level: 3 })).toBeVisible({ timeout: 30_000 });
}

export async function openUserMenuItem(page: Page, item: 'Mon profil' | 'Se déconnecter'): Promise<void> {
  await page.getByRole('button', { name: /^Menu utilisateur/ }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** The token the app stored in localStorage ('yams.session'). */
export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as { token: string }).token : null;
  }, SESSION_KEY);
}
