import { OGOUE } from './support/accounts';
import { createVehicle, uniquePlate } from './support/fleet';
import { filterPanel } from './support/list';
import { expect, test } from './support/test';

// The audit log seen from the screens: a change made in a detail dialog shows in its
// 'Historique' tab, with who made it, the field's French label and its value before and after.

test.use({ account: OGOUE });

test('modifier un véhicule puis lire son historique : qui, quand, avant → après', async ({ page }) => {
  const plate = uniquePlate('HI');
  await createVehicle(page, plate);
  await page.goto('/parc-auto/vehicules');
  const filters = filterPanel(page);
  await filters.getByLabel('Rechercher').fill(plate);
  await filters.getByRole('button', { name: 'Appliquer' }).click();
  await expect(page.getByRole('heading', { name: 'Véhicules (1)' })).toBeVisible({ timeout: 30_000 });

  const row = page.getByRole('table').getByRole('row').nth(1);
  await row.click();
  const dialog = page.getByRole('dialog', { name: plate });
  await dialog.getByRole('button', { name: 'Modifier' }).click();
  await dialog.getByLabel('Marque', { exact: true }).fill('Volvo');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Volvo');

  await row.click();
  await expect(dialog.getByRole('tab', { name: 'Détails' })).toHaveAttribute('aria-selected', 'true');
  await dialog.getByRole('tab', { name: 'Historique' }).click();
  const history = dialog.getByRole('list', { name: 'Historique des modifications' });
  const change = history.getByRole('article', { name: 'Modification par Ogooué Logistique' });
  await expect(change).toBeVisible();
  await expect(change).toContainText('Marque : Scania → Volvo');
  // Today, in Libreville time, as every date of the screens.
  const today = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Africa/Libreville' }).format(new Date());
  await expect(change).toContainText(today);
  // The creation, made through the API by the same user, is the oldest entry.
  const creation = history.getByRole('article', { name: 'Création par Ogooué Logistique' });
  await expect(creation).toContainText(`Plaque : ${plate}`);
  await expect(creation).toContainText('Marque : Scania');
});
