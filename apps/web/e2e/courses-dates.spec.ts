import type { Locator, Page } from '@playwright/test';
import { OGOUE } from './support/accounts';
import { choose } from './support/list';
import { api, newClient, newVehicule, pick, stamp, villeId } from './support/operations';
import { expect, test } from './support/test';

test.use({ account: OGOUE });

interface CourseRow {
  id: number;
  code: string;
  date_chargement: string;
  date_dechargement: string | null;
}

/** Types a date-time into the picker and leaves the field, as a person typing would. */
async function typeDateTime(input: Locator, text: string): Promise<void> {
  await input.click();
  await input.fill(text);
  await input.press('Tab');
}

/** Opens a course's detail from the Courses list, searched by its code. */
async function openCourse(page: Page, code: string): Promise<Locator> {
  await page.goto(`/operations/courses?search=${code}`);
  await expect(page.getByRole('heading', { name: 'Courses (1)' })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('table').getByRole('row').nth(1).click();
  const dialog = page.getByRole('dialog', { name: code });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('PC on UTC', () => {
  test.use({ timezoneId: 'UTC' });

  test('une course du 10/12/2026 11:15 saisie au clavier reste le 10/12/2026 11:15, affichée et modifiée', async ({
    page,
  }) => {
    const client = await newClient(page, `Scierie Ntoum ${stamp()}`);
    const vehicule = await newVehicule(page);
    await page.goto('/operations/courses');
    await page.getByRole('button', { name: 'Ajouter une course' }).click();
    const create = page.getByRole('dialog', { name: 'Nouvelle course' });
    await pick(page, create.getByRole('combobox', { name: 'Client' }), client.nom_complet);
    await pick(page, create.getByRole('combobox', { name: 'Véhicule' }), vehicule.plaque);
    await choose(page, create.getByRole('combobox', { name: 'Type de course' }), 'Livraison');
    await pick(page, create.getByRole('combobox', { name: 'Ville de départ' }), 'Libreville');
    await pick(page, create.getByRole('combobox', { name: "Ville d'arrivée" }), 'Oyem');
    await typeDateTime(create.getByLabel('Date de chargement'), '10/12/2026 11:15');
    await typeDateTime(create.getByLabel('Date de déchargement'), '11/12/2026 07:30');
    await create.getByLabel('Montant').fill('180000');
    await create.getByRole('button', { name: 'Enregistrer' }).click();
    const toast = page.getByText(/^La course CRS-\d{4}-\d{5} a été créée\.$/);
    await expect(toast).toBeVisible({ timeout: 20_000 });
    // The toast may be gone already on a busy machine: the code is read from the API (the vehicle is new).
    const made = await api<Array<{ code: string }>>(page, `/api/courses?vehicule=${vehicule.id}`);
    const code = made.data[0]!.code;

    // Stored as the instant 10:15 UTC (11:15 in Libreville), not midnight and not the day before.
    const list = await api<{ data: CourseRow[] }>(page, `/api/courses?search=${code}&page=1&per_page=6`);
    const stored = list.data.data[0]!;
    expect(stored.date_chargement).toBe('2026-12-10T10:15:00.000Z');
    expect(stored.date_dechargement).toBe('2026-12-11T06:30:00.000Z');

    const dialog = await openCourse(page, code);
    await expect(dialog).toContainText('10/12/2026 11:15');
    await expect(dialog).toContainText('11/12/2026 07:30');
    await dialog.getByRole('button', { name: 'Modifier' }).click();
    await expect(dialog.getByLabel('Date de chargement')).toHaveValue('10/12/2026 11:15');
    await expect(dialog.getByLabel('Date de déchargement')).toHaveValue('11/12/2026 07:30');
    // Another time of the same day, then save: still Libreville time.
    await typeDateTime(dialog.getByLabel('Date de chargement'), '10/12/2026 06:45');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText(`La course ${code} a été modifiée.`)).toBeVisible();
    const after = await api<CourseRow>(page, `/api/courses/${stored.id}`);
    expect(after.data.date_chargement).toBe('2026-12-10T05:45:00.000Z');
  });
});

test.describe('PC on Tokyo time (UTC+9)', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('une course créée par l’API à 11:15 à Libreville se lit 11:15 et se réenregistre sans bouger', async ({
    page,
  }) => {
    const client = await newClient(page, `Hévéa Mitzic ${stamp()}`);
    const vehicule = await newVehicule(page);
    const made = await api<CourseRow>(page, '/api/courses', {
      client_id: client.id,
      vehicule_id: vehicule.id,
      type_course: 'Transport de marchandises',
      ville_depart_id: await villeId(page, 'Libreville'),
      ville_arrivee_id: await villeId(page, 'Franceville'),
      date_chargement: '2026-12-10T11:15:00+01:00',
      date_dechargement: '2026-12-10T23:30:00+01:00',
      montant: 90_000,
    });
    expect(made.success).toBe(true);
    const dialog = await openCourse(page, made.data.code);
    await expect(dialog).toContainText('10/12/2026 11:15');
    await expect(dialog).toContainText('10/12/2026 23:30');
    await dialog.getByRole('button', { name: 'Modifier' }).click();
    await expect(dialog.getByLabel('Date de chargement')).toHaveValue('10/12/2026 11:15');
    await expect(dialog.getByLabel('Date de déchargement')).toHaveValue('10/12/2026 23:30');
    // Saving another field keeps both instants as they were.
    await dialog.getByLabel('Montant').fill('95000');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText(`La course ${made.data.code} a été modifiée.`)).toBeVisible();
    const after = await api<CourseRow>(page, `/api/courses/${made.data.id}`);
    expect(after.data.date_chargement).toBe('2026-12-10T10:15:00.000Z');
    expect(after.data.date_dechargement).toBe('2026-12-10T22:30:00.000Z');
  });
});
