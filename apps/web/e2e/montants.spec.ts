import type { Locator, Page } from '@playwright/test';
import { addDays, todayInGabon } from '@yams/shared';
import { OGOUE } from './support/accounts';
import { api, stamp } from './support/operations';
import { expect, test } from './support/test';

test.use({ account: OGOUE });

// Amounts pasted the way Gabonese users copy them (French Excel, bank statements), and
// accounting dates limited to what the API accepts, in the kit's one money input and date field.

/** Pastes text into a field as the browser does: one input event carrying the whole text. */
async function paste(page: Page, field: Locator, text: string) {
  await field.fill('');
  await field.focus();
  await page.keyboard.insertText(text);
}

async function openVoucherForm(page: Page) {
  await page.goto('/comptabilite/pieces-de-caisse');
  await page.getByRole('button', { name: 'Ajouter une pièce de caisse' }).click();
  return page.getByRole('dialog', { name: 'Nouvelle pièce de caisse' });
}

test('un montant collé « 17500,00 » est enregistré 17.500 FCFA, pas 1.750.000', async ({ page }) => {
  const form = await openVoucherForm(page);
  const libelle = `Péage ${stamp()}`;
  const montant = form.getByLabel('Montant');
  await paste(page, montant, '17500,00');
  await montant.blur();
  await expect(montant).toHaveValue('17.500');
  await form.getByLabel('Bénéficiaire').fill('Péage de Nkok');
  await form.getByLabel('Décaisseur').fill('Caisse centrale');
  await form.getByLabel('Libellé').fill(libelle);
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form).toBeHidden({ timeout: 20_000 });
  const list = await api<{ data: Array<{ libelle: string; montant: number }> }>(
    page,
    '/api/piece_de_caisses?page=1&per_page=50',
  );
  expect(list.data.data.find((p) => p.libelle === libelle)?.montant).toBe(17_500);
  await expect(page.getByRole('row').filter({ hasText: libelle })).toContainText('17.500 FCFA');
});

test('un montant illisible, négatif ou avec des centimes garde ce qui est tapé et dit pourquoi', async ({
  page,
}) => {
  const form = await openVoucherForm(page);
  const montant = form.getByLabel('Montant');
  // What cannot be read stays as typed; a readable negative amount is shown formatted, with its message.
  for (const [typed, message, shown] of [
    ['12e5', 'sans exposant', '12e5'],
    ['-5000', 'Le montant ne peut pas être négatif.', '-5.000'],
    ['17500,50', "le franc CFA n'a pas de centimes", '17500,50'],
  ]) {
    await paste(page, montant, typed!);
    await montant.blur();
    await expect(montant).toHaveValue(shown!);
    await expect(form.getByText(message!)).toBeVisible();
  }
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form).toBeVisible();
  // Nothing left the browser with a number the user did not type.
  await expect(montant).toHaveValue('17500,50');
});

test('une ligne de facture collée « 1 250 000,00 » compte 1.250.000 FCFA', async ({ page }) => {
  await page.goto('/comptabilite/factures');
  await page.getByRole('button', { name: 'Ajouter une facture' }).click();
  const form = page.getByRole('dialog', { name: 'Nouvelle facture' });
  await form.getByLabel('Description de la ligne 1').fill('Transport Libreville – Franceville');
  await paste(page, form.getByLabel('Prix unitaire de la ligne 1'), '1 250 000,00');
  await expect(form.getByLabel('Totaux de la facture')).toContainText('1.250.000 FCFA');
  await paste(page, form.getByLabel('Remise de la ligne 1'), '12e5');
  await expect(form).toContainText('sans exposant');
});

test('le calendrier d’une date comptable grise ce que l’API refuse (au-delà de J+7)', async ({ page }) => {
  const form = await openVoucherForm(page);
  await form.getByLabel("Prise d'effet").click();
  const picker = page.locator('.ant-picker-dropdown:visible');
  const today = todayInGabon();
  const cell = (day: string) => picker.locator(`td[title="${day}"]`);
  const last = addDays(today, 7);
  const beyond = addDays(today, 8);
  // Both days in view (the next month when the week after crosses it).
  if ((await cell(beyond).count()) === 0) await picker.locator('.ant-picker-header-next-btn').click();
  await expect(cell(beyond)).toHaveClass(/ant-picker-cell-disabled/);
  if ((await cell(last).count()) > 0) await expect(cell(last)).not.toHaveClass(/ant-picker-cell-disabled/);
});
