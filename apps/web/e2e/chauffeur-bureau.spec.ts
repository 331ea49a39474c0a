import { randomUUID } from 'node:crypto';
import { OGOUE } from './support/accounts';
import { api } from './support/operations';
import { expect, test } from './support/test';

// The office's side of the driver's app, on Ogooué's own driver: Ressources Humaines gives a driver
// without email his access link (WhatsApp), and « Chauffeurs » shows who is on which course, last seen, last
// place and the incidents he reported. Looked at 1280 and 390 px wide.

test.use({ account: OGOUE });

const PASSWORD = 'Camion-Bleu-2026!';

test('a driver without email gets his access link from RH, then the « Chauffeurs » view follows him', async ({
  page,
  request,
}, testInfo) => {
  const stamp = `${Date.now()}`.slice(-6) + Math.floor(Math.random() * 10);
  const telephone = `07 ${stamp.slice(0, 2)} ${stamp.slice(2, 4)} ${stamp.slice(4, 6)}`;
  const name = `chauffeur.bureau.${stamp}`;
  await page.goto('/ressources-humaines');
  const created = await api<{ id: number }>(page, '/api/utilisateurs', {
    type: 'camionneur',
    name,
    nom: 'Mba',
    prenom: `Éric${stamp}`,
    telephone1: telephone,
  });
  expect(created.success, JSON.stringify(created.message)).toBe(true);
  const driverId = created.data.id;

  // RH: his detail offers the app's access; the link is shown, to copy or to send by WhatsApp.
  await page.goto(`/ressources-humaines?search=${name}`);
  await page.getByRole('table').getByRole('cell', { name, exact: true }).click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: `Utilisateur ${name}` });
  const section = dialog.getByRole('region', { name: 'Application chauffeur' });
  await expect(section).toContainText(`avec son numéro ${telephone} · jamais connecté`);
  await section.getByRole('button', { name: "Créer un lien d'accès (ou de nouveau mot de passe)" }).click();
  const lien = section.getByLabel("Lien d'accès");
  await expect(lien).toContainText('/reinitialiser-mot-de-passe?token=');
  const whatsapp = section.getByRole('link', { name: 'Envoyer par WhatsApp' });
  await expect(whatsapp).toHaveAttribute(
    'href',
    new RegExp(`^https://wa\\.me/241${telephone.replace(/\D/g, '').slice(1)}\\?text=`),
  );
  await page.screenshot({ path: testInfo.outputPath('rh-acces-chauffeur-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('rh-acces-chauffeur-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The link works once: he chooses his password, signs in to the app by phone and reports an incident.
  const token = new URL((await lien.textContent())!.trim()).searchParams.get('token');
  const reset = await request.post('/api/reset-password', {
    data: { token, password: PASSWORD, password_confirmation: PASSWORD },
  });
  expect((await reset.json()).success).toBe(true);
  const login = await request.post('/api/login', {
    data: { telephone, password: PASSWORD, source: 'chauffeur' },
  });
  const driverToken = (await login.json()).data.token as string;
  const types = (await api<Array<{ id: number }>>(page, '/api/types_vehicules')).data;
  const vehicule = await api<{ id: number }>(page, '/api/vehicules', {
    plaque: `CB-${stamp}`,
    marque: 'Renault',
    type_vehicule_id: types[0]!.id,
    chauffeur_id: driverId,
  });
  expect(vehicule.success, JSON.stringify(vehicule.message)).toBe(true);
  const incident = await request.post('/api/chauffeur/incidents', {
    headers: { authorization: `Bearer ${driverToken}` },
    multipart: {
      id_client: randomUUID(),
      vehicule_id: String(vehicule.data.id),
      date: new Date().toISOString(),
      type: 'Panne',
      note: `Crevaison ${stamp} à Ndjolé`,
    },
  });
  expect(incident.status(), await incident.text()).toBe(200);

  // « Chauffeurs »: his line, from the side bar, with the incident he reported.
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await nav.getByText('Opérations', { exact: true }).click({ timeout: 30_000 });
  await nav.getByRole('link', { name: 'Chauffeurs' }).click();
  await expect(page.getByRole('heading', { name: /^Chauffeurs \(\d+\)/ })).toBeVisible({ timeout: 30_000 });
  const row = page.getByRole('row').filter({ hasText: `Mba Éric${stamp}` });
  await expect(row).toContainText(`Crevaison ${stamp} à Ndjolé`);
  await expect(row).toContainText('Aucune course en cours');
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('chauffeurs-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('row')).toHaveCount(0);
  const card = page.locator('.ant-card').filter({ hasText: `Mba Éric${stamp}` });
  await expect(card).toContainText(`Crevaison ${stamp} à Ndjolé`);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('chauffeurs-390.png') });
});
