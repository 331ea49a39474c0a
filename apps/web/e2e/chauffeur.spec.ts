import type { APIRequestContext, Page } from '@playwright/test';
import { todayInGabon } from '@yams/shared';
import { OGOUE } from './support/accounts';
import { savedSession } from './support/session';
import { expect, test } from './support/test';

// The driver's app on a 390×844 phone with its position. Everything happens on Ogooué's rows of
// the test's own (TransGabon is read-only in the browser tests): a driver recorded with his phone alone, his
// access link, a course for him. He signs in with his phone number, records a step online, then with the
// network off the departure, the arrival, a signed delivery with a photo and a fuel record; the app is
// reopened offline from its service worker; the network back, everything arrives once and the office reads it.

test.use({
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
  permissions: ['geolocation'],
  geolocation: { latitude: 0.3912, longitude: 9.4536 },
});

const PASSWORD = 'Camion-Bleu-2026!';
// A 1×1 PNG: the receipt's and the goods' photo.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A call to the API as Ogooué's office. */
async function ogoue<T>(request: APIRequestContext, url: string, data?: unknown): Promise<T> {
  const headers = { authorization: `Bearer ${savedSession(OGOUE).token}` };
  const res =
    data === undefined ? await request.get(url, { headers }) : await request.post(url, { headers, data });
  const body = await res.json();
  expect(body.success, `${url} : ${JSON.stringify(body.message ?? body.errors)}`).toBe(true);
  return body.data as T;
}

interface Setup {
  driver: { id: number; telephone: string };
  course: { id: number; code: string };
}

/** Ogooué's own driver (phone alone), his password chosen from his access link, and a course for him today. */
async function setup(request: APIRequestContext): Promise<Setup> {
  const stamp = `${Date.now()}`.slice(-6) + Math.floor(Math.random() * 10);
  const telephone = `06 ${stamp.slice(0, 2)} ${stamp.slice(2, 4)} ${stamp.slice(4, 6)}`;
  const driver = await ogoue<{ id: number }>(request, '/api/utilisateurs', {
    type: 'camionneur',
    name: `chauffeur.e2e.${stamp}`,
    nom: 'Nzé',
    prenom: `Roger${stamp}`,
    telephone1: telephone,
  });
  const acces = await ogoue<{ lien: string }>(request, `/api/utilisateurs/${driver.id}/acces-chauffeur`, {});
  const token = new URL(acces.lien).searchParams.get('token');
  const reset = await request.post('/api/reset-password', {
    data: { token, password: PASSWORD, password_confirmation: PASSWORD },
  });
  expect((await reset.json()).success).toBe(true);
  const client = await ogoue<{ id: number }>(request, '/api/utilisateurs', {
    type: 'client',
    name: `client.e2e.${stamp}`,
    nom: `Client ${stamp}`,
    telephone1: '+241 066 10 20 30',
  });
  const types = await ogoue<Array<{ id: number }>>(request, '/api/types_vehicules');
  const vehicule = await ogoue<{ id: number }>(request, '/api/vehicules', {
    plaque: `CH-${stamp}`,
    marque: 'Renault',
    type_vehicule_id: types[0]!.id,
  });
  const villes = await ogoue<Array<{ id: number; libelle: string }>>(request, '/api/villes');
  const ville = (libelle: string) => villes.find((v) => v.libelle === libelle)!.id;
  const course = await ogoue<{ id: number; code: string }>(request, '/api/courses', {
    client_id: client.id,
    vehicule_id: vehicule.id,
    chauffeur_id: driver.id,
    type_course: 'Transport de marchandises',
    ville_depart_id: ville('Libreville'),
    ville_arrivee_id: ville('Lambaréné'),
    date_chargement: todayInGabon(),
    montant: 100_000,
    description: 'Appeler le magasinier à l’arrivée.',
  });
  return { driver: { ...driver, telephone }, course };
}

