import { OGOUE } from './support/accounts';
import { advanceTo, expectShownFor, expectToastFrom, pauseClock, stepUntilShown } from './support/clock';
import { frenchDate } from './support/fleet';
import { choose, exportAs, filterPanel, readXlsx } from './support/list';
import { api, dialogButtons, newClient, newCourse, openScreen, pick, stamp } from './support/operations';
import { expect, test } from './support/test';

test.use({ account: OGOUE });

type Course = { etat: string; montant_paye: number; reste_a_payer: number };
type Paiement = { libelle: string; montant: number; mode: string; statut: string };

/** The option of this course with its rest (another test's course may have the same rest). */
const resteDe = (code: string, reste: string) =>
  new RegExp(`${code}.*reste : ${reste.replace('.', '\\.')} FCFA`);

test('un paiement au-delà du reste est refusé sur le champ ; un paiement valide est créé, filtré, modifié, validé', async ({
  page,
}) => {
  // The page's fake clock (running until a toast is checked): see support/clock.ts.
  await page.clock.install();
  const client = await newClient(page, `Quincaillerie Nzeng ${stamp()}`);
  const course = await newCourse(page, client, { montant: 100_000 });
  await openScreen(page, '/operations/paiements', 'Paiements');

  await page.getByRole('button', { name: 'Ajouter un paiement' }).click();
  const create = page.getByRole('dialog', { name: 'Nouveau paiement' });
  await pick(
    page,
    create.getByRole('combobox', { name: 'Course' }),
    course.code,
    resteDe(course.code, '100.000'),
  );
  // The form proposes its libellé once the course is read: type over it after it came.
  await expect(create.getByLabel('Libellé')).toHaveValue(`Règlement course ${course.code}`);
  await create.getByLabel('Libellé').fill('Acompte chargement');
  await choose(page, create.getByRole('combobox', { name: 'Mode' }), 'Airtel Money');
  await create.getByLabel('Montant').fill('150000');
  await create.getByRole('button', { name: 'Enregistrer' }).click();
  // The API's French message, under the amount.
  await expect(create.locator('.ant-form-item').filter({ hasText: 'Montant' })).toContainText(
    'Le montant dépasse le reste à payer de la course (reste : 100.000 FCFA).',
  );
  await expect(create).toBeVisible();
  await create.getByLabel('Montant').fill('40000');
  await expectToastFrom(
    page,
    page.getByText(`Le paiement de la course ${course.code} a été enregistré.`),
    () => create.getByRole('button', { name: 'Enregistrer' }).click(),
  );
  await expect(create).toBeHidden();
  // What the API stored.
  const stored = (await api<Paiement[]>(page, `/api/paiements?course=${course.id}`)).data;
  expect(stored).toMatchObject([
    { libelle: 'Acompte chargement', montant: 40_000, mode: 'Airtel Money', statut: 'En attente' },
  ]);

  // Filter by course: one row, kept by a reload.
  const filters = filterPanel(page);
  await pick(page, filters.getByRole('combobox', { name: 'Course' }), course.code);
  await filters.getByRole('button', { name: 'Appliquer' }).click();
  await expect(page.getByRole('heading', { name: 'Paiements (1)' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Paiements (1)' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('list', { name: 'Filtres actifs' })).toContainText(`Course : ${course.code}`);
  const row = page.getByRole('table').getByRole('row').nth(1);
  // Today in Libreville, where the row's date is shown (from 23:00 UTC it is already tomorrow there).
  await expect(row).toContainText(frenchDate());
  await expect(row).toContainText(client.nom_complet);
  await expect(row).toContainText('Airtel Money');
  await expect(row).toContainText('40.000 FCFA');
  await expect(row).toContainText('En attente');

  // Edit the label.
  await row.click();
  const dialog = page.getByRole('dialog', { name: `Paiement ${course.code}` });
  await dialog.getByRole('button', { name: 'Modifier' }).click();
  await dialog.getByLabel('Libellé').fill('Acompte au chargement (Owendo)');
  await expectToastFrom(page, page.getByText(`Le paiement de la course ${course.code} a été modifié.`), () =>
    dialog.getByRole('button', { name: 'Enregistrer' }).click(),
  );
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Acompte au chargement (Owendo)');

  // Valider: the course's etat follows.
  expect((await api<Course>(page, `/api/courses/${course.id}`)).data.etat).toBe('Non payé');
  await row.click();
  await expectToastFrom(
    page,
    page.getByText(`Le paiement de 40.000 FCFA (${course.code}) a été validé.`),
    () => dialog.getByRole('button', { name: 'Valider' }).click(),
  );
  await expect(dialog.locator('.ant-descriptions')).toContainText('Validé');
  await expect.poll(() => dialogButtons(dialog)).toEqual(['Annuler', 'Fermer']);
  const after = (await api<Course>(page, `/api/courses/${course.id}`)).data;
  expect(after).toMatchObject({ etat: 'Acompte', montant_paye: 40_000, reste_a_payer: 60_000 });

  // The course screen shows it too.
  await openScreen(page, `/operations/courses?client=${client.id}`, 'Courses', 1);
  const courseRow = page.getByRole('table').getByRole('row').nth(1);
  await expect(courseRow).toContainText('Acompte');
  await courseRow.click();
  await expect(
    page.getByRole('dialog', { name: course.code }).getByRole('region', { name: 'Paiements' }),
  ).toContainText('Acompte au chargement (Owendo)');
});

test('le libellé se propose : « Règlement course … », « Acompte course … » quand le paiement est partiel, et reste modifiable', async ({
  page,
}) => {
  const client = await newClient(page, `Libellé Auto ${stamp()}`);
  const course = await newCourse(page, client, { montant: 100_000 });
  await openScreen(page, '/operations/paiements', 'Paiements');

  await page.getByRole('button', { name: 'Ajouter un paiement' }).click();
  const create = page.getByRole('dialog', { name: 'Nouveau paiement' });
  await pick(
    page,
    create.getByRole('combobox', { name: 'Course' }),
    course.code,
    resteDe(course.code, '100.000'),
  );
  const libelle = create.getByLabel('Libellé');
  const montant = create.getByLabel('Montant');
  // The whole rest by default: a settlement.
  await expect(montant).toHaveValue('100.000');
  await expect(libelle).toHaveValue(`Règlement course ${course.code}`);
  // Less than the rest: an advance; the whole rest again: a settlement.
  await montant.fill('40000');
  await expect(libelle).toHaveValue(`Acompte course ${course.code}`);
  await montant.fill('100000');
  await expect(libelle).toHaveValue(`Règlement course ${course.code}`);
  await montant.fill('40000');
  await choose(page, create.getByRole('combobox', { name: 'Mode' }), 'Espèces');
  await create.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(create).toBeHidden();
  expect((await api<Paiement[]>(page, `/api/paiements?course=${course.id}`)).data).toMatchObject([
    { libelle: `Acompte course ${course.code}`, montant: 40_000 },
  ]);

  // What the user types is theirs: a later change of the amount keeps it.
  await page.getByRole('button', { name: 'Ajouter un paiement' }).click();
  await pick(page, create.getByRole('combobox', { name: 'Course' }), course.code);
  await expect(libelle).toHaveValue(`Règlement course ${course.code}`);
  await libelle.fill('Solde remis au chauffeur');
  await montant.fill('20000');
  await expect(libelle).toHaveValue('Solde remis au chauffeur');
  await choose(page, create.getByRole('combobox', { name: 'Mode' }), 'Espèces');
  await create.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(create).toBeHidden();
  const libelles = (await api<Paiement[]>(page, `/api/paiements?course=${course.id}`)).data.map(
    (p) => p.libelle,
  );
  expect(libelles.sort()).toEqual([`Acompte course ${course.code}`, 'Solde remis au chauffeur']);
});

test('la suppression groupée (un toast par ligne), les cartes et l’export Excel', async ({ page }) => {
  await page.clock.install();
  const client = await newClient(page, `Export Paiements ${stamp()}`);
  const course = await newCourse(page, client, { montant: 100_000 });
  for (const [libelle, montant, mode] of [
    ['Premier versement', 30_000, 'Espèces'],
    ['Second versement', 20_000, 'Moov Money'],
  ] as const) {
    const res = await api(page, '/api/paiements', { course_id: course.id, libelle, montant, mode });
    expect(res.success).toBe(true);
  }
  await openScreen(page, `/operations/paiements?course=${course.id}`, 'Paiements', 2);

  await page.getByText('Cartes', { exact: true }).click();
  const cards = page.getByRole('list', { name: 'Paiements (cartes)' }).getByRole('listitem');
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: 'Premier versement' })).toContainText('30.000 FCFA');

  const sheet = await readXlsx((await exportAs(page, 'Excel (.xlsx)')).file);
  expect(sheet[0]).toEqual([
    'Date',
    'Client',
    'Course',
    'Libellé',
    'Mode',
    'Montant',
    'Statut',
    'Trajet',
    'Référence',
    'Annulé par',
    'Annulé le',
  ]);
  expect(sheet).toHaveLength(3);
  const lines = sheet.slice(1).sort((x, y) => Number(x[5]) - Number(y[5]));
  expect(lines.map((l) => [l[1], l[2], l[3], l[4], l[5], l[6]])).toEqual([
    [client.nom_complet, course.code, 'Second versement', 'Moov Money', 20_000, 'En attente'],
    [client.nom_complet, course.code, 'Premier versement', 'Espèces', 30_000, 'En attente'],
  ]);

  await page.getByText('Tableau', { exact: true }).click();
  await page.getByRole('table').getByRole('checkbox').first().check();
  await expect(page.getByText('2 lignes sélectionnées')).toBeVisible();
  await page.getByRole('button', { name: 'Supprimer la sélection' }).click();
  // One toast per line of the answer, the second 5 s after the first, each 7 s: checked in the page's
  // paused time, not waited out.
  await pauseClock(page);
  await page.getByRole('tooltip').getByRole('button', { name: 'Oui' }).click();
  const supprime = (montant: string) =>
    page.locator('.ant-notification-notice').filter({
      hasText: new RegExp(`Le paiement de ${montant} FCFA \\(${course.code}\\) a été supprimé\\.`),
    });
  // The lines come in the answer's order: the first toast says which one went first.
  const first = await stepUntilShown(page, supprime('(?:30|20)\\.000'));
  const [a, b] = (await supprime('(?:30|20)\\.000').innerText()).includes('30.000')
    ? ['30\\.000', '20\\.000']
    : ['20\\.000', '30\\.000'];
  await expect(supprime(b)).toHaveCount(0);
  await advanceTo(page, first + 4_700);
  await expect(supprime(b)).toHaveCount(0);
  const second = await stepUntilShown(page, supprime(b));
  expect(second - first).toBeLessThanOrEqual(5_300);
  await expectShownFor(page, supprime(a), first, 7);
  await expectShownFor(page, supprime(b), second, 7);
  await page.clock.resume();
  await expect(page.getByRole('heading', { name: 'Paiements (0)' })).toBeVisible();
  expect((await api<Paiement[]>(page, `/api/paiements?course=${course.id}`)).data).toEqual([]);
});

test.describe('sur un téléphone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('les paiements en cartes et le détail en pleine largeur', async ({ page }) => {
    const client = await newClient(page, `Mobile Paiements ${stamp()}`);
    const course = await newCourse(page, client);
    await api(page, '/api/paiements', {
      course_id: course.id,
      libelle: 'Solde',
      montant: 5_000,
      mode: 'Chèque',
    });
    await openScreen(page, `/operations/paiements?course=${course.id}`, 'Paiements', 1);
    const cards = page.getByRole('list', { name: 'Paiements (cartes)' });
    await expect(cards.getByRole('listitem')).toHaveCount(1);
    await cards.getByRole('listitem').first().click();
    const dialog = page.getByRole('dialog', { name: `Paiement ${course.code}` });
    expect((await dialog.boundingBox())!.width).toBeGreaterThan(360);
    await expect(dialog.getByRole('button', { name: 'Valider' })).toBeVisible();
  });
});
