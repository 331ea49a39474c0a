import { OGOUE } from './support/accounts';
import { api, newClient, stamp } from './support/operations';
import { expect, test } from './support/test';

test.use({ account: OGOUE });

// Comptabilité → Lettrage (issue 29 §2): an invoice and its credit note are matched automatically; the letter
// is undone from the screen, then the two open lines are selected (their debit and credit shown) and matched
// again. What the API stores is checked behind the screen.
test('lettrage : délettrer puis lettrer à la main deux lignes qui s’équilibrent', async ({ page }) => {
  const client = await newClient(page, `Lettrage ${stamp()}`);
  const facture = await api<{ id: number }>(page, '/api/factures', {
    date_operation: '2026-05-10',
    type: 'Normale',
    client_id: client.id,
    lignes: [{ description: 'Transport Owendo – Lambaréné', qte: 1, prix_unitaire: 60_000 }],
  });
  expect(facture.success).toBe(true);
  await api(page, `/api/factures/${facture.data.id}/validate`, {});
  expect((await api(page, `/api/factures/${facture.data.id}/avoir`, { motif: 'Annulée' })).success).toBe(
    true,
  );
  const lignes = async () =>
    (
      await api<Array<{ id: number; lettrage: number | null }>>(
        page,
        `/api/comptabilite/lettrage?compte=411&tiers=${client.id}`,
      )
    ).data;
  expect((await lignes()).map((l) => l.lettrage !== null)).toEqual([true, true]);

  await page.addInitScript((tiers) => {
    localStorage.setItem(
      'yams.filters:/comptabilite/lettrage',
      JSON.stringify({ compte: '411', tiers, etat: '' }),
    );
  }, String(client.id));
  await page.goto('/comptabilite/lettrage');
  await expect(page.getByRole('heading', { name: 'Lettrage' })).toBeVisible({ timeout: 30_000 });
  const rows = page.getByRole('row').filter({ hasText: client.nom_complet });
  await expect(rows).toHaveCount(2, { timeout: 20_000 });
  const lettre = rows.first().getByRole('button', { name: /^Lettre [A-Z]+ : délettrer$/ });
  await lettre.click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Délettrer' }).click();
  await expect(
    page.getByText(/^Le lettrage « [A-Z]+ » est défait : 2 lignes sont de nouveau ouvertes\.$/),
  ).toBeVisible();
  await expect(rows.filter({ hasText: 'Ouverte' })).toHaveCount(2);
  expect((await lignes()).map((l) => l.lettrage)).toEqual([null, null]);

  const lettrer = page.getByRole('button', { name: 'Lettrer' });
  await expect(lettrer).toBeDisabled();
  await rows.nth(0).getByRole('checkbox').check();
  await expect(
    page.getByText('1 ligne : 60.000 FCFA au débit, 0 FCFA au crédit, écart 60.000 FCFA.'),
  ).toBeVisible();
  await rows.nth(1).getByRole('checkbox').check();
  await expect(page.getByText('2 lignes : 60.000 FCFA au débit, 60.000 FCFA au crédit.')).toBeVisible();
  await lettrer.click();
  await expect(page.getByText(/^Les 2 lignes sont lettrées « [A-Z]+ » \(60\.000 FCFA\)\.$/)).toBeVisible();
  await expect(rows.getByRole('button', { name: /^Lettre [A-Z]+ : délettrer$/ })).toHaveCount(2);
  const apres = await lignes();
  expect(apres[0]!.lettrage).not.toBeNull();
  expect(apres[1]!.lettrage).toBe(apres[0]!.lettrage);
});
