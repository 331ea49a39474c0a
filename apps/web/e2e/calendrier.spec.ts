import { OGOUE } from './support/accounts';
import { api, newClient, newCourse, newVehicule, pick } from './support/operations';
import { expect, test } from './support/test';

test.use({ account: OGOUE });

// The test's own vehicle, far in the future: filtered on it, the calendar shows only what this test made.
test('le calendrier montre et ouvre chaque type d’événement, et change de mois', async ({ page }) => {
  const vehicule = await newVehicule(page);
  const client = await newClient(page, 'Calendrier');
  const course = await newCourse(page, client, {
    vehicule,
    date_chargement: '2033-05-30T08:00',
    date_dechargement: '2033-06-02T17:00',
    montant: 150_000,
  });
  const garage = (await api<Array<{ id: number }>>(page, '/api/garages?limit=1')).data[0]!;
  const intervention = await api<{ id: number }>(page, '/api/interventions', {
    vehicule_id: vehicule.id,
    garage_id: garage.id,
    type: 'Entretien',
    date_debut: '2033-05-10',
    date_fin: '2033-05-12',
    lignes: [],
  });
  expect(intervention.success, JSON.stringify(intervention.message)).toBe(true);
  const doc = await api(page, '/api/documents', {
    libelle: 'Carte grise',
    association: 'vehicule',
    camion_id: vehicule.id,
    date_expiration: '2033-05-20',
  });
  expect(doc.success, JSON.stringify(doc.message)).toBe(true);

  await page.goto('/operations/calendrier?mois=2033-05');
  await expect(page.getByRole('heading', { name: 'mai 2033' })).toBeVisible({ timeout: 30_000 });
  await pick(page, page.getByRole('combobox', { name: 'Véhicule' }), vehicule.plaque);
  const calendar = page.locator('.fc');
  const code = course.code;
  await expect(calendar.getByText(`Départ ${code} · ${vehicule.plaque}`)).toBeVisible();
  await expect(
    calendar.getByText(`Intervention n°${intervention.data.id} · ${vehicule.plaque}`),
  ).toBeVisible();
  await expect(calendar.getByText(`Sortie n°${intervention.data.id} · ${vehicule.plaque}`)).toBeVisible();
  await expect(calendar.getByText(`Carte grise · ${vehicule.plaque}`)).toBeVisible();
  // The arrival (2 June) shows in the grid's last days.
  await expect(calendar.getByText(`Arrivée ${code} · ${vehicule.plaque}`)).toBeVisible();
  await expect(calendar.locator('.fc-event')).toHaveCount(5);

  // Each event opens the list kit's dialog of its record.
  await calendar.getByText(`Départ ${code} · ${vehicule.plaque}`).click();
  await expect(page.getByRole('dialog')).toContainText(code);
  await page.keyboard.press('Escape');
  await calendar.getByText(`Sortie n°${intervention.data.id} · ${vehicule.plaque}`).click();
  await expect(page.getByRole('dialog', { name: `Intervention n° ${intervention.data.id}` })).toBeVisible();
  await page.keyboard.press('Escape');
  await calendar.getByText(`Carte grise · ${vehicule.plaque}`).click();
  await expect(page.getByRole('dialog', { name: vehicule.plaque })).toBeVisible();
  await page.keyboard.press('Escape');

  // Kind filter: documents off.
  await page.getByRole('checkbox', { name: 'Documents' }).uncheck();
  await expect(calendar.getByText(`Carte grise · ${vehicule.plaque}`)).toHaveCount(0);
  await page.screenshot({ path: '/tmp/shots/realtime/calendrier-filtre-1280.png', fullPage: true });

  // Next month: June's data loads (the course arriving in June); May's intervention is gone.
  await page.getByRole('button', { name: /suivant/i }).click();
  await expect(page.getByRole('heading', { name: 'juin 2033' })).toBeVisible();
  await expect(calendar.getByText(`Arrivée ${code} · ${vehicule.plaque}`)).toBeVisible();
  await expect(calendar.getByText(`Intervention n°${intervention.data.id}`)).toHaveCount(0);
});

// Issue 24 §20: an arrival is a point in time. At 23:30 (Libreville) it is on its day only, once, in the list
// view as in the grid — not again at 00:00 the next day.
test('une arrivée en fin de soirée n’apparaît qu’une fois, à son heure', async ({ page }) => {
  const vehicule = await newVehicule(page);
  const client = await newClient(page, 'Arrivée tardive');
  const course = await newCourse(page, client, {
    vehicule,
    date_chargement: '2033-07-14T18:00',
    date_dechargement: '2033-07-14T23:30',
    montant: 90_000,
  });
  await page.goto('/operations/calendrier?mois=2033-07');
  await expect(page.getByRole('heading', { name: 'juillet 2033' })).toBeVisible({ timeout: 30_000 });
  await pick(page, page.getByRole('combobox', { name: 'Véhicule' }), vehicule.plaque);
  const calendar = page.locator('.fc');
  const arrivee = `Arrivée ${course.code} · ${vehicule.plaque}`;
  await expect(calendar.getByText(arrivee)).toHaveCount(1);
  await page.getByRole('button', { name: 'Liste' }).click();
  await expect(calendar.locator('.fc-list-event')).toHaveCount(2);
  const row = calendar.locator('.fc-list-event', { hasText: arrivee });
  await expect(row).toHaveCount(1);
  await expect(row.locator('.fc-list-event-time')).toHaveText('23:30');
  await expect(
    calendar.getByText('vendredi 14 juillet 2033').or(calendar.getByText('14 juillet 2033')),
  ).toHaveCount(1);
});
