import { MSG } from '@yams/shared';
import { mailsFor, waitForNewMail } from './support/mail';
import { expectHome, signIn } from './support/session';
import { expect, test } from './support/test';

const EMAIL = 'nouveau@yams.ga';

const codeIn = (mail: string) => mail.match(/code de vérification est : (\d{6})/)?.[1];

test('un compte non vérifié saisit le code reçu par email, après en avoir demandé un nouveau', async ({
  page,
}) => {
  const known = mailsFor(EMAIL).length;
  await signIn(page, EMAIL);
  await expect(page).toHaveURL(/\/verifier-mon-compte$/);
  await expect(page.getByRole('heading', { name: 'Vérification du compte' })).toBeVisible();
  expect(codeIn(await waitForNewMail(EMAIL, known))).toMatch(/^\d{6}$/);

  // The back-office stays closed until the account is verified.
  await page.goto('/parc-auto/vehicules');
  await expect(page).toHaveURL(/\/verifier-mon-compte$/);

  const beforeResend = mailsFor(EMAIL).length;
  await page.getByRole('button', { name: 'Renvoyer' }).click();
  await expect(page.getByText(MSG.codeSent)).toBeVisible();
  const code = codeIn(await waitForNewMail(EMAIL, beforeResend));
  expect(code).toMatch(/^\d{6}$/);

  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await page.getByLabel('Code de vérification').fill(wrong);
  await page.getByRole('button', { name: 'Vérifier' }).click();
  await expect(page.getByText(MSG.codeInvalid)).toBeVisible();

  await page.getByLabel('Code de vérification').fill(code!);
  await page.getByRole('button', { name: 'Vérifier' }).click();
  await expectHome(page);
});
