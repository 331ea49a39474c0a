import { MSG } from '@yams/shared';
import { openNewCompany } from './support/accounts';
import { mailsFor, waitForNewMail } from './support/mail';
import { openUserMenuItem } from './support/session';
import { expect, test } from './support/test';

// A new email needs the current password and replaces the old one only once the link mailed to
// it is opened; the old address is told. A company of its own: no other spec reads its profile.
test('changer son adresse email : mot de passe actuel, lien de confirmation, ancienne adresse prévenue', async ({
  page,
}) => {
  const company = await openNewCompany(page, 'Courriel');
  await page.goto('/');
  await openUserMenuItem(page, 'Mon profil');
  const dialog = page.getByRole('dialog', { name: 'Mon compte' });
  await dialog.getByRole('button', { name: 'Modifier' }).click();

  const nouvelle = company.email.replace('@yams.test', '.nouvelle@yams.test');
  await expect(dialog.getByLabel('Mot de passe actuel')).toHaveCount(0);
  await dialog.getByLabel('Email').fill(nouvelle);
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog.getByText(MSG.currentPasswordForEmail)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('compte-email-1280.png') });

  const known = mailsFor(nouvelle).length;
  await dialog.getByLabel('Mot de passe actuel').fill(company.password);
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText(MSG.emailChangeSent(nouvelle))).toBeVisible();
  // Not changed yet: the profile still shows the old address.
  await expect(dialog.getByText(company.email)).toBeVisible();
  expect(await waitForNewMail(company.email, 0)).toContain(nouvelle);

  const link = (await waitForNewMail(nouvelle, known)).match(/https?:\/\/\S+\/confirmer-email\?\S+/)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await expect(page.getByText('Adresse email confirmée')).toBeVisible();
  await expect(page.getByText(MSG.emailChanged)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('compte-email-confirmee-1280.png') });

  // Opened twice, the link says it no longer works.
  await page.goto(link!);
  await expect(page.getByText(MSG.emailChangeInvalid)).toBeVisible();
  await page.getByRole('link', { name: 'Retour à l’application' }).click();
  await openUserMenuItem(page, 'Mon profil');
  await expect(page.getByRole('dialog', { name: 'Mon compte' }).getByText(nouvelle)).toBeVisible();
});
