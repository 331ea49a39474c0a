import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, openNewCompany } from './support/accounts';
import { exportAs, readCsv } from './support/list';
import { pick } from './support/operations';
import { openAs, savedSession } from './support/session';
import { expect, test } from './support/test';

const TILES = /tile\.openstreetmap\.(org|fr)|arcgisonline\.com/;

async function blockTiles(page: Page) {
  await page.route(TILES, (route) => route.abort());
}

type Company = Awaited<ReturnType<typeof openNewCompany>>;

async function newDevice(request: APIRequestContext, c: Company, nom: string) {
  const identifiant = `e2e-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;
  const res = await request.post('/api/appareils', {
    headers: { Authorization: `Bearer ${c.session.token}` },
    data: { nom, identifiant },
  });
  const body = await res.json();
  expect(body.success, JSON.stringify(body.errors)).toBe(true);
  return { id: body.data.id as number, nom, identifiant };
}

/** Libreville's calendar day `daysAgo` days ago, `YYYY-MM-DD`. */
function gabonDay(daysAgo: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Libreville' }).format(
    new Date(Date.now() - daysAgo * 86_400_000),
  );
}

test('la carte montre en direct un appareil qui vient d’émettre (OsmAnd), groupe, popup, vol vers, couches, plein écran, sans tuiles', async ({
  page,
  request,
}) => {
  await blockTiles(page);
  const c = await openNewCompany(page, 'GeoCarte');
  const a = await newDevice(request, c, 'Camion Owendo');
  const b = await newDevice(request, c, 'Pick-up Akanda');

  // The tile servers out of reach, as on a machine without internet (and on CI).
  await page.route(/tile\.openstreetmap|arcgisonline|opentopomap/, (route) => route.abort());
  await page.goto('/geolocalisation');
  const map = page.getByRole('application', { name: 'Carte des appareils' });
  const list = page.getByRole('region', { name: 'Liste des appareils' });
  await expect(list).toContainText('2 appareils · 0 en ligne', { timeout: 30_000 });
  await expect(list.getByRole('button', { name: /Camion Owendo/ })).toContainText('Aucune position reçue');
  // No tile server answers: the map draws its simplified background (Gabon, its neighbours, the towns),
  // says so, and keeps working.
  await expect(map.getByRole('status')).toContainText('Fond de carte simplifié');
  await expect(map.locator('path.yams-fond-gabon')).toHaveCount(1);
  await expect(map.locator('path.yams-fond-voisin')).toHaveCount(4);
  await expect(map.locator('.yams-fond-ville', { hasText: 'Libreville' })).toBeVisible();
  // At the country's zoom the small towns keep their dot, not their name.
  await expect(map.locator('.yams-fond-ville', { hasText: 'Owendo' })).toBeHidden();
  await expect(map).toHaveAttribute('data-zoom', '6');

  // The phone reports (Traccar Client's query-string form, speed in knots): the map shows it at once,
  // pushed in realtime, without waiting for the 10 s poll or reloading.
  let polls = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/appareils') polls++;
  });
  const sent = Date.now();
  const report = await request.get(
    `/api/gps/osmand?id=${a.identifiant}&lat=0.3924&lon=9.4536&timestamp=${Math.floor(sent / 1000)}&speed=20&bearing=90&batt=76`,
  );
  expect(report.status()).toBe(200);
  const markerA = map.locator('.leaflet-marker-icon[title="Camion Owendo"]');
  await expect(markerA).toBeVisible({ timeout: 5_000 });
  expect(polls, 'the position came by the realtime push, not by a poll').toBe(0);
  await expect(markerA).toHaveClass(/yams-device--online/);
  await expect(list).toContainText('2 appareils · 1 en ligne');

  // A second device 3 km away (the JSON form of current Traccar Client versions): at zoom 6 both are one
  // blue cluster of 2.
  const json = await request.post('/api/gps/osmand', {
    data: {
      device_id: b.identifiant,
      location: {
        timestamp: new Date().toISOString(),
        coords: { latitude: 0.4194, longitude: 9.4536, speed: 10, heading: 180, accuracy: 8, altitude: 12 },
        is_moving: true,
        battery: { level: 0.5, is_charging: false },
      },
    },
  });
  expect(json.status()).toBe(200);
  const cluster = map.locator('.yams-cluster');
  await expect(cluster).toHaveText('2');
  await expect(cluster).toHaveClass(/yams-cluster--online/);
  await expect(markerA).toBeHidden();

  // A click in the list flies to the device at zoom 13 and opens its popup.
  await list.getByRole('button', { name: /Camion Owendo/ }).click();
  await expect(map).toHaveAttribute('data-zoom', '13');
  const popup = map.locator('.leaflet-popup');
  await expect(popup).toContainText('Camion Owendo');
  await expect(popup).toContainText('En ligne');
  await expect(popup).toContainText('37 km/h'); // 20 knots
  const shown = new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'Africa/Libreville',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(sent));
  await expect(popup).toContainText(shown);
  await expect(popup).toContainText('Aucune course en cours');
  await expect(popup.getByRole('link', { name: "Voir l'historique des trajets" })).toHaveAttribute(
    'href',
    `/geolocalisation/historique?appareil=${a.id}`,
  );
  await expect(map.locator('.leaflet-marker-icon[title="Pick-up Akanda"]')).toBeVisible();
  await page.screenshot({ path: '/tmp/shots/geo-web/e2e-carte-1280.png' });

  // The device moves: its marker follows and its track is drawn.
  await request.get(
    `/api/gps/osmand?id=${a.identifiant}&lat=0.3900&lon=9.4600&timestamp=${Math.floor(Date.now() / 1000)}&speed=25`,
  );
  await expect(map.locator('path.yams-track')).toHaveCount(1);

  // Layers: satellite, street, humanitarian.
  await map.locator('.leaflet-control-layers').hover();
  for (const name of ['Rues', 'Humanitaire', 'Satellite'])
    await expect(map.getByRole('radio', { name })).toBeAttached();
  await map.getByRole('radio', { name: 'Satellite' }).check();
  await expect(map.locator('img.leaflet-tile[src*="arcgisonline"]').first()).toBeAttached();

  // Fullscreen and back.
  const viewport = page.viewportSize()!;
  await map.getByRole('button', { name: 'Basculer en plein écran' }).click();
  await expect(map.getByRole('button', { name: 'Basculer en plein écran' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect.poll(async () => (await map.boundingBox())?.width).toBe(viewport.width);
  await map.getByRole('button', { name: 'Basculer en plein écran' }).click();
  await expect(map.getByRole('button', { name: 'Basculer en plein écran' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect.poll(async () => (await map.boundingBox())?.width).toBeLessThan(viewport.width - 200);
});

test('historique : un jour enregistré se rejoue avec son arrêt, sa distance et son temps de conduite, exportés', async ({
  page,
  request,
}) => {
  // The page's clock (running as usual) lets the test move the replay's time on: see the pause below.
  await page.clock.install();
  await blockTiles(page);
  const c = await openNewCompany(page, 'GeoTrajet');
  const d = await newDevice(request, c, 'Camion Ntoum');
  // Yesterday in Libreville, 08:00–09:30: Libreville → Owendo, a minute apart, stopped from 08:30 to 08:45.
  const day = gabonDay(1);
  const start = { lat: 0.392, lon: 9.454 };
  const end = { lat: 0.29, lon: 9.5 };
  const location = [];
  for (let minute = 0; minute <= 90; minute++) {
    const progress = minute < 30 ? minute / 75 : minute <= 45 ? 30 / 75 : (minute - 15) / 75;
    const moving = minute < 30 || minute > 45;
    const hh = String(8 + Math.floor(minute / 60)).padStart(2, '0');
    const mm = String(minute % 60).padStart(2, '0');
    location.push({
      timestamp: `${day}T${hh}:${mm}:00+01:00`,
      coords: {
        latitude: start.lat + (end.lat - start.lat) * progress,
        longitude: start.lon + (end.lon - start.lon) * progress,
        speed: moving ? 2.8 : 0,
        heading: 160,
        accuracy: 6,
      },
      is_moving: moving,
    });
  }
  const batch = await request.post('/api/gps/osmand', { data: { device_id: d.identifiant, location } });
  expect(batch.status()).toBe(200);

  await page.goto(`/geolocalisation/historique?appareil=${d.id}&du=${day}&au=${day}`);
  const summary = page.getByRole('region', { name: 'Résumé par jour' });
  const [y, m, dd] = day.split('-');
  const row = summary.getByRole('row', { name: new RegExp(`${dd}/${m}/${y}`) });
  await expect(row).toContainText(/12,[3-5] km/, { timeout: 30_000 });
  await expect(row).toContainText(/1 h 1\d/);
  await expect(summary).toContainText('1 arrêt de plus de 5 min');
  const map = page.getByRole('application', { name: 'Carte du trajet' });
  await expect(map.locator('path.yams-arret')).toHaveCount(1);
  await expect(map.locator('path.yams-trace')).toHaveCount(1);

  // Replay: from 08:00, played forward, paused; the slider's end is 09:30.
  const replay = page.getByRole('region', { name: 'Relecture du trajet' });
  const status = replay.getByRole('status', { name: 'Point rejoué' });
  await expect(status).toContainText('08:00:00');
  await replay.getByRole('button', { name: 'Lecture' }).click();
  await expect(status).not.toContainText('08:00:00');
  await replay.getByRole('button', { name: 'Pause' }).click();
  const paused = await status.textContent();
  // Paused: five seconds of the page's time pass, the replay does not move.
  await page.clock.runFor(5_000);
  await expect(status).toHaveText(paused!);
  await replay.getByRole('slider').focus();
  await page.keyboard.press('End');
  await expect(status).toContainText('09:30:00');
  // Trips and stops: Libreville → the stop (30 min), the stop (15 min), the stop → Owendo (45 min).
  const trajets = page.getByRole('region', { name: 'Trajets et arrêts' });
  await expect(trajets.getByRole('heading', { name: '2 trajets, 1 arrêt' })).toBeVisible();
  const lignes = trajets.locator('tbody tr.ant-table-row');
  await expect(lignes).toHaveCount(3);
  await expect(lignes.nth(0)).toContainText(/Trajet.*08:00:00.*08:30:00.*30 min/);
  await expect(lignes.nth(1)).toContainText(/Arrêt.*08:30:00.*08:45:00.*15 min/);
  await expect(lignes.nth(2)).toContainText(/Trajet.*08:45:00.*09:30:00.*45 min/);
  const { file: trajetsCsv } = await exportAs(page, 'CSV', trajets);
  const trajetsLignes = readCsv(trajetsCsv);
  expect(trajetsLignes[0]!.slice(0, 5)).toEqual(['Type', 'Début', 'Fin', 'Durée', 'Lieu']);
  expect(trajetsLignes.slice(1).map((l) => l[0])).toEqual(['Trajet', 'Arrêt', 'Trajet']);
  await page.screenshot({ path: '/tmp/shots/geo-web/e2e-historique-1280.png', fullPage: true });

  // The day's figures, exported.
  const { file } = await exportAs(page, 'CSV', summary);
  const lines = readCsv(file);
  expect(lines[0]).toEqual([
    'Jour',
    'Distance (km)',
    'Temps de conduite',
    'Arrêts (> 5 min)',
    'Premier point',
    'Dernier point',
    'Conducteurs',
  ]);
  const line = lines.find((l) => l[0] === `${dd}/${m}/${y}`)!;
  expect(Number(line[1]!.replace(',', '.'))).toBeCloseTo(12.4, 0);
  expect(line.slice(3, 6)).toEqual(['1', '08:00', '09:30']);
});

test('appareils : créer, voir l’adresse à saisir dans Traccar Client, modifier ; un identifiant inconnu s’enregistre en un clic', async ({
  page,
  request,
  baseURL,
}) => {
  await blockTiles(page);
  const company = await openNewCompany(page, 'GeoAppareils');
  await page.goto('/geolocalisation/appareils');
  await expect(page.getByRole('heading', { name: 'Appareils (0)' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`${baseURL}/api/gps/osmand`).first()).toBeVisible();

  const identifiant = `tel-${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Ajouter un appareil' }).click();
  const create = page.getByRole('dialog', { name: 'Nouvel appareil' });
  await create.getByLabel('Nom').fill('Téléphone de Paul');
  await create.getByLabel('Identifiant').fill('espace interdite');
  await create.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(create.getByText("L'identifiant ne contient que des lettres")).toBeVisible();
  await create.getByLabel('Identifiant').fill(identifiant);
  await create.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(create).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Appareils (1)' })).toBeVisible();
  const row = page.getByRole('table').getByRole('row').nth(1);
  await expect(row).toContainText('Téléphone de Paul');
  await expect(row).toContainText(identifiant);
  await expect(row).toContainText('Hors ligne');
  await expect(row).toContainText('Aucune position reçue');

  // Its details say what to type into Traccar Client; then it is renamed.
  await row.click();
  const dialog = page.getByRole('dialog', { name: 'Appareil Téléphone de Paul' });
  await expect(dialog).toContainText(`URL du serveur : ${baseURL}/api/gps/osmand`);
  await expect(dialog).toContainText(`Identifiant de l'appareil : ${identifiant}`);
  await dialog.getByRole('button', { name: 'Modifier' }).click();
  await dialog.getByLabel('Nom').fill('Téléphone de Paul (GA-204-KB)');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Téléphone de Paul (GA-204-KB)');

  // A phone nobody registered reports: answered like any other (a sweep learns nothing), never shown to a
  // company; the superadmin sees it as 'Appareil inconnu' and gives it to this company in one click.
  const inconnu = `inconnu-${Date.now().toString(36)}`;
  const answered = await request.get(`/api/gps/osmand?id=${inconnu}&lat=0.4&lon=9.45`);
  expect(answered.status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Appareils (1)' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Appareils inconnus' })).toHaveCount(0);

  await openAs(page, savedSession(ADMIN));
  await page.goto('/geolocalisation/appareils');
  const unknown = page.getByRole('region', { name: 'Appareils inconnus' });
  await expect(unknown).toContainText(inconnu, { timeout: 30_000 });
  await pick(
    page,
    unknown.getByRole('combobox', { name: "Entreprise à qui attribuer l'appareil" }),
    company.nom,
  );
  await unknown.getByRole('button', { name: `Attribuer l'appareil ${inconnu}` }).click();
  await expect(unknown.getByText(inconnu)).toHaveCount(0);
  await openAs(page, company.session);
  await page.goto('/geolocalisation/appareils');
  await expect(page.getByRole('heading', { name: 'Appareils (2)' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('table')).toContainText(inconnu);
  await page.screenshot({ path: '/tmp/shots/geo-web/e2e-appareils-1280.png', fullPage: true });
});
