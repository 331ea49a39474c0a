import { MSG } from '@yams/shared';
import { mailsFor, waitForNewMail } from './support/mail';
import { signInToHome } from './support/session';
import { expect, test } from './support/test';

const EMAIL = 'camionneur@yams.ga';

test('mot de passe oublié : le lien reçu par email permet d’en choisir un nouveau', async ({ page }) => {
  await page.goto('/se-connecter');
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await expect(page).toHaveURL(/\/mot-de-passe-oublie$/);
  // The URL changes before the screen's chunk has loaded: wait for the screen itself.
  await expect(page.getByRole('heading', { name: 'Mot de passe oublié' })).toBeVisible();

  const known = mailsFor(EMAIL).length;
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByText(MSG.forgotSent)).toBeVisible();
  await expect(page).toHaveURL(/\/se-connecter$/);

  const mail = await waitForNewMail(EMAIL, known);
  const link = mail.match(/https?:\/\/\S+\/reinitialiser-mot-de-passe\?\S+/)?.[0];
  expect(link, 'le lien de réinitialisation dans le message').toBeTruthy();

  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Nouveau mot de passe' })).toBeVisible();
  await expect(page.getByText(EMAIL)).toBeVisible();
  const newPassword = 'Camion-Neuf-2026';
  await page.getByLabel('Nouveau mot de passe').fill(newPassword);
  await page.getByLabel('Confirmation du mot de passe').fill('autre-chose');
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page.getByText('La confirmation ne correspond pas au mot de passe.')).toBeVisible();

  await page.getByLabel('Confirmation du mot de passe').fill(newPassword);
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page.getByText(MSG.resetDone)).toBeVisible();
  await expect(page).toHaveURL(/\/se-connecter$/);
  await expect(page.getByLabel('Email')).toHaveValue(EMAIL);

  await signInToHome(page, EMAIL, newPassword);
});
