import fs from 'node:fs';
import { OGOUE, openNewCompany } from './support/accounts';
import { choose } from './support/list';
import {
  api,
  newClient,
  newCourse,
  newVehicule,
  openScreen,
  pick,
  stamp,
  villeId,
} from './support/operations';
import { savedSession, sessionToken } from './support/session';
import { expect, test } from './support/test';

test.use({ account: OGOUE });

const SHOTS = '/tmp/shots/fixes';
fs.mkdirSync(SHOTS, { recursive: true });
const today = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Africa/Libreville' }).format(new Date());

test('une adresse enregistrée devient le point de chargement d’une nouvelle course : ses coordonnées sont enregistrées', async ({
  page,
}) => {
  const libelle = `Dépôt Owendo ${stamp()}`;
  const adresse = await api<{ id: number; latitude: number; longitude: number }>(page, '/api/adresses', {
    libelle,
    ville: await villeId(page, 'Libreville'),
    lat: 0.2915,
    lng: 9.5031,
    utilisateur: savedSession(OGOUE).user.id,
  });
  expect(adresse.success, JSON.stringify(adresse.message)).toBe(true);
  const client = await newClient(page, `Scierie Ntoum ${stamp()}`);
  const vehicule = await newVehicule(page);
  await openScreen(page, '/operations/courses', 'Courses');

  await page.getByRole('button', { name: 'Ajouter une course' }).click();
  const create = page.getByRole('dialog', { name: 'Nouvelle course' });
  await pick(page, create.getByRole('combobox', { name: 'Client' }), client.nom_complet);
  await pick(page, create.getByRole('combobox', { name: 'Véhicule' }), vehicule.plaque);
  await choose(page, create.getByRole('combobox', { name: 'Type de course' }), 'Livraison');
  // The saved address: its coordinates, its label as the address text, its city as the departure.
  await pick(
    page,
    create.getByRole('combobox', { name: 'Point de chargement : adresse enregistrée' }),
    libelle,
  );
  await expect(create.getByLabel('Adresse de chargement')).toHaveValue(libelle);
  await expect(create.getByText('Position : 0.29150, 9.50310')).toBeVisible();
  await expect(
    create.getByRole('combobox', { name: 'Ville de départ' }).locator('..').locator('..'),
  ).toContainText('Libreville');
  // The drop-off: a click on the small map.
  await create.getByRole('button', { name: 'Point de déchargement : choisir sur la carte' }).click();
  const map = create.getByRole('application', { name: 'Point de déchargement : carte' });
  await expect(map).toBeVisible();
  await map.click({ position: { x: 120, y: 120 } });
  await expect(create.getByText(/^Position : -?\d+\.\d{5}, -?\d+\.\d{5}$/).nth(1)).toBeVisible();
  await pick(page, create.getByRole('combobox', { name: "Ville d'arrivée" }), 'Owendo');
  await create.getByLabel('Date de chargement').fill(`${today} 08:00`);
  await create.getByLabel('Date de chargement').press('Tab');
  await create.getByLabel('Montant').fill('85000');
  await create.screenshot({ path: `${SHOTS}/course-form-1280.png` });
  await create.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(create).toBeHidden();

  // What the API stored.
  const rows = (await api<Array<Record<string, unknown>>>(page, `/api/courses?client=${client.id}`)).data;
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    adresse_chargement: libelle,
    chargement_lat: 0.2915,
    chargement_lng: 9.5031,
  });
  expect(typeof rows[0]!.dechargement_lat).toBe('number');
  expect(typeof rows[0]!.dechargement_lng).toBe('number');
  // Libreville's map area, not a default.
  expect(rows[0]!.dechargement_lat as number).toBeGreaterThan(0.3);
  expect(rows[0]!.dechargement_lat as number).toBeLessThan(0.55);
});

