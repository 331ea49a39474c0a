import { OGOUE } from './support/accounts';
import { isoDate } from './support/fleet';
import { choose, filterPanel } from './support/list';
import { api, newVehicule, pick } from './support/operations';
import { expect, test } from './support/test';

test.use({ account: OGOUE });

// Issue 24 §4: « Documents à renouveler », reached from the fleet menu and the bell: what is expired or expires
// within 30 days and was not replaced since, filtered by échéance and vehicle; a reminder's link opens one.
for (const width of [1280, 390]) {
  test(`les documents à renouveler se listent et se filtrent (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 850 });
    const vehicule = await newVehicule(page);
    const doc = async (libelle: string, days: number) => {
      const res = await api<{ id: number }>(page, '/api/documents', {
        libelle,
        association: 'vehicule',
        camion_id: vehicule.id,
        date_expiration: isoDate(days),
      });
      expect(res.success, JSON.stringify(res.message)).toBe(true);
      return res.data;
    };
    const carte = await doc('Carte grise', -3);
    await doc('Assurance', 5);
    await doc('Visite technique', 60);
    await doc('Vignette', -40);
    await doc('Vignette', 300); // the old sticker was replaced

    await page.goto('/');
    if (width >= 1000) {
      await page.getByRole('menuitem', { name: 'Parc Automobile' }).click();
      await page.getByRole('menuitem', { name: 'Documents à renouveler' }).click();
    } else {
      // On a phone, from the bell.
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await page.getByRole('link', { name: 'Documents à renouveler' }).click();
    }
    await expect(page).toHaveURL(/\/parc-auto\/documents-a-renouveler/);
    await expect(page.getByRole('heading', { name: /^Documents à renouveler \(\d+\)/ })).toBeVisible({
      timeout: 30_000,
    });
    const panel = filterPanel(page);
    if (width < 1000)
      await page
        .getByRole('button', { name: /Filtres/ })
        .first()
        .click();
    await pick(page, panel.getByRole('combobox', { name: 'Véhicule' }), vehicule.plaque);
    await panel.getByRole('button', { name: 'Appliquer' }).click();
    await expect(page.getByRole('heading', { name: 'Documents à renouveler (2)' })).toBeVisible();
    const main = page.locator('main');
    await expect(main.getByText('Carte grise', { exact: true })).toBeVisible();
    await expect(main.getByText('Expiré depuis 3 jours')).toBeVisible();
    await expect(main.getByText('Assurance', { exact: true })).toBeVisible();
    await expect(main.getByText('Expire dans 5 jours')).toBeVisible();
    await expect(main.getByText('Visite technique')).toHaveCount(0);
    await expect(main.getByText('Vignette')).toHaveCount(0);
    await page.screenshot({ path: `/tmp/shots/h24b/documents-a-renouveler-${width}.png`, fullPage: true });

    if (width < 1000 && !(await panel.getByRole('combobox', { name: 'Échéance' }).isVisible())) {
      await page
        .getByRole('button', { name: /Filtres/ })
        .first()
        .click();
    }
    await choose(page, panel.getByRole('combobox', { name: 'Échéance' }), 'Expirés');
    await panel.getByRole('button', { name: 'Appliquer' }).click();
    await expect(page.getByRole('heading', { name: 'Documents à renouveler (1)' })).toBeVisible();
    await expect(main.getByText('Assurance', { exact: true })).toHaveCount(0);

    // A reminder's link opens the document, with its vehicle.
    await page.goto(`/parc-auto/documents-a-renouveler?id=${carte.id}`);
    const dialog = page.getByRole('dialog', { name: `Carte grise · ${vehicule.plaque}` });
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await dialog.getByRole('link', { name: vehicule.plaque }).click();
    await expect(page.getByRole('dialog', { name: vehicule.plaque, exact: true })).toBeVisible({
      timeout: 30_000,
    });
  });
}
