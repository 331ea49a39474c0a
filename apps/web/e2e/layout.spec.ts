import { ADMIN } from './support/accounts';
import { openHome } from './support/session';
import { expect, test } from './support/test';

test.use({ account: ADMIN });

test.describe('sur un téléphone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('la barre latérale devient un tiroir ouvert par le bouton menu', async ({ page }) => {
    await openHome(page);
    await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeHidden();

    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
    await drawer.getByText('Parc Automobile').click();
    await drawer.getByRole('link', { name: 'Véhicules' }).click();

    await expect(page).toHaveURL(/\/parc-auto\/vehicules$/);
    await expect(page.getByRole('heading', { name: 'Véhicules' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeHidden();
  });
});

test('la barre latérale mène aux écrans et /configurations ouvre son premier onglet', async ({ page }) => {
  await openHome(page);
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await nav.getByText('Comptabilité').click();
  await nav.getByRole('link', { name: 'Pièces de caisse' }).click();
  await expect(page).toHaveURL(/\/comptabilite\/pieces-de-caisse$/);
  await expect(page.getByRole('heading', { name: /^Pièces de caisse \(\d+\)/ })).toBeVisible();

  await nav.getByRole('link', { name: 'Configurations' }).click();
  await expect(page).toHaveURL(/\/configurations\/general$/);
  await expect(page.getByRole('heading', { name: 'Configurations' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Configuration générale' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.getByRole('tab', { name: 'Paramètres des courses' }).click();
  await expect(page).toHaveURL(/\/configurations\/courses$/);
  await expect(page.getByRole('tab', { name: 'Paramètres des courses' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('heading', { name: /^Trajets \(\d+\)/ })).toBeVisible();
});
