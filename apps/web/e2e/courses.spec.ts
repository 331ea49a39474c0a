import { OGOUE } from './support/accounts';
import { choose, exportAs, filterPanel, readCsv } from './support/list';
import {
  api,
  dialogButtons,
  newClient,
  newCourse,
  newVehicule,
  openScreen,
  pick,
  stamp,
  vehiculeStatut,
} from './support/operations';
import { expect, test } from './support/test';

test.use({ account: OGOUE });

// Today in Libreville (from 23:00 UTC it is already tomorrow there).
const today = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Africa/Libreville' }).format(new Date());

test('créer une course (le véhicule part en course), la filtrer (gardé au rechargement), l’ouvrir, la modifier', async ({
  page,
}) => {
  const client = await newClient(page, `Brasserie Kango ${stamp()}`);
  const vehicule = await newVehicule(page);
  await openScreen(page, '/operations/courses', 'Courses');

  await page.getByRole('button', { name: 'Ajouter une course' }).click();
  const create = page.getByRole('dialog', { name: 'Nouvelle course' });
  await pick(page, create.getByRole('combobox', { name: 'Client' }), client.nom_complet);
  await pick(page, create.getByRole('combobox', { name: 'Véhicule' }), vehicule.plaque);
  await choose(page, create.getByRole('combobox', { name: 'Type de course' }), 'Livraison');
  await pick(page, create.getByRole('combobox', { name: 'Ville de départ' }), 'Libreville');
  await pick(page, create.getByRole('combobox', { name: "Ville d'arrivée" }), 'Franceville');
  await create.getByLabel('Adresse de chargement').fill('Entrepôt Owendo');
  await create.getByLabel('Date de chargement').fill(`${today} 08:00`);
  await create.getByLabel('Date de chargement').press('Tab');
  await create.getByLabel('Poids (kg)').fill('12000');
  await create.getByLabel('Montant').fill('250000');
  await create.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText(/^La course CRS-\d{4}-\d{5} a été créée\.$/)).toBeVisible();
  await expect(create).toBeHidden();
  expect(await vehiculeStatut(page, vehicule.id)).toBe('En course');

  // Filter by vehicle: one row, kept by a reload.
  const filters = filterPanel(page);
  await pick(page, filters.getByRole('combobox', { name: 'Véhicule' }), vehicule.plaque);
  await filters.getByRole('button', { name: 'Appliquer' }).click();
  await expect(page.getByRole('heading', { name: 'Courses (1)' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Courses (1)' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('list', { name: 'Filtres actifs' })).toContainText(
    `Véhicule : ${vehicule.plaque}`,
  );
  const row = page.getByRole('table').getByRole('row').nth(1);
  await expect(row).toContainText('Libreville → Franceville (12 t)');
  await expect(row).toContainText('250.000 FCFA');
  await expect(row).toContainText('Non payé');
  await expect(row).toContainText('Chargement en attente');
  const code = (await row.getByRole('cell').nth(1).innerText()).trim();
  expect(code).toMatch(/^CRS-\d{4}-\d{5}$/);

  // Open, edit the amount.
  await row.click();
  const dialog = page.getByRole('dialog', { name: code });
  await expect(dialog).toContainText('Reste à payer');
  await expect(dialog).toContainText('Aucun paiement');
  await dialog.getByRole('button', { name: 'Modifier' }).click();
  await dialog.getByLabel('Montant').fill('300000');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText(`La course ${code} a été modifiée.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('300.000 FCFA');
});

test('une course parcourt son cycle de vie : seules les transitions permises sont offertes, le véhicule suit', async ({
  page,
}) => {
  const client = await newClient(page, `Cimenterie Ntoum ${stamp()}`);
  const { code, vehicule } = await newCourse(page, client, { montant: 300_000 });
  await openScreen(page, `/operations/courses?client=${client.id}`, 'Courses', 1);
  const row = page.getByRole('table').getByRole('row').nth(1);
  const dialog = page.getByRole('dialog', { name: code });

  await row.click();
  const status = async (label: string, then: string[], vehiculeApres: string) => {
    await dialog.getByRole('button', { name: label, exact: true }).click();
    // A step (#24 §21) is confirmed with its actual time, now by default.
    if (['Chargement terminé', 'Transport en cours', 'Terminé'].includes(label)) {
      await expect(dialog.getByLabel('Heure réelle')).not.toBeEmpty();
      await dialog.getByRole('button', { name: 'Confirmer' }).click();
    }
    await expect(dialog.locator('.ant-descriptions')).toContainText(label);
    await expect
      .poll(() => dialogButtons(dialog))
      .toEqual([...then, 'Imprimer la fiche', 'Modifier', 'Fermer']);
    expect(await vehiculeStatut(page, vehicule.id)).toBe(vehiculeApres);
  };
  const annuler = 'Annuler la dernière étape';
  await expect
    .poll(() => dialogButtons(dialog))
    .toEqual(['Supprimer', 'Chargement terminé', 'Annulé', 'Imprimer la fiche', 'Modifier', 'Fermer']);
  await status(
    'Chargement terminé',
    ['Transport en cours', 'Problèmes mécaniques', 'Annulé', annuler],
    'En course',
  );
  await status('Problèmes mécaniques', ['Chargement terminé', 'Annulé'], 'Indisponible');
  // Back on the road after a breakdown is not a step of its own to undo.
  await status('Chargement terminé', ['Transport en cours', 'Problèmes mécaniques', 'Annulé'], 'En course');
  await status('Transport en cours', ['Terminé', 'Problèmes mécaniques', 'Annulé', annuler], 'En course');
  await status('Terminé', [annuler], 'Disponible');
});

// Issue 24 §21: a step asks for its actual time (a driver calls afterwards), refuses one in the future, warns
// when it is far from the plan, and its author may undo it for a short while (the history says so).
test('une étape se confirme avec son heure réelle, avertit loin du plan, et se défait par son auteur', async ({
  page,
}) => {
  const client = await newClient(page, `Étapes ${stamp()}`);
  const vehicule = await newVehicule(page);
  const made = await newCourse(page, client, {
    vehicule,
    // Planned three days ago: loading « now » is far from the plan.
    date_chargement: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    montant: 120_000,
  });
  const code = made.code;
  await page.goto(`/operations/courses?id=${made.id}`);
  const dialog = page.getByRole('dialog', { name: code });
  await expect(dialog).toBeVisible({ timeout: 30_000 });

  await dialog.getByRole('button', { name: 'Chargement terminé', exact: true }).click();
  // The step's own form: its title, its time, nothing done yet.
  await expect(page.getByRole('dialog', { name: `« Chargement terminé » — course ${code}` })).toBeVisible();
  const heure = dialog.getByLabel('Heure réelle');
  await expect(dialog).toContainText(
    /Cette heure est 3 jours après l’heure prévue \(\d\d\/\d\d\/\d{4} \d\d:\d\d\) : vérifiez-la\./,
  );
  await page.screenshot({ path: `/tmp/shots/h24b/etape-${page.viewportSize()!.width}.png` });
  // A time in the future is refused in French, and nothing moves.
  const future = new Date(Date.now() + 2 * 86_400_000 + 3_600_000);
  const lbv = (d: Date) =>
    new Intl.DateTimeFormat('fr-FR', {
      timeZone: 'Africa/Libreville',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    })
      .format(d)
      .replace(',', '');
  await heure.fill(lbv(future));
  await heure.press('Tab');
  await dialog.getByRole('button', { name: 'Confirmer' }).click();
  await expect(dialog).toContainText('L’heure réelle ne peut pas être dans le futur.');
  // Three days back, as planned: no warning; confirmed.
  const planned = new Date(Date.now() - 3 * 86_400_000 + 3_600_000);
  await heure.fill(lbv(planned));
  await heure.press('Tab');
  await expect(dialog).not.toContainText('vérifiez-la');
  await dialog.getByRole('button', { name: 'Confirmer' }).click();
  await expect(
    page.getByText(`La course ${code} est passée au statut « Chargement terminé ».`),
  ).toBeVisible();
  const deroulement = dialog.getByRole('table', { name: 'Déroulement de la course' });
  await expect(deroulement.getByRole('row').filter({ hasText: 'Chargement' })).toContainText(lbv(planned));

  // A mis-click undone: asked first, the course is back where it was.
  await dialog.getByRole('button', { name: 'Annuler la dernière étape' }).click();
  await expect(page.getByRole('tooltip')).toContainText(
    'Annuler l’étape « Chargement terminé » ? La course reviendra au statut « Chargement en attente ».',
  );
  await page.getByRole('tooltip').getByRole('button', { name: 'Oui' }).click();
  await expect(
    page.getByText(
      `L’étape « Chargement terminé » de la course ${code} a été annulée : la course est revenue au statut « Chargement en attente ».`,
    ),
  ).toBeVisible();
  await expect(dialog.locator('.ant-descriptions')).toContainText('Chargement en attente');
  await expect(dialog.getByRole('button', { name: 'Annuler la dernière étape' })).toHaveCount(0);
  expect(await vehiculeStatut(page, vehicule.id)).toBe('En course');
});

test('annuler une course (avec confirmation), en supprimer une, puis une suppression groupée', async ({
  page,
}) => {
  const client = await newClient(page, `Scierie Ndjolé ${stamp()}`);
  const [a, b, c, d] = [
    await newCourse(page, client),
    await newCourse(page, client),
    await newCourse(page, client),
    await newCourse(page, client),
  ];
  await openScreen(page, `/operations/courses?client=${client.id}`, 'Courses', 4);
  await expect(page.getByRole('list', { name: 'Filtres actifs' })).toContainText(
    `Client : ${client.nom_complet}`,
  );
  const table = page.getByRole('table');

  // 'Annulé' asks first; the vehicle is free again.
  await table.getByRole('cell', { name: a!.code, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: a!.code });
  await dialog.getByRole('button', { name: 'Annulé', exact: true }).click();
  await expect(page.getByRole('tooltip')).toContainText('Êtes-vous sûr de vouloir annuler cette course ?');
  await page.getByRole('tooltip').getByRole('button', { name: 'Oui' }).click();
  await expect(dialog.locator('.ant-descriptions')).toContainText('Annulé');
  // A cancelled course is still printed with its road log.
  await expect.poll(() => dialogButtons(dialog)).toEqual(['Imprimer la fiche', 'Fermer']);
  expect(await vehiculeStatut(page, a!.vehicule.id)).toBe('Disponible');
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Fermer' }).click();

  // Delete one from its dialog.
  await table.getByRole('cell', { name: b!.code, exact: true }).click();
  await page.getByRole('dialog', { name: b!.code }).getByRole('button', { name: 'Supprimer' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByRole('heading', { name: 'Courses (3)' })).toBeVisible();

  // Group delete of the three left: the cancelled one is refused, one toast per line, 5 s apart.
  await table.getByRole('checkbox').first().check();
  await expect(page.getByText('3 lignes sélectionnées')).toBeVisible();
  await page.getByRole('button', { name: 'Supprimer la sélection' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByRole('heading', { name: 'Courses (1)' })).toBeVisible();
  await expect(page.getByText(/La course CRS-[\d-]+ a été supprimée/).first()).toBeVisible();
  await expect(page.getByText(`La course ${a!.code} a déjà commencé`, { exact: false })).toBeVisible({
    timeout: 12_000,
  });
  const left = await api<number>(page, `/api/courses?client=${client.id}&req_count=1`);
  expect(left.data).toBe(1);
  expect([c!.code, d!.code]).not.toContain(
    await table.getByRole('row').nth(1).getByRole('cell').nth(1).innerText(),
  );
});

test('la vue en cartes et l’export CSV de ce que les filtres sélectionnent', async ({ page }) => {
  const client = await newClient(page, `Export Courses ${stamp()}`);
  const made = [
    await newCourse(page, client, { montant: 120_000 }),
    await newCourse(page, client, { montant: 80_000 }),
  ];
  await openScreen(page, `/operations/courses?client=${client.id}`, 'Courses', 2);

  await page.getByText('Cartes', { exact: true }).click();
  const cards = page.getByRole('list', { name: 'Courses (cartes)' }).getByRole('listitem');
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText(client.nom_complet);
  await expect(cards.first()).toContainText('Chargement en attente');
  await page.reload();
  await expect(cards).toHaveCount(2, { timeout: 30_000 });

  const csv = readCsv((await exportAs(page, 'CSV')).file);
  expect(csv[0]).toEqual([
    'Code',
    'Plaque',
    'Client',
    'Type de course',
    'Détails du trajet',
    'Montant',
    'Règlement',
    'Statut',
    'Chauffeur',
    'Date de chargement',
    'Date de déchargement',
    'Montant payé',
    'Reste à payer',
  ]);
  expect(
    csv
      .slice(1)
      .map((l) => l[0])
      .sort(),
  ).toEqual(made.map((c) => c.code).sort());
  for (const line of csv.slice(1)) {
    expect(line[2]).toBe(client.nom_complet);
    expect(line[6]).toBe('Non payé');
    expect(line[4]).toBe('Libreville → Lambaréné');
  }
});

test.describe('sur un téléphone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('les courses en cartes, le détail en pleine largeur avec ses transitions', async ({ page }) => {
    const client = await newClient(page, `Mobile Courses ${stamp()}`);
    const course = await newCourse(page, client);
    await openScreen(page, `/operations/courses?client=${client.id}`, 'Courses', 1);
    const cards = page.getByRole('list', { name: 'Courses (cartes)' });
    await expect(cards.getByRole('listitem')).toHaveCount(1);
    await cards.getByRole('listitem').first().click();
    const dialog = page.getByRole('dialog', { name: course.code });
    expect((await dialog.boundingBox())!.width).toBeGreaterThan(360);
    await expect(dialog.getByRole('button', { name: 'Chargement terminé' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Terminé', exact: true })).toHaveCount(0);
  });
});
