import { openNewCompany } from './support/accounts';
import { api } from './support/operations';
import { expect, test } from './support/test';

// Comptabilité → États financiers (issue 29 §5): a new company's 2025, entered as manual entries, read as a
// bilan and a compte de résultat; then its clôture from the screen, after which the API refuses an entry
// dated in 2025. Screens at 1280 and 390 px.

const od = (date_operation: string, libelle: string, lignes: object[]) => ({
  date_operation,
  libelle,
  lignes,
});

test('le bilan et le compte de résultat d’un exercice, puis sa clôture', async ({ page }, testInfo) => {
  await openNewCompany(page, 'Bilan');
  for (const e of [
    od('2025-01-10', 'Apport en capital', [
      { compte: '101', credit: 2_000_000 },
      { compte: '521', debit: 2_000_000 },
    ]),
    od('2025-03-31', 'Transports du trimestre', [
      { compte: '411', debit: 1_180_000 },
      { compte: '706', credit: 1_000_000 },
      { compte: '4431', credit: 180_000 },
    ]),
    od('2025-04-30', 'Carburant', [
      { compte: '605', debit: 300_000 },
      { compte: '521', credit: 300_000 },
    ]),
  ]) {
    expect((await api(page, '/api/operations', e)).success).toBe(true);
  }

  await page.goto('/comptabilite/etats-financiers?date_debut=2025-01-01&date_fin=2025-12-31');
  await expect(page.getByRole('heading', { name: 'États financiers' })).toBeVisible();
  const actif = page.getByRole('region', { name: 'Bilan — Actif' });
  const passif = page.getByRole('region', { name: 'Bilan — Passif' });
  const resultat = page.getByRole('region', { name: 'Compte de résultat' });
  // Clients 1.180.000, bank 2.000.000 − 300.000 = 1.700.000: total 2.880.000 on both sides.
  await expect(actif.getByRole('row', { name: /^BI Clients/ })).toContainText('1.180.000');
  await expect(actif.getByRole('row', { name: /^BS Banques/ })).toContainText('1.700.000');
  await expect(actif.getByRole('row', { name: /^BZ TOTAL GÉNÉRAL/ })).toContainText('2.880.000');
  await expect(passif.getByRole('row', { name: /^CJ Résultat net/ })).toContainText('700.000');
  await expect(passif.getByRole('row', { name: /^DZ TOTAL GÉNÉRAL/ })).toContainText('2.880.000');
  await expect(resultat.getByRole('row', { name: /^XB CHIFFRE D'AFFAIRES/ })).toContainText('1.000.000');
  await expect(resultat.getByRole('row', { name: /^XI RÉSULTAT NET/ })).toContainText('700.000');
  await page.screenshot({ path: testInfo.outputPath('etats-financiers-1280.png'), fullPage: true });

  // The clôture: confirmed, then listed; the year is locked.
  const cloture = page.getByRole('region', { name: "Clôture de l'exercice" });
  await cloture.getByRole('button', { name: "Clôturer l'exercice 2025" }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Clôturer' }).click();
  await expect(cloture.getByRole('list', { name: 'Exercices clôturés' })).toContainText(
    'Exercice 2025 clôturé',
  );
  await expect(cloture.getByRole('list', { name: 'Exercices clôturés' })).toContainText(
    'bénéfice de 700.000 FCFA',
  );
  await expect(cloture.getByRole('button', { name: /Clôturer l'exercice/ })).toHaveCount(0);
  const refus = await api(
    page,
    '/api/operations',
    od('2025-12-30', 'Oubli', [
      { compte: '521', debit: 1_000 },
      { compte: '571', credit: 1_000 },
    ]),
  );
  expect(refus.errors).toContain(
    "L'exercice 2025 est clôturé : aucune écriture ne peut y être datée. Datez-la de 2026 ou après.",
  );
  // The statements read the same after the closing entry.
  await page.reload();
  await expect(resultat.getByRole('row', { name: /^XI RÉSULTAT NET/ })).toContainText('700.000');
  await expect(passif.getByRole('row', { name: /^CJ Résultat net/ })).toContainText('700.000');
  // A year is written as a year.
  await expect(
    page.getByRole('list', { name: 'Résumé' }).getByRole('listitem').filter({ hasText: 'Dernier exercice' }),
  ).toHaveText(/^Dernier exercice clôturé\s*2025$/);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(actif.getByRole('row', { name: /^BZ TOTAL GÉNÉRAL/ })).toContainText('2.880.000');
  await page.screenshot({ path: testInfo.outputPath('etats-financiers-390.png'), fullPage: true });
});
