import { formatMoney, type RentabiliteCoursesOut, type RentabiliteVehiculesOut } from '@yams/shared';
import { TRANSGABON } from './support/accounts';
import { api } from './support/fleet';
import { expect, test } from './support/test';

// Rentabilité (issue 27 §5) on TransGabon's seeded month: read only, the seed's figures stay as they are.
// What the screens show is what the API computes (its rules are checked by hand in the API test).

test.use({ account: TRANSGABON });

test('rentabilité par course puis par véhicule : les chiffres de l’API, Excel et PDF', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation').getByText('Parc Automobile').click();
  await page.getByRole('navigation').getByRole('link', { name: 'Rentabilité' }).click();
  await expect(page).toHaveURL(/\/parc-auto\/rentabilite$/);
  await expect(page.getByText('Choisissez la période et les filtres, puis « Charger ».')).toBeVisible();

  const filtre = page.getByRole('form', { name: 'Filtrer la rentabilité des courses' });
  await filtre.getByRole('button', { name: 'Charger' }).click();
  await expect(page).toHaveURL(/date_debut=(\d{4}-\d{2}-\d{2})&date_fin=(\d{4}-\d{2}-\d{2})/);
  const [, debut, fin] = page.url().match(/date_debut=([\d-]+)&date_fin=([\d-]+)/)!;
  const attendu = await api<RentabiliteCoursesOut>(
    page,
    `/api/rentabilite/courses?date_debut=${debut}&date_fin=${fin}&per_page=200`,
  );
  expect(attendu.total).toBeGreaterThan(0);
  const courses = page.getByRole('region', { name: 'Courses' });
  await expect(courses.locator('tbody tr.ant-table-row')).toHaveCount(attendu.lignes.length, {
    timeout: 30_000,
  });
  // The summary row and the first line (the lowest margin) are the API's.
  await expect(page.getByText(formatMoney(attendu.totaux.revenu), { exact: true })).toBeVisible();
  await expect(page.getByText(formatMoney(attendu.totaux.marge), { exact: true })).toBeVisible();
  const premiere = attendu.lignes[0]!;
  await expect(courses.locator('tbody tr.ant-table-row').first()).toContainText(premiere.code);
  await expect(courses.locator('tbody tr.ant-table-row').first()).toContainText(formatMoney(premiere.marge));
  await expect(page.getByRole('button', { name: /Excel/ })).toBeEnabled();
  await expect(page.getByRole('button', { name: /PDF/ })).toBeEnabled();

  // Par véhicule: one line per vehicle and month, the same period kept in the address.
  await page.getByRole('tab', { name: 'Par véhicule' }).click();
  await expect(page).toHaveURL(/\/parc-auto\/rentabilite\/vehicules/);
  await page
    .getByRole('form', { name: 'Filtrer la rentabilité des véhicules' })
    .getByRole('button', { name: 'Charger' })
    .click();
  await expect(page).toHaveURL(/date_debut=/);
  const [, d2, f2] = page.url().match(/date_debut=([\d-]+)&date_fin=([\d-]+)/)!;
  const vehicules = await api<RentabiliteVehiculesOut>(
    page,
    `/api/rentabilite/vehicules?date_debut=${d2}&date_fin=${f2}`,
  );
  const region = page.getByRole('region', { name: 'Véhicules par mois' });
  await expect(region.getByRole('heading')).toHaveText(`Véhicules par mois (${vehicules.lignes.length})`, {
    timeout: 30_000,
  });
  await expect(region.locator('tbody tr.ant-table-row').first()).toContainText(
    vehicules.lignes[0]!.vehicule.plaque,
  );
  await expect(page.getByText(formatMoney(vehicules.totaux.marge), { exact: true })).toBeVisible();
});

test('le tableau de bord montre la marge par course et le coût au km', async ({ page }) => {
  await page.goto('/tableau-de-bord');
  const carte = page.locator('[data-kpi="Marge par course"]');
  await expect(carte).toContainText(/\d FCFA/, { timeout: 30_000 });
  await expect(page.locator('[data-kpi="Coût au km"]')).toContainText('km au compteur');
  await expect(page.getByText('Trajets : les 5 meilleures et les 5 plus faibles marges')).toBeVisible();
});
