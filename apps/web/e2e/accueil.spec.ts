import type { Page } from '@playwright/test';
import { addDays, todayInGabon } from '@yams/shared';
import { openNewCompany, TRANSGABON } from './support/accounts';
import { api, newClient, newCourse, newVehicule, stamp, villeId } from './support/operations';
import { expectHome, openHome } from './support/session';
import { expect, test } from './support/test';

const card = (page: Page, label: string) =>
  page.getByRole('listitem').filter({ has: page.getByText(label, { exact: true }) });

test('les neuf compteurs montrent ce que l’entreprise a, exactement, et ouvrent leur liste', async ({
  page,
}) => {
  // A company of its own, with what the test gives it: each card has one right number.
  await openNewCompany(page, 'Accueil');
  const clients = [];
  for (let i = 1; i <= 4; i++) clients.push(await newClient(page, `Client accueil ${i} ${stamp()}`));
  await newCourse(page, clients[0]!);
  await newCourse(page, clients[1]!);
  await newVehicule(page);
  // The market's pending demandes (posted by clients in the app, diffused by transporteurs) are every
  // company's to see, and other specs diffuse and accept some meanwhile: the card is checked against the
  // market read just before and just after the page showed it, when both readings agree.
  const pending = async () => (await api<number>(page, '/api/demandes?statut=En%20attente&req_count=1')).data;
  const demande = await api(page, '/api/demandes', {
    client_id: clients[2]!.id,
    type_course: 'Livraison',
    ville_depart_id: await villeId(page, 'Libreville'),
    ville_arrivee_id: await villeId(page, 'Owendo'),
    date_souhaitee: addDays(todayInGabon(), 3),
  });
  expect(demande.success, JSON.stringify(demande.message)).toBe(true);
  const s = stamp().toLowerCase();
  const coursier = await api(page, '/api/utilisateurs', {
    type: 'coursier',
    name: `coursier.${s}`,
    email: `coursier.${s}@exemple.ga`,
    nom: 'Coursier Accueil',
  });
  expect(coursier.success, JSON.stringify(coursier.message)).toBe(true);

  await expect(async () => {
    const before = await pending();
    await openHome(page);
    await expect(card(page, 'Réservations').getByTestId('compteur')).toHaveText(String(before), {
      timeout: 10_000,
    });
    expect(await pending(), 'le marché a changé pendant la lecture').toBe(before);
  }).toPass({ timeout: 90_000 });
  await expect(page.getByRole('list', { name: 'Compteurs' }).getByRole('listitem')).toHaveCount(9);
  for (const [label, n] of [
    ['Véhicules', 3], // one of its own, one for each course
    ['Courses', 2],
    ['Clients', 4],
    ['Entreprises', 1], // the company itself
    ['Camionneurs', 0],
    ['Coursiers', 1],
    ['Comptes', 6], // the company, its clients and its coursier
    ['Utilisateurs connectés', 1], // this page (the card follows presence live)
  ] as const) {
    await expect(card(page, label).getByTestId('compteur'), label).toHaveText(String(n));
  }

  await card(page, 'Coursiers').getByRole('link').click();
  await expect(page).toHaveURL(/\/ressources-humaines\?sous_type=coursier$/);
  await expect(page.getByRole('heading', { name: 'Ressources Humaines (1)' })).toBeVisible();

  await page.goBack();
  await expectHome(page);
  await card(page, 'Réservations').getByRole('link').click();
  await expect(page).toHaveURL(/\/operations\/demandes\?statut=En(%20|\+)attente$/);
  await expect(page.getByRole('heading', { name: /^Demandes \(\d+\)/ })).toBeVisible();

  await page.goBack();
  await expectHome(page);
  await card(page, 'Véhicules').getByRole('link').click();
  await expect(page).toHaveURL(/\/parc-auto\/vehicules$/);
  await expect(page.getByRole('heading', { name: 'Véhicules (3)' })).toBeVisible();
});

test.describe('sur un téléphone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, account: TRANSGABON });

  test('les compteurs tiennent deux par ligne', async ({ page }) => {
    await openHome(page);
    const first = await card(page, 'Véhicules').boundingBox();
    const second = await card(page, 'Courses').boundingBox();
    expect(first && second).toBeTruthy();
    expect(Math.abs(first!.y - second!.y)).toBeLessThan(2);
    expect(first!.width).toBeLessThan(200);
  });
});
