import { addDays, todayInGabon } from '@yams/shared';
import { apiToken, OGOUE, openNewCompany } from './support/accounts';
import { choose, exportAs, filterPanel, readCsv } from './support/list';
import {
  api,
  dialogButtons,
  newClient,
  newVehicule,
  openScreen,
  pick,
  stamp,
  villeId,
} from './support/operations';
import { expect, test } from './support/test';

test.use({ account: OGOUE });

// User journeys of a few dozen round trips each: 20–40 s on a quiet machine, up to twice that when the
// 2 cores are shared with other runs (full page loads then take 10–20 s).
// One after the other, in one worker: a broadcast demande reaches every company's bell, so the two tests
// that broadcast (here, and nowhere else) must not run at the same time.
test.describe.configure({ mode: 'default' });

const inTwoDays = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Africa/Libreville' }).format(
  new Date(Date.now() + 2 * 86_400_000),
);

/** A demande recorded through the API for `client` ('En attente'). */
async function newDemande(page: Parameters<typeof api>[0], client: { id: number }, budget = 90_000) {
  const res = await api<{ id: number }>(page, '/api/demandes', {
    client_id: client.id,
    type_course: 'Déménagement',
    ville_depart_id: await villeId(page, 'Libreville'),
    ville_arrivee_id: await villeId(page, 'Oyem'),
    date_souhaitee: addDays(todayInGabon(), 1),
    budget,
  });
  expect(res.success).toBe(true);
  return res.data;
}