async function signIn(page: Page, telephone: string) {
  await page.goto('/chauffeur');
  await expect(page.getByRole('heading', { name: 'Yams Chauffeur' })).toBeVisible();
  await page.getByLabel('Téléphone ou email').fill(telephone);
  await page.getByLabel('Mot de passe').fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

test('a driver’s whole course, offline from the departure to the signed delivery and the fuel: everything arrives once', async ({
  page,
  context,
  request,
}, testInfo) => {
  const { driver, course } = await setup(request);
  await signIn(page, driver.telephone);

  const card = page
    .getByRole('region', { name: "Aujourd'hui" })
    .getByRole('button', { name: new RegExp(course.code) });
  await expect(card).toContainText('Chargement en attente', { timeout: 15_000 });
  await page.screenshot({ path: testInfo.outputPath('chauffeur-liste-390.png'), fullPage: true });
  await card.click();
  await expect(page.getByRole('heading', { name: new RegExp(course.code) })).toBeVisible();
  await expect(page.getByRole('link', { name: /Appeler \+241/ })).toBeVisible();
  await expect(page.getByText('Note du bureau : Appeler le magasinier à l’arrivée.')).toBeVisible();
  // Every button of the course is a large touch target.
  for (const box of await page
    .getByRole('button')
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect()))) {
    expect(box.height).toBeGreaterThanOrEqual(44);
  }

  // The office's reads of the course's road log and of the phone as a GPS device.
  const route = () =>
    ogoue<{
      etapes: Array<{ statut: string; lat: number | null; lng: number | null }>;
      livraison: { receptionnaire: string; signature_id: number | null; photo_ids: number[] } | null;
      releves: Array<{
        genre: string;
        litres: number | null;
        montant: number | null;
        photo_id: number | null;
      }>;
    }>(request, `/api/courses/${course.id}/route`);
  const telephone = async () =>
    (
      await ogoue<
        Array<{ identifiant: string; vehicule: { plaque: string } | null; derniere_position: unknown }>
      >(request, `/api/appareils?search=tel-chauffeur-${driver.id}`)
    )[0];

  // Online: the step reaches the API at once; the phone's position too, as the vehicle's device.
  await page.getByRole('button', { name: 'Chargement terminé' }).click();
  await expect(page.getByRole('status')).toContainText('Étape « Chargement terminé » enregistrée');
  await expect.poll(async () => (await route()).etapes.map((e) => e.statut)).toEqual(['Chargement terminé']);
  await expect
    .poll(async () => (await telephone())?.derniere_position ?? null)
    .toMatchObject({ latitude: 0.3912, longitude: 9.4536 });
  expect((await telephone())!.vehicule?.plaque).toMatch(/^CH-/);

  // The shell is in the service worker's cache before the network goes.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

  // Offline: departure, arrival, the signed delivery with a photo, a fuel record — all kept on the phone.
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Départ : transport en cours' }).click();
  await expect(page.getByRole('button', { name: '1 envoi en attente' })).toBeVisible();
  await page.getByRole('button', { name: 'Arrivé : course terminée' }).click();
  await expect(page.getByRole('button', { name: '2 envois en attente' })).toBeVisible();

  await page.getByRole('button', { name: 'Preuve de livraison' }).click();
  await page.getByLabel('Nom du réceptionnaire').fill('Mme Ondo');
  const pad = (await page.getByLabel('Zone de signature').boundingBox())!;
  await page.mouse.move(pad.x + 30, pad.y + 40);
  await page.mouse.down();
  await page.mouse.move(pad.x + 120, pad.y + 90, { steps: 6 });
  await page.mouse.move(pad.x + 200, pad.y + 50, { steps: 6 });
  await page.mouse.up();
  const chooser = page.waitForEvent('filechooser');
  await page.getByText('Ajouter des photos').click();
  await (await chooser).setFiles({ name: 'marchandise.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('1 photo(s) prête(s).')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('chauffeur-livraison-390.png'), fullPage: true });
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('status')).toContainText('envoi au retour du réseau');
  await expect(page.getByText('Livraison enregistrée.')).toBeVisible();

  await page.getByRole('button', { name: 'Carburant' }).click();
  await page.getByLabel('Litres').fill('120,5');
  await page.getByLabel('Montant (FCFA)').fill('90 000');
  await page.getByLabel('Station').fill('Total Ndjolé');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('button', { name: '4 envois en attente' })).toBeVisible();

  // The app killed and reopened with no network: the shell from the service worker, the sends still there.
  await page.reload();
  await expect(page.getByRole('button', { name: '4 envois en attente' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Hors ligne : voici les courses enregistrées sur le téléphone.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('chauffeur-hors-ligne-390.png'), fullPage: true });
  expect((await route()).etapes).toHaveLength(1);

  // The network back: everything sent once, in order, with the phone's position; nothing left waiting.
  // A phone's system tells the reopened app with an `online` event; Chromium's offline emulation does not: a
  // document loaded while the context is offline reads navigator.onLine === true all along, so no `online`
  // comes when the network returns, and the app's other trigger, its 30 s retry, is later than this wait.
  // The test sends that event itself, once the network is really back.
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByRole('button', { name: /envois? en attente/ })).toHaveCount(0, { timeout: 20_000 });
  await expect
    .poll(async () => (await route()).etapes.map((e) => [e.statut, e.lat, e.lng]))
    .toEqual([
      ['Chargement terminé', 0.3912, 9.4536],
      ['Transport en cours', 0.3912, 9.4536],
      ['Terminé', 0.3912, 9.4536],
    ]);
  const log = await route();
  expect(log.livraison).toMatchObject({ receptionnaire: 'Mme Ondo' });
  expect(log.livraison!.signature_id).not.toBeNull();
  expect(log.livraison!.photo_ids).toHaveLength(1);
  expect(log.releves.map((r) => [r.genre, r.litres, r.montant])).toEqual([['carburant', 120.5, 90_000]]);
  const stored = await ogoue<{ statut: string }>(request, `/api/courses/${course.id}`);
  expect(stored.statut).toBe('Terminé');
});

test('Traccar Client’s set-up, pre-filled for this phone', async ({ page, request }, testInfo) => {
  const { driver } = await setup(request);
  await signIn(page, driver.telephone);
  await page.getByRole('button', { name: 'Suivi GPS en arrière-plan (Traccar Client)' }).click();
  const reglages = page.getByRole('region', { name: 'Réglages de Traccar Client' });
  await expect(reglages).toContainText(`tel-chauffeur-${driver.id}`);
  await expect(reglages).toContainText(/\/api\/gps\/osmand\/[\w-]{20,}/);
  await page.screenshot({ path: testInfo.outputPath('chauffeur-traccar-390.png'), fullPage: true });
});

test('the office’s accounts are refused by the app in French', async ({ page }) => {
  await page.goto('/chauffeur');
  await page.getByLabel('Téléphone ou email').fill('direction@transgabon.ga');
  await page.getByLabel('Mot de passe').fill('Yams2026!');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert')).toHaveText(/réservée aux chauffeurs/);
});
