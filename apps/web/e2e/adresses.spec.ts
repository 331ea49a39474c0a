import { ADRESSE_MSG } from '@yams/shared';
import { OGOUE } from './support/accounts';
import { api, pick, stamp } from './support/operations';
import { expect, test } from './support/test';

test.use({ account: OGOUE });

test('une adresse placée sur la carte (messages de validation), enregistrée, retrouvée et modifiable', async ({
  page,
}) => {
  // No tiles (no network): the map still works.
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort());
  await page.goto('/operations/adresses');
  await expect(page.getByRole('heading', { name: /^Adresses/ })).toBeVisible({ timeout: 30_000 });

  // Nothing filled: every message of the specification.
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  const warning = page.locator('.ant-alert').filter({ hasText: ADRESSE_MSG.avertissement });
  for (const m of [ADRESSE_MSG.libelleObligatoire, ADRESSE_MSG.villeObligatoire, ADRESSE_MSG.position]) {
    await expect(warning).toContainText(m);
  }
  await expect(page.getByText(ADRESSE_MSG.libelleVide)).toBeVisible();
  await expect(page.getByText(ADRESSE_MSG.villeChoisir)).toBeVisible();

  // A click on the map places the marker; a city and a label; saved.
  const map = page.getByRole('application', { name: 'Carte des adresses' });
  await map.click({ position: { x: 200, y: 200 } });
  await expect(page.getByText(/^Position : 0\.\d+, 9\.\d+$/)).toBeVisible();
  const libelle = `Dépôt ${stamp()}`;
  await pick(page, page.getByRole('combobox', { name: 'Ville' }), 'Libreville');
  await page.getByLabel('Libellé').fill(libelle);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText(ADRESSE_MSG.ajoutee)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Mes adresses' })).toContainText(libelle);
  await expect(warning).toHaveCount(0);
  const saved = (
    await api<Array<{ libelle: string; latitude: number; longitude: number }>>(page, '/api/adresses')
  ).data;
  const mine = saved.find((a) => a.libelle === libelle)!;
  expect(mine.latitude).toBeGreaterThan(0.3);
  expect(mine.longitude).toBeGreaterThan(9.3);
  await page.screenshot({ path: '/tmp/shots/realtime/adresses-1280.png', fullPage: true });

  // A click in the list focuses the map on it; the reset button empties the form.
  await page.getByRole('region', { name: 'Mes adresses' }).getByText(libelle).click();
  await page.getByRole('button', { name: `Modifier ${libelle}` }).click();
  await expect(page.getByLabel('Libellé')).toHaveValue(libelle);
  await page.getByRole('button', { name: 'Réinitialiser' }).click();
  await expect(page.getByLabel('Libellé')).toHaveValue('');
});
