import { signInToHome, storedToken } from './support/session';
import { expect, test } from './support/test';

test("une page protégée renvoie vers la connexion, puis s'ouvre une fois connecté", async ({ page }) => {
  await page.goto('/parc-auto/vehicules');
  await expect(page).toHaveURL(/\/se-connecter$/);
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();

  await page.getByLabel('Email').fill('admin@yams.ga');
  await page.getByLabel('Mot de passe', { exact: true }).fill('Yams2026!');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/parc-auto\/vehicules$/);
  // The signed-in layout and the screen load after the password is accepted (a loaded CI machine: 15 s).
  await expect(page.getByRole('heading', { name: /^Véhicules \(\d+\)/ })).toBeVisible({ timeout: 15_000 });
});

test('un jeton révoqué en cours de session renvoie vers la connexion', async ({ page }) => {
  await signInToHome(page, 'coursier@yams.ga');
  const token = await storedToken(page);
  expect(token).toBeTruthy();
  const revoked = await page.request.post('/api/logout', { headers: { Authorization: `Bearer ${token}` } });
  expect(revoked.ok()).toBe(true);

  // The server drops the tab's realtime socket with its token; the tab asks the API who it is, gets a 401
  // and returns to the login page by itself, before anyone clicks anything.
  await expect(page).toHaveURL(/\/se-connecter$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  expect(await storedToken(page)).toBeNull();
});
