import { type APIRequestContext, expect } from '@playwright/test';
import { waitForNewMail } from './mail';
import { DEMO_PASSWORD } from './session';

/** A bearer token for a demo login, through the API. */
export async function apiToken(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const res = await request.post('/api/login', { data: { email, password, source: 'e2e' } });
  const body = await res.json();
  expect(body.success, JSON.stringify(body.errors)).toBe(true);
  return body.data.token as string;
}

/**
 * A new transporteur company of its own, created by the superadmin and activated through its invitation
 * mail: no other spec knows it, so what a test sees of it is the test's own doing.
 */
export async function newCompany(request: APIRequestContext, label: string) {
  const admin = await apiToken(request, 'admin@yams.ga');
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `e2e-${label.toLowerCase()}-${stamp}@yams.test`;
  const nom = `${label} ${stamp.slice(-6)}`;
  const created = await request.post('/api/utilisateurs', {
    headers: { Authorization: `Bearer ${admin}` },
    data: { name: `e2e${stamp}`, type: 'transporteur', sous_type: 'entreprise', nom, email },
  });
  expect((await created.json()).success).toBe(true);
  const mail = await waitForNewMail(email, 0);
  const token = new URL(mail.match(/https?:\/\/\S+\/reinitialiser-mot-de-passe\?\S+/)![0]).searchParams.get(
    'token',
  );
  const password = 'Presence-2026!';
  const reset = await request.post('/api/reset-password', {
    data: { token, password, password_confirmation: password },
  });
  expect((await reset.json()).success).toBe(true);
  return { email, password, nom, id: (await created.json()).data.id as number };
}
