import { MSG } from '@yams/shared';
import { openUserMenuItem, signIn, signInToHome, storedToken } from './support/session';
import { expect, test } from './support/test';

// Through the login form, the subject here. The independent coursier's account: no other spec reads its
// profile (the shared demo accounts' sessions stay untouched by this sign-out, which ends this one only).
const EMAIL = 'coursier@yams.ga';

test('un transporteur se connecte, modifie son profil dans « Mon compte » puis se déconnecte', async ({
  page,
}) => {
  await signInToHome(page, EMAIL);
  await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
  await expect(page.getByText(`© ${new Date().getFullYear()} Yams Manager — version 4.0.1`)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible();

  await openUserMenuItem(page, 'Mon profil');
  const dialog = page.getByRole('dialog', { name: 'Mon compte' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(EMAIL)).toBeVisible();

  const adresse = `Boulevard Triomphal, porte ${Date.now() % 1000}, Libreville`;
  await dialog.getByRole('button', { name: 'Modifier' }).click();
  await dialog.getByLabel('Adresse').fill(adresse);
  await dialog.getByLabel('Téléphone 2').fill('+241 066 12 34 56');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText(MSG.profileUpdated)).toBeVisible();
  await expect(dialog.getByText(adresse)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Modifier' })).toBeVisible();

  // Saved on the server, not only on screen.
  const me = await page.request.get('/api/me', {
    headers: { Authorization: `Bearer ${await storedToken(page)}` },
  });
  expect((await me.json()).data).toMatchObject({ adresse, telephone2: '+241 066 12 34 56' });
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await expect(dialog).toBeHidden();

  await openUserMenuItem(page, 'Se déconnecter');
  await expect(page).toHaveURL(/\/se-connecter$/);
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  expect(await storedToken(page)).toBeNull();
});

test('la page de connexion explique en français ce qui ne va pas et refuse les comptes clients', async ({
  page,
}) => {
  await page.goto('/se-connecter');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText("L'email est obligatoire.")).toBeVisible();
  await expect(page.getByText('Le mot de passe est obligatoire.')).toBeVisible();

  await page.getByLabel('Email').fill('pas-un-email');
  await expect(page.getByText("L'email n'est pas valide.")).toBeVisible();

  const password = page.getByLabel('Mot de passe', { exact: true });
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByLabel('Afficher le mot de passe').check();
  await expect(password).toHaveAttribute('type', 'text');

  await signIn(page, 'admin@yams.ga', 'mauvais-mot-de-passe');
  await expect(page.getByText(MSG.badCredentials)).toBeVisible();
  await expect(page).toHaveURL(/\/se-connecter$/);

  await signIn(page, 'client@yams.ga');
  await expect(
    page.getByText('Vous devez avoir un compte transporteur pour acceder à yamsmanager', { exact: true }),
  ).toBeVisible();
  await expect(page.getByText(MSG.oups).first()).toBeVisible();
  await expect(page).toHaveURL(/\/se-connecter$/);
  expect(await storedToken(page)).toBeNull();
});