test('partager le suivi : le lien s’ouvre sans compte (trajet, position, événements), puis révoqué il ne montre plus rien', async ({
  page,
  browser,
}) => {
  // A company of its own: its logo heads the public page (Ogooué's settings are every spec's).
  await openNewCompany(page, 'Suivi');
  const client = await newClient(page, `Ciments Owendo ${stamp()}`);
  const course = await newCourse(page, client);
  // Pickup at Owendo port, drop-off in Ntoum; a device in the course's vehicle reports at the pickup.
  const updated = await api(page, `/api/courses/${course.id}/update`, {
    adresse_chargement: 'Port d’Owendo',
    chargement_lat: 0.2915,
    chargement_lng: 9.5031,
    ville_arrivee_id: await villeId(page, 'Ntoum'),
    adresse_dechargement: 'Zone industrielle de Ntoum',
    dechargement_lat: 0.3906,
    dechargement_lng: 9.7614,
  });
  expect(updated.success, JSON.stringify(updated.message)).toBe(true);
  const identifiant = `e2e-suivi-${stamp()}`;
  const appareil = await api(page, '/api/appareils', {
    nom: `Téléphone ${course.vehicule.plaque}`,
    identifiant,
    vehicule_id: course.vehicule.id,
  });
  expect(appareil.success, JSON.stringify(appareil.message)).toBe(true);
  // Fixes count from the course's creation on: the first whole second after it, then one second later
  // (a device may report a moment ahead of the server's clock).
  const created = (await api<{ created_at: string }>(page, `/api/courses/${course.id}`)).data.created_at;
  const first = Math.ceil(Date.parse(created) / 1000);
  for (const [dt, lat, lon] of [
    [0, 0.2916, 9.5032],
    [1, 0.31, 9.55],
  ] as const) {
    const res = await page.request.get(
      `/api/gps/osmand?id=${identifiant}&timestamp=${first + dt}&lat=${lat}&lon=${lon}&speed=20`,
    );
    expect(res.status()).toBe(200);
  }

  // The carrier's logo (Configurations → Entreprise): the public page is headed with it and its name.
  const token = await sessionToken(page);
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );
  const uploaded = await page.request.post('/api/entreprise/parametres/logo', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { logo: { name: 'logo.png', mimeType: 'image/png', buffer: png } },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
  const transporteur = (await api<{ raison_sociale: string }>(page, '/api/entreprise/parametres')).data
    .raison_sociale;

  await page.goto(`/operations/courses?id=${course.id}`);
  const dialog = page.getByRole('dialog', { name: course.code });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  const events = dialog.getByRole('region', { name: 'Événements de la course' });
  await expect(events).toContainText('Arrivé au chargement');
  await expect(events).toContainText('Parti du chargement');
  await dialog.getByRole('button', { name: 'Partager le suivi' }).click();
  const link = dialog.getByLabel('Lien de suivi');
  await expect(link).toHaveValue(/\/suivi\/[\w-]{22,}$/);
  const url = new URL(await link.inputValue());
  await dialog.screenshot({ path: `${SHOTS}/course-detail-1280.png` });

  // Anyone with the link, without an account.
  const visitor = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Africa/Libreville' });
  const pub = await visitor.newPage();
  await pub.goto(url.pathname);
  await expect(pub.getByRole('heading', { name: `Course ${course.code}` })).toBeVisible({ timeout: 30_000 });
  // Headed with the carrier, not the software; a town already named by the address is not repeated.
  const banner = pub.getByRole('banner');
  await expect(banner).toContainText(transporteur);
  await expect(banner.getByRole('img', { name: `Logo de ${transporteur}` })).toBeVisible();
  await expect(banner).not.toContainText('Yams Manager');
  await expect(
    pub.getByText('Port d’Owendo, Libreville → Zone industrielle de Ntoum', { exact: true }),
  ).toBeVisible();
  await expect(pub.getByRole('region', { name: 'Événements' })).toContainText('Arrivé au chargement');
  await expect(pub.getByText(/^Dernière position reçue le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/)).toBeVisible();
  await expect(pub.getByRole('application', { name: 'Carte du suivi' })).toBeVisible();
  await pub.screenshot({ path: `${SHOTS}/suivi-public-1280.png`, fullPage: true });
  await pub.setViewportSize({ width: 390, height: 844 });
  await pub.screenshot({ path: `${SHOTS}/suivi-public-390.png`, fullPage: true });
  // Nothing of the company: no navigation, no other course.
  await expect(pub.getByRole('navigation')).toHaveCount(0);

  // Revoked: the same link shows the French message.
  await dialog.getByRole('button', { name: 'Révoquer le lien' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Oui' }).click();
  await expect(dialog.getByRole('button', { name: 'Révoquer le lien' })).toBeHidden();
  await pub.reload();
  await expect(pub.getByText("Ce lien de suivi n'est plus valide")).toBeVisible({ timeout: 30_000 });
  await pub.screenshot({ path: `${SHOTS}/suivi-revoque-390.png`, fullPage: true });
  await visitor.close();
});
