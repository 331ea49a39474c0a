import { OGOUE, TRANSGABON } from './support/accounts';
import { choose } from './support/list';
import { stamp } from './support/operations';
import { savedSession } from './support/session';
import { expect, test } from './support/test';

// The tracking reports of issue 28 on TransGabon's seeded tracks (the last three days of its five devices,
// the zones at the ends of its routes): read only, so the seed's figures stay as they are.

test.use({ account: TRANSGABON });

test('résumé, temps sur site et zones : chaque écran sous Géolocalisation, chargé sur la semaine', async ({
  page,
}) => {
  await page.route(/tile\.openstreetmap\.(org|fr)|arcgisonline\.com/, (route) => route.abort());
  await page.goto('/geolocalisation/appareils');

  // Résumé: nothing before « Charger », then a line per device and the period's figures.
  await page.getByRole('tab', { name: 'Résumé' }).click();
  await expect(page).toHaveURL(/\/geolocalisation\/resume/);
  const filtre = page.getByRole('form', { name: 'Filtrer le résumé' });
  await expect(page.getByText('Choisissez la période et les filtres, puis « Charger ».')).toBeVisible();
  await filtre.getByRole('button', { name: 'Charger' }).click();
  await expect(page).toHaveURL(/date_debut=\d{4}-\d{2}-\d{2}&date_fin=\d{4}-\d{2}-\d{2}/);
  const vehicules = page.getByRole('region', { name: 'Par véhicule' });
  await expect(vehicules.getByRole('heading')).toHaveText('Par véhicule (5)', { timeout: 30_000 });
  const lignes = vehicules.locator('tbody tr.ant-table-row');
  await expect(lignes).toHaveCount(5);
  // Each seeded device drove during the week: a distance in km and a driving time.
  for (const texte of await lignes.allInnerTexts()) expect(texte).toMatch(/GA-?\w+.*\d+(,\d)? km/s);
  const resume = page.getByRole('region', { name: 'Résumé' });
  await expect(resume.getByText('Vitesse max.', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /Excel/ })).toBeEnabled();
  await expect(page.getByRole('button', { name: /PDF/ })).toBeEnabled();

  // Temps sur site: the visits of the seeded zones, each with its arrival and duration.
  await page.getByRole('tab', { name: 'Temps sur site' }).click();
  await page
    .getByRole('form', { name: 'Filtrer le temps sur site' })
    .getByRole('button', { name: 'Charger' })
    .click();
  const visites = page.getByRole('region', { name: 'Visites' });
  await expect(visites.locator('tbody tr.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
  const n = Number((await visites.getByRole('heading').innerText()).match(/\d+/)![0]);
  expect(n).toBeGreaterThan(0);
  await expect(visites.locator('tbody tr.ant-table-row')).toHaveCount(n);
  await expect(visites.locator('tbody tr.ant-table-row').first()).toContainText(
    /(Dépôt de Libreville|Port d'Owendo|Pont-bascule de Ntoum|Chantier de Kango|Chargement|Déchargement)/,
  );
  await expect(
    page.getByRole('region', { name: 'Par zone' }).locator('tbody tr.ant-table-row').first(),
  ).toBeVisible();

  // Zones: the company's four, one opened on its map.
  await page.getByRole('tab', { name: 'Zones' }).click();
  await expect(page.getByRole('heading', { name: 'Zones (4)' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('row', { name: /Port d'Owendo/ }).click();
  const fiche = page.getByRole('dialog', { name: "Zone Port d'Owendo" });
  await expect(fiche).toContainText('Port');
  await expect(fiche).toContainText('400');
  await expect(fiche.getByRole('application', { name: "Carte de la zone Port d'Owendo" })).toBeVisible();
});

test.describe('une zone dessinée sur la carte', () => {
  test.use({ account: OGOUE });

  test('un polygone dessiné clic par clic est enregistré avec ses sommets', async ({ page, request }) => {
    await page.route(/tile\.openstreetmap\.(org|fr)|arcgisonline\.com/, (route) => route.abort());
    const nom = `Quai ${stamp()}`;
    await page.goto('/geolocalisation/zones');
    await page.getByRole('button', { name: 'Ajouter une zone' }).click();
    const form = page.getByRole('dialog', { name: 'Nouvelle zone' });
    await form.getByLabel('Nom').fill(nom);
    await choose(page, form.getByRole('combobox', { name: 'Forme' }), 'Polygone');
    // Saved without its vertices: the shared schema's French message, before any request.
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(form).toContainText('Un polygone a au moins 3 sommets.');
    const carte = form.getByRole('application', { name: 'Aperçu de la zone' });
    const sommets: Array<[number, number]> = [
      [120, 60],
      [260, 60],
      [200, 170],
    ];
    for (const [x, y] of sommets) await carte.click({ position: { x, y } });
    await expect(form.getByLabel('Sommets du polygone')).toHaveValue(
      /^[-\d.]+, [-\d.]+\n[-\d.]+, [-\d.]+\n[-\d.]+, [-\d.]+$/,
    );
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(nom) })).toContainText('Polygone');
    // What the API stored: a polygon of the three vertices clicked.
    const token = savedSession(OGOUE).token;
    const res = await request.get(`/api/zones?search=${encodeURIComponent(nom)}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const [zone] = (await res.json()).data;
    expect(zone).toMatchObject({ nom, type: 'polygone', rayon_m: null });
    expect(zone.points).toHaveLength(3);
  });
});

test.describe('les événements GPS et mes alertes', () => {
  test.use({ account: OGOUE });

  test('l’onglet Événements liste les entrées et sorties de zone ; une alerte choisie est enregistrée', async ({
    page,
    request,
  }) => {
    await page.goto('/geolocalisation/evenements');
    await page
      .getByRole('form', { name: 'Filtrer les événements' })
      .getByRole('button', { name: 'Charger' })
      .click();
    // Ogooué's seeded tracks start and end at the port of Port-Gentil (its zone).
    const evenements = page.getByRole('region', { name: 'Événements' });
    await expect(evenements.locator('tbody tr.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
    await expect(evenements.locator('tbody tr.ant-table-row').first()).toContainText(
      /(Entrée|Sortie) de zone.*Port de Port-Gentil/s,
    );
    await expect(page.getByRole('button', { name: /PDF/ })).toBeEnabled();

    // Mes alertes: none chosen; « Entrée ou sortie d’une zone » by e-mail, kept after a reload.
    await page.getByText('Mes alertes (dans l’application, par e-mail)').click();
    const email = page.getByRole('checkbox', { name: 'Entrée ou sortie d’une zone : par e-mail' });
    await expect(email).not.toBeChecked();
    // Checked once saved (the choice shown is the stored one).
    await email.click();
    await expect(page.getByText('Vos préférences de notification sont enregistrées.')).toBeVisible();
    await expect(email).toBeChecked();
    const token = savedSession(OGOUE).token;
    const prefs = await request.get('/api/notifications/preferences', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect((await prefs.json()).data.alertes).toContainEqual({
      type: 'alerte_zone',
      libelle: 'Entrée ou sortie d’une zone',
      app: false,
      email: true,
    });
    await page.reload();
    await page.getByText('Mes alertes (dans l’application, par e-mail)').click();
    await expect(
      page.getByRole('checkbox', { name: 'Entrée ou sortie d’une zone : par e-mail' }),
    ).toBeChecked();
    // Back as it was (the spec may run again on the same data).
    await page.getByRole('checkbox', { name: 'Entrée ou sortie d’une zone : par e-mail' }).click();
    await expect(
      page.getByRole('checkbox', { name: 'Entrée ou sortie d’une zone : par e-mail' }),
    ).not.toBeChecked();
  });
});
