import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { waitForNewMail } from './mail';
import { BASE_URL } from './server';
import { openAs, type Session, savedSession, signInByApi } from './session';

/**
 * The demo accounts the specs use, signed in once per run by sessions.setup.ts (`test.use({ account })`).
 * Parallel workers share them, so each has a rule:
 * - TRANSGABON is read, never changed: its lists, counts and charts are the seed's, so a spec asserts exact
 *   totals on them (sessions.setup.ts notes its counts and transgabon.teardown.ts checks none moved);
 * - OGOUE is where specs write, each test on rows of its own (a client, a vehicle, a name with a unique
 *   stamp) and filtering on them, never on a total of the company;
 * - a test that needs totals of its own writes gets a company of its own (`newCompany`).
 */
export const ADMIN = 'admin@yams.ga';
export const TRANSGABON = 'direction@transgabon.ga';
export const OGOUE = 'direction@ogooue-logistique.ga';
export const SIGNED_IN_ONCE = [ADMIN, TRANSGABON, OGOUE] as const;
export type Account = (typeof SIGNED_IN_ONCE)[number];

/** A bearer token for a login, through the API (a demo account's comes from this run's saved session). */
export async function apiToken(request: APIRequestContext, email: string, password?: string) {
  if (password === undefined && (SIGNED_IN_ONCE as readonly string[]).includes(email)) {
    return savedSession(email).token;
  }
  return (await signInByApi(request, email, password)).token;
}

export interface Company {
  email: string;
  password: string;
  nom: string;
  id: number;
}

/**
 * A new transporteur company of its own, created by the superadmin and activated through its invitation
 * mail: no other spec knows it, so what a test sees of it is the test's own doing.
 */
export async function newCompany(request: APIRequestContext, label: string): Promise<Company> {
  const admin = savedSession(ADMIN).token;
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `e2e-${label.toLowerCase()}-${stamp}@yams.test`;
  const nom = `${label} ${stamp.slice(-6)}`;
  const created = await request.post(`${BASE_URL}/api/utilisateurs`, {
    headers: { Authorization: `Bearer ${admin}` },
    data: { name: `e2e${stamp}`, type: 'transporteur', sous_type: 'entreprise', nom, email },
  });
  const body = await created.json();
  expect(body.success, JSON.stringify(body.message)).toBe(true);
  const mail = await waitForNewMail(email, 0);
  const token = new URL(mail.match(/https?:\/\/\S+\/reinitialiser-mot-de-passe\?\S+/)![0]).searchParams.get(
    'token',
  );
  const password = 'Camion-Bleu-2026!';
  const reset = await request.post(`${BASE_URL}/api/reset-password`, {
    data: { token, password, password_confirmation: password },
  });
  const resetBody = await reset.json();
  expect(resetBody.success, JSON.stringify(resetBody.message)).toBe(true);
  return { email, password, nom, id: body.data.id as number };
}

/** A new company of its own (`newCompany`), signed in through the API: `page`'s next load opens its app. */
export async function openNewCompany(page: Page, label: string): Promise<Company & { session: Session }> {
  const company = await newCompany(page.request, label);
  const session = await signInByApi(page.request, company.email, company.password);
  await openAs(page, session);
  return { ...company, session };
}