test('le lien « Réservations » filtre les demandes en attente ; créer, filtrer, modifier, diffuser, accepter', async ({
  page,
}) => {
  const client = await newClient(page, `Famille Ondo ${stamp()}`);
  const vehicule = await newVehicule(page);

  // The home counter's link opens the list filtered on the pending requests.
  await openScreen(page, '/operations/demandes?statut=En%20attente', 'Demandes');
  await expect(page.getByRole('list', { name: 'Filtres actifs' })).toContainText('Statut : En attente');
  const table = page.getByRole('table');
  await expect(table.getByRole('row').nth(1)).toContainText('En attente');
  await expect(table.getByRole('row')).not.toContainText(['Recherche en cours']);

  // Create a demande for the new client.
  await page.getByRole('button', { name: 'Ajouter une demande' }).click();
  const create = page.getByRole('dialog', { name: 'Nouvelle demande' });
  await pick(page, create.getByRole('combobox', { name: 'Client' }), client.nom_complet);
  await choose(page, create.getByRole('combobox', { name: 'Type de course' }), 'Déménagement');
  await pick(page, create.getByRole('combobox', { name: 'Ville de départ' }), 'Libreville');
  await pick(page, create.getByRole('combobox', { name: "Ville d'arrivée" }), 'Mouila');
  await create.getByLabel('Date souhaitée').fill(inTwoDays);
  await create.getByLabel('Date souhaitée').press('Tab');
  await create.getByLabel('Budget').fill('175000');
  await create.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText(/^La demande n°\d+ a été enregistrée\.$/)).toBeVisible();
  await expect(create).toBeHidden();

  // Filter by client (the status chip removed): one row, kept by a reload.
  await page.getByRole('button', { name: 'Retirer le filtre Statut' }).click();
  const filters = filterPanel(page);
  await pick(page, filters.getByRole('combobox', { name: 'Client' }), client.nom_complet);
  await filters.getByRole('button', { name: 'Appliquer' }).click();
  await expect(page.getByRole('heading', { name: 'Demandes (1)' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Demandes (1)' })).toBeVisible({ timeout: 30_000 });
  const row = table.getByRole('row').nth(1);
  await expect(row).toContainText('Libreville → Mouila');
  await expect(row).toContainText(inTwoDays);
  await expect(row).toContainText('175.000 FCFA');

  // Edit the budget.
  await row.click();
  const dialog = page.getByRole('dialog', { name: /^Demande n°\d+/ });
  await expect
    .poll(() => dialogButtons(dialog))
    .toEqual(['Supprimer', 'Diffuser', 'Accepter', 'Annuler', 'Modifier', 'Fermer']);
  await dialog.getByRole('button', { name: 'Modifier' }).click();
  await dialog.getByLabel('Budget').fill('200000');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText(/^La demande n°\d+ a été modifiée\.$/)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('200.000 FCFA');

  // Diffuser: 'Recherche en cours', no second broadcast.
  await row.click();
  await dialog.getByRole('button', { name: 'Diffuser' }).click();
  await expect(page.getByText(/est diffusée aux transporteurs/)).toBeVisible();
  await expect
    .poll(() => dialogButtons(dialog))
    .toEqual(['Supprimer', 'Accepter', 'Annuler', 'Modifier', 'Fermer']);
  await expect(dialog.locator('.ant-descriptions')).toContainText('Recherche en cours');

  // Accepter: vehicle and price → the course is created, its code shown.
  await dialog.getByRole('button', { name: 'Accepter' }).click();
  const accept = page.getByRole('form', { name: 'Accepter' });
  await expect(accept.getByLabel('Montant')).toHaveValue('200.000');
  await pick(page, accept.getByRole('combobox', { name: 'Véhicule' }), vehicule.plaque);
  await accept.getByRole('button', { name: 'Accepter et créer la course' }).click();
  const toast = page.getByText(/^Demande acceptée : la course CRS-\d{4}-\d{5} a été créée\.$/);
  await expect(toast).toBeVisible();
  const code = (await toast.innerText()).match(/CRS-\d{4}-\d{5}/)![0];
  await expect(dialog.locator('.ant-descriptions')).toContainText(code);
  await expect(dialog.locator('.ant-descriptions')).toContainText('Accepté');
  await expect.poll(() => dialogButtons(dialog)).toEqual(['Fermer']);

  // The course is in Courses, for this client, on the chosen vehicle.
  await openScreen(page, `/operations/courses?client=${client.id}`, 'Courses', 1);
  const courseRow = page.getByRole('table').getByRole('row').nth(1);
  await expect(courseRow).toContainText(code);
  await expect(courseRow).toContainText(vehicule.plaque);
  await expect(courseRow).toContainText('200.000 FCFA');
});

test('annuler une demande (avec confirmation), en supprimer une, les cartes et l’export CSV', async ({
  page,
}) => {
  const client = await newClient(page, `Export Demandes ${stamp()}`);
  for (const budget of [90_000, 70_000, 50_000]) await newDemande(page, client, budget);
  await openScreen(page, `/operations/demandes?client=${client.id}`, 'Demandes', 3);

  // Annuler asks first.
  await page.getByRole('table').getByRole('row').filter({ hasText: '50.000 FCFA' }).click();
  const dialog = page.getByRole('dialog', { name: /^Demande n°\d+/ });
  await dialog.getByRole('button', { name: 'Annuler', exact: true }).click();
  await expect(page.getByRole('tooltip')).toContainText('Êtes-vous sûr de vouloir annuler cette demande ?');
  await page.getByRole('tooltip').getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByText(/^La demande n°\d+ a été annulée\.$/)).toBeVisible();
  await expect(dialog.locator('.ant-descriptions')).toContainText('Annulé');
  await expect.poll(() => dialogButtons(dialog)).toEqual(['Supprimer', 'Fermer']);

  // …then delete it.
  await dialog.getByRole('button', { name: 'Supprimer' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByRole('heading', { name: 'Demandes (2)' })).toBeVisible();

  await page.getByText('Cartes', { exact: true }).click();
  const cards = page.getByRole('list', { name: 'Demandes (cartes)' }).getByRole('listitem');
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText('Libreville → Oyem');

  const csv = readCsv((await exportAs(page, 'CSV')).file);
  expect(csv[0]).toEqual([
    'Client',
    'Type de course',
    'Trajet',
    'Date souhaitée',
    'Budget',
    'Statut',
    'Course',
  ]);
  expect(csv).toHaveLength(3);
  for (const line of csv.slice(1)) {
    expect(line.slice(0, 3)).toEqual([client.nom_complet, 'Déménagement', 'Libreville → Oyem']);
    expect(line[5]).toBe('En attente');
  }
  expect(
    csv
      .slice(1)
      .map((l) => Number(l[4]))
      .sort(),
  ).toEqual([70_000, 90_000]);
});

test('Entrée dans un champ date confirme la date, sans envoyer le formulaire', async ({ page }) => {
  const client = await newClient(page, `Entrée Date ${stamp()}`);
  await openScreen(page, `/operations/demandes?client=${client.id}`, 'Demandes', 0);
  let posted = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/demandes') posted++;
  });
  await page.getByRole('button', { name: 'Ajouter une demande' }).click();
  const create = page.getByRole('dialog', { name: 'Nouvelle demande' });
  await pick(page, create.getByRole('combobox', { name: 'Client' }), client.nom_complet);
  await choose(page, create.getByRole('combobox', { name: 'Type de course' }), 'Déménagement');
  await pick(page, create.getByRole('combobox', { name: 'Ville de départ' }), 'Libreville');
  await pick(page, create.getByRole('combobox', { name: "Ville d'arrivée" }), 'Mouila');
  // Enter in the date: the date is taken and the calendar closes; the form is neither sent nor checked.
  const date = create.getByLabel('Date souhaitée');
  await date.click();
  await date.fill(inTwoDays);
  await date.press('Enter');
  await expect(date).toHaveValue(inTwoDays);
  await expect(page.locator('.ant-picker-dropdown:visible')).toHaveCount(0);
  await expect(create).toBeVisible();
  await expect(create.locator('.ant-form-item-explain-error')).toHaveCount(0);
  expect(posted).toBe(0);
  // The user goes on with the budget, then saves.
  await create.getByLabel('Budget').fill('95000');
  await create.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(create).toBeHidden();
  expect(posted).toBe(1);
  await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText(inTwoDays);
});

