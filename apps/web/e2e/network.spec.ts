import { MSG } from '@yams/shared';
import { OGOUE } from './support/accounts';
import { openHome, openUserMenuItem } from './support/session';
import { expect, test } from './support/test';

test.describe('connecté', () => {
  test.use({ account: OGOUE });

  test('hors ligne : bannière, requêtes refusées sans envoi, puis reprise au retour du réseau', async ({
    page,
    context,
  }) => {
    await openHome(page);

    await context.setOffline(true);
    const banner = page.getByRole('alert').filter({ hasText: MSG.offlineBanner });
    await expect(banner).toBeVisible();

    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) sent.push(request.url());
    });
    await openUserMenuItem(page, 'Mon profil');
    const dialog = page.getByRole('dialog', { name: 'Mon compte' });
    await dialog.getByRole('button', { name: 'Modifier' }).click();
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText(MSG.offlineReject, { exact: true })).toBeVisible();
    expect(sent).toEqual([]);

    // Still offline: the banner stays.
    await banner.getByRole('button', { name: 'Réessayer' }).click();
    await expect(banner).toBeVisible();

    const retried = page.waitForRequest((request) => request.url().includes('/api/me'));
    await context.setOffline(false);
    await retried;
    await expect(banner).toBeHidden();
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText(MSG.profileUpdated)).toBeVisible();
  });
});

test("un écran dont le code ne se charge pas propose de recharger l'application", async ({ page }) => {
  await page.route('**/assets/ForgotPasswordPage-*.js', (route) => route.abort());
  await page.goto('/mot-de-passe-oublie');
  await expect(page.getByText(MSG.chunkLoadFailed)).toBeVisible();

  await page.unroute('**/assets/ForgotPasswordPage-*.js');
  await page.getByRole('button', { name: 'Recharger' }).click();
  await expect(page.getByRole('heading', { name: 'Mot de passe oublié' })).toBeVisible();
});

test('le serveur injoignable au démarrage : « Réessayer » ramène la page de connexion', async ({ page }) => {
  await page.route('**/sanctum/csrf-cookie', (route) => route.abort());
  await page.goto('/se-connecter');
  await expect(page.getByText(MSG.startupFailure)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeHidden();

  await page.unroute('**/sanctum/csrf-cookie');
  await page.getByRole('button', { name: 'Réessayer' }).click();
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
});

test('la page de connexion fonctionne sans le routeur, le cache de requêtes ni antd (chargés ensuite)', async ({
  page,
}) => {
  // App: react-router and TanStack Query; AntdRoot and antdStatics: antd. None is needed before sign-in.
  await page.route(/\/assets\/(App|AntdRoot|antdStatics)-[^/]*\.js$/, (route) => route.abort());
  await page.goto('/se-connecter');
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText("L'email est obligatoire.")).toBeVisible();
  await expect(page.getByText('Le mot de passe est obligatoire.')).toBeVisible();
  await page.getByLabel('Email').fill('direction@transgabon.ga');
  await expect(page.getByText("L'email est obligatoire.")).toBeHidden();
  const password = page.getByLabel('Mot de passe', { exact: true });
  await page.getByLabel('Afficher le mot de passe').check();
  await expect(password).toHaveAttribute('type', 'text');
  // No antd component rendered: antd injects its styles in <style> tags when one is (data-rc-order).
  expect(await page.locator('style[data-rc-order], style[data-css-hash]').count()).toBe(0);
});
