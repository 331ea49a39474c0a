import { ADMIN, newCompany } from './support/accounts';
import { expectHome, openUserMenuItem, signInToHome } from './support/session';
import { expect, test } from './support/test';

test.use({ account: ADMIN });

test('la liste des utilisateurs connectés suit en direct une connexion et une déconnexion', async ({
  page,
  browser,
  request,
}) => {
  const company = await newCompany(request, 'Presence');
  await page.goto('/utilisateurs-connectes');
  await expect(page.getByRole('heading', { name: /Utilisateurs connectés/ })).toBeVisible({
    timeout: 30_000,
  });
  const row = page.getByRole('row').filter({ hasText: company.nom });
  await expect(row).toHaveCount(0);

  // A second browser signs in as the new company: its line appears here without a reload.
  // (A context opened in a test takes the test's options: an empty storage state, or it is the admin.)
  const other = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const tab1 = await other.newPage();
  await signInToHome(tab1, company.email, company.password);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Entreprise');
  await expect(row.getByRole('cell').last()).toHaveText('1');

  // A second tab of the same account: still one line, two tabs.
  const tab2 = await other.newPage();
  await tab2.goto('/');
  await expectHome(tab2);
  await expect(row.getByRole('cell').last()).toHaveText('2');

  // Signing out ends both tabs' session: the line goes.
  await openUserMenuItem(tab1, 'Se déconnecter');
  await expect(tab1).toHaveURL(/\/se-connecter$/);
  await expect(row).toHaveCount(0, { timeout: 10_000 });
  await other.close();
});
