import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { OGOUE } from './support/accounts';
import { api, newClient, newVehicule, villeId } from './support/operations';
import { expect, test } from './support/test';

// The office's side of the driver's app, on Ogooué's own driver: Ressources Humaines gives a driver
// without email his access link (WhatsApp), and « Chauffeurs » shows who is on which course, last seen, last
// place and the incidents he reported; the office asks for a delivery code, handles an incident and prints
// the course sheet. Looked at 1280 and 390 px wide.

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

/** A 1×1 PNG: the receiver's signature sent by the driver's app. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('the office asks for a delivery code, handles an incident from the road and prints the course sheet', async ({
  page,
  request,
}, testInfo) => {
  const stamp = `${Date.now()}`.slice(-6) + Math.floor(Math.random() * 10);
  const telephone = `06 ${stamp.slice(0, 2)} ${stamp.slice(2, 4)} ${stamp.slice(4, 6)}`;
  await page.goto('/operations/chauffeurs');
  // Ogooué's own driver with his app's access, a client and a course given to him.
  const driver = await api<{ id: number }>(page, '/api/utilisateurs', {
    type: 'camionneur',
    name: `chauffeur.fiche.${stamp}`,
    nom: 'Nzé',
    prenom: `Paul${stamp}`,
    telephone1: telephone,
  });
  expect(driver.success, JSON.stringify(driver.message)).toBe(true);
  const acces = await api<{ lien: string }>(page, `/api/utilisateurs/${driver.data.id}/acces-chauffeur`, {});
  const reset = await request.post('/api/reset-password', {
    data: {
      token: new URL(acces.data.lien).searchParams.get('token'),
      password: PASSWORD,
      password_confirmation: PASSWORD,
    },
  });
  expect((await reset.json()).success).toBe(true);
  const login = await request.post('/api/login', {
    data: { telephone, password: PASSWORD, source: 'chauffeur' },
  });
  const auth = { authorization: `Bearer ${(await login.json()).data.token as string}` };
  const client = await newClient(page, `Client fiche ${stamp}`);
  const vehicule = await newVehicule(page);
  const made = await api<{ id: number; code: string }>(page, '/api/courses', {
    client_id: client.id,
    vehicule_id: vehicule.id,
    chauffeur_id: driver.data.id,
    type_course: 'Transport de marchandises',
    ville_depart_id: await villeId(page, 'Libreville'),
    ville_arrivee_id: await villeId(page, 'Lambaréné'),
    date_chargement: new Date(Date.now() - 3 * 3600_000).toISOString(),
    montant: 350_000,
  });
  expect(made.success, JSON.stringify(made.message)).toBe(true);
  const course = made.data;

  // The course detail: « Exiger un code de livraison » gives the code to pass on with the tracking link.
  await page.goto(`/operations/courses?id=${course.id}`);
  const detail = page.getByRole('dialog', { name: new RegExp(course.code) });
  const partage = detail.getByRole('region', { name: 'Partager le suivi' });
  await partage.scrollIntoViewIfNeeded({ timeout: 30_000 });
  await partage.getByRole('switch', { name: 'Exiger un code de livraison' }).click();
  await expect(partage.getByText(/^Code : \d{6}$/)).toBeVisible();
  const code = (await partage.getByText(/^Code : \d{6}$/).textContent())!.replace(/\D/g, '');
  expect((await api<{ code_livraison: string }>(page, `/api/courses/${course.id}`)).data.code_livraison).toBe(
    code,
  );

  // On the road (the driver's app's calls): two steps, fuel, an incident, the delivery with the code.
  const post = async (
    url: string,
    multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>,
  ) => {
    const res = await request.post(url, {
      headers: auth,
      multipart: { id_client: randomUUID(), ...multipart },
    });
    expect(res.status(), `${url} ${await res.text()}`).toBe(200);
  };
  const at = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  for (const [statut, minutes] of [
    ['Chargement terminé', 150],
    ['Transport en cours', 140],
  ] as const) {
    const res = await request.post(`/api/chauffeur/courses/${course.id}/etapes`, {
      headers: auth,
      data: { id_client: randomUUID(), statut, date: at(minutes), lat: 0.41, lng: 9.46 },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  await post('/api/chauffeur/carburant', {
    course_id: String(course.id),
    date: at(120),
    litres: '95',
    montant: '74100',
    station: `Petro Gabon ${stamp}`,
  });
  await post('/api/chauffeur/incidents', {
    course_id: String(course.id),
    date: at(90),
    type: 'Panne',
    note: `Durite percée ${stamp} à Bifoun`,
  });
  const wrong = await request.post(`/api/chauffeur/courses/${course.id}/livraison`, {
    headers: auth,
    multipart: {
      id_client: randomUUID(),
      receptionnaire: 'Mireille Obame',
      date: at(20),
      code: code === '000000' ? '111111' : '000000',
      signature: { name: 'signature.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(wrong.status()).toBe(422);
  expect((await wrong.json()).data.fields.code).toBe(
    'Le code de livraison n’est pas le bon : vérifiez-le avec le destinataire.',
  );
  await post(`/api/chauffeur/courses/${course.id}/livraison`, {
    receptionnaire: 'Mireille Obame',
    date: at(20),
    code,
    signature: { name: 'signature.png', mimeType: 'image/png', buffer: PNG },
  });

  // « Chauffeurs »: the incident waits; « Traiter » with a note, and it is no longer pending.
  await page.goto('/operations/chauffeurs');
  const row = page.getByRole('row').filter({ hasText: `Nzé Paul${stamp}` });
  const incident = row.getByRole('region', { name: 'Incident : Panne' });
  await expect(incident).toContainText(`Durite percée ${stamp} à Bifoun`, { timeout: 30_000 });
  await incident.getByRole('button', { name: 'Traiter' }).click();
  const modal = page.getByRole('dialog', { name: 'Traiter l’incident : Panne' });
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(modal.getByText('La note de traitement est obligatoire.')).toBeVisible();
  await modal.getByLabel('Ce que le bureau a fait').fill('Mécanicien envoyé de Lambaréné.');
  await page.screenshot({ path: testInfo.outputPath('incident-traiter-1280.png') });
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(modal).toBeHidden();
  await expect(row).not.toContainText(`Durite percée ${stamp}`);
  await expect(row.getByRole('cell').last()).toHaveText('Aucun');
  // The driver reads the handling in his app.
  const mine = (await (await request.get('/api/chauffeur/courses', { headers: auth })).json()).data as Array<{
    id: number;
    incidents: Array<{ traitement: { note: string } | null }>;
  }>;
  expect(mine.find((c) => c.id === course.id)!.incidents.map((i) => i.traitement?.note)).toEqual([
    'Mécanicien envoyé de Lambaréné.',
  ]);

  // The course detail: the road log says who handled it; « Imprimer la fiche » downloads the PDF.
  await page.goto(`/operations/courses?id=${course.id}`);
  await expect(detail.getByText(/^Traité par .+ le \d\d\/\d\d\/\d{4}/)).toBeVisible({ timeout: 30_000 });
  await expect(detail.getByText('Livré à Mireille Obame')).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    detail.getByRole('button', { name: 'Imprimer la fiche' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`fiche-${course.code}.pdf`);
  const file = testInfo.outputPath(`fiche-${course.code}.pdf`);
  await download.saveAs(file);
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  await page.screenshot({ path: testInfo.outputPath('course-fiche-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await detail.getByRole('button', { name: 'Imprimer la fiche' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('course-fiche-390.png') });
  await page.goto('/operations/chauffeurs');
  await page
    .getByRole('dialog')
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  const card = page.locator('.ant-card').filter({ hasText: `Nzé Paul${stamp}` });
  await expect(card).toContainText('Incidents à traiter : Aucun');
});
