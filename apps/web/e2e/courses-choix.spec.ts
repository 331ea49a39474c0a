import type { Locator, Page } from '@playwright/test';
import { OGOUE } from './support/accounts';
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
import { expect, test } from './support/test';

test.use({ account: OGOUE });

/** The options a select offers once the server answered the search (`GET …/options?search=`). */
async function expectOptions(page: Page, select: Locator, search: string, expected: string[]) {
  await select.click();
  await select.fill(search);
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect.poll(() => options.allInnerTexts(), { timeout: 15_000 }).toEqual(expected);
  await select.press('Escape');
}

test('un trajet remplit la course, un véhicule occupé n’est pas proposé, une course payée non plus', async ({
  page,
}) => {
  const s = stamp();
  const trajet = await api<{ id: number }>(page, '/api/trajets', {
    libelle: `Franceville → Moanda ${s}`,
    montant: 90_000,
    ville_depart_id: await villeId(page, 'Franceville'),
    ville_arrivee_id: await villeId(page, 'Moanda'),
  });
  expect(trajet.success).toBe(true);
  const client = await newClient(page, `Comilog Sous-traitance ${s}`);
  const libre = await newVehicule(page);
  const occupee = await newCourse(page, client, { montant: 100_000 });

  await openScreen(page, '/operations/courses', 'Courses');
  await page.getByRole('button', { name: 'Ajouter une course' }).click();
  const create = page.getByRole('dialog', { name: 'Nouvelle course' });
  const vehicule = create.getByRole('combobox', { name: 'Véhicule' });
  // A vehicle already on a course is not offered; a free one is, with its state.
  await expectOptions(page, vehicule, occupee.vehicule.plaque, []);
  await expectOptions(page, vehicule, libre.plaque, [`${libre.plaque} · Nouveau`]);
  await pick(page, create.getByRole('combobox', { name: 'Client' }), client.nom_complet);
  await pick(page, vehicule, libre.plaque);
  await choose(page, create.getByRole('combobox', { name: 'Type de course' }), 'Transport de marchandises');
  await pick(page, create.getByRole('combobox', { name: 'Trajet' }), s, `Franceville → Moanda ${s}`);
  // Both cities and the trajet's amount are filled in.
  await expect(create.locator('.ant-form-item').filter({ hasText: 'Ville de départ' })).toContainText(
    'Franceville',
  );
  await expect(create.locator('.ant-form-item').filter({ hasText: "Ville d'arrivée" })).toContainText(
    'Moanda',
  );
  await expect(create.getByLabel('Montant')).toHaveValue('90.000');
  await create.getByLabel('Date de chargement').fill('10/12/2026 11:15');
  await create.getByLabel('Date de chargement').press('Tab');
  await create.getByRole('button', { name: 'Enregistrer' }).click();
  const toast = page.getByText(/^La course CRS-\d{4}-\d{5} a été créée\.$/);
  await expect(toast).toBeVisible({ timeout: 20_000 });
  // The toast may be gone already on a busy machine: the code is read from the API (the vehicle is new).
  const made = await api<Array<{ code: string }>>(page, `/api/courses?vehicule=${libre.id}`);
  const code = made.data[0]!.code;

  // The detail: planned loading beside the actual one, stamped when the state changes.
  await page.goto(`/operations/courses?search=${code}`);
  await expect(page.getByRole('heading', { name: 'Courses (1)' })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('table').getByRole('row').nth(1).click();
  const dialog = page.getByRole('dialog', { name: code });
  const deroulement = dialog.getByRole('table', { name: 'Déroulement de la course' });
  const chargement = deroulement.getByRole('row').filter({ hasText: 'Chargement' });
  await expect(chargement).toContainText('10/12/2026 11:15');
  await expect(chargement.getByRole('cell').nth(2)).toHaveText('—');
  await dialog.getByRole('button', { name: 'Chargement terminé' }).click();
  await dialog.getByRole('button', { name: 'Confirmer' }).click();
  await expect(
    page.getByText(`La course ${code} est passée au statut « Chargement terminé ».`),
  ).toBeVisible();
  await expect(chargement.getByRole('cell').nth(2)).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  await page.keyboard.press('Escape');

  // Payments: the fully paid course is not offered; the unpaid one is, with what is left.
  const paid = await api(page, '/api/paiements', {
    course_id: occupee.id,
    libelle: 'Solde',
    mode: 'Espèces',
    montant: 100_000,
    statut: 'Validé',
  });
  expect(paid.success).toBe(true);
  await openScreen(page, '/operations/paiements', 'Paiements');
  await page.getByRole('button', { name: 'Ajouter un paiement' }).click();
  const payment = page.getByRole('dialog', { name: 'Nouveau paiement' });
  const course = payment.getByRole('combobox', { name: 'Course' });
  await expectOptions(page, course, occupee.code, []);
  await expectOptions(page, course, code, [`${code} · ${client.nom_complet} (reste : 90.000 FCFA)`]);
});