test.describe('sur un téléphone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('les demandes en cartes, le filtre replié, le détail en pleine largeur', async ({ page }) => {
    const client = await newClient(page, `Mobile Demandes ${stamp()}`);
    await newDemande(page, client);
    await openScreen(page, `/operations/demandes?client=${client.id}`, 'Demandes', 1);
    const cards = page.getByRole('list', { name: 'Demandes (cartes)' });
    await expect(cards.getByRole('listitem')).toHaveCount(1);
    await expect(filterPanel(page)).toBeHidden();
    await cards.getByRole('listitem').first().click();
    const dialog = page.getByRole('dialog', { name: /^Demande n°\d+/ });
    expect((await dialog.boundingBox())!.width).toBeGreaterThan(360);
    await expect(dialog.getByRole('button', { name: 'Accepter' })).toBeVisible();
  });
});

test('diffuser une demande : la cloche d’un autre transporteur la compte en direct, et l’ouvre', async ({
  page,
  request,
}) => {
  await openNewCompany(page, 'Cloche');
  await page.goto('/');
  const bell = page.getByRole('button', { name: /^Notifications :/ });
  await expect(bell).toHaveAccessibleName('Notifications : 0 non lue', { timeout: 30_000 });

  // Ogooué broadcasts a demande: every other transporteur hears of it.
  const auth = { Authorization: `Bearer ${await apiToken(request, OGOUE)}` };
  const clients = (
    await (await request.get('/api/utilisateurs?type=client&limit=1', { headers: auth })).json()
  ).data;
  const created = await request.post('/api/demandes', {
    headers: auth,
    data: {
      client_id: clients[0].id,
      type_course: 'Transport de marchandises',
      ville_depart_id: await villeId(page, 'Owendo'),
      ville_arrivee_id: await villeId(page, 'Akanda'),
      adresse_chargement: 'Zone portuaire d’Owendo',
      adresse_dechargement: 'Akanda',
      date_souhaitee: addDays(todayInGabon(), 53),
      poids_kg: 5_000,
      budget: 250_000,
    },
  });
  const demande = (await created.json()).data;
  expect(
    (await (await request.post(`/api/demandes/${demande.id}/broadcast`, { headers: auth })).json()).success,
  ).toBe(true);

  // Without a reload.
  await expect(bell).toHaveAccessibleName('Notifications : 1 non lue');
  await bell.click();
  const item = page.getByRole('listitem', { name: `Non lue : Nouvelle demande n°${demande.id} diffusée` });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Zone portuaire d’Owendo → Akanda');

  // A click marks it read and opens the demande's detail dialog.
  await item.click();
  await expect(page).toHaveURL(/\/operations\/demandes/);
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications : 0 non lue');
});
