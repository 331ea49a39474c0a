import { OGOUE } from './support/accounts';
import { expectShownFor, pauseClock, stepUntilShown } from './support/clock';
import { choose, exportAs, readCsv } from './support/list';
import { api, stamp } from './support/operations';
import { expect, test } from './support/test';

test.use({ account: OGOUE });

test('pièces de caisse : création avec motif riche, modification, désactivation, suppression groupée', async ({
  page,
}) => {
  // The page's fake clock (running until the group deletion's toast is checked): see support/clock.ts.
  await page.clock.install();
  const libelle = `Carburant ${stamp()}`;
  await page.goto('/comptabilite/pieces-de-caisse');
  await expect(page.getByRole('heading', { name: /^Pièces de caisse \(\d+\)/ })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Ajouter une pièce de caisse' }).click();
  const form = page.getByRole('dialog', { name: 'Nouvelle pièce de caisse' });
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form).toContainText('Le bénéficiaire est obligatoire.');
  await form.getByLabel('Montant').fill('45000');
  await form.getByLabel('Bénéficiaire').fill('Station Total Owendo');
  await form.getByLabel('Décaisseur').fill('Caissière Nzé');
  await form.getByLabel('Libellé').fill(libelle);
  const editor = form.locator('.ProseMirror');
  await editor.click();
  await page.keyboard.type('Plein du groupe ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('électrogène');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form).toBeHidden({ timeout: 20_000 });
  const list = await api<{ data: Array<{ id: number; libelle: string; motif: string }> }>(
    page,
    '/api/piece_de_caisses?page=1&per_page=100',
  );
  const made = list.data.data.find((p) => p.libelle === libelle)!;
  expect(made.motif).toContain('<strong>électrogène</strong>');

  const row = page.getByRole('row').filter({ hasText: libelle });
  // Its number, as the journals quote it.
  await expect(row.getByRole('cell', { name: `PC-${made.id}`, exact: true })).toBeVisible();
  await row.click();
  const detail = page.getByRole('dialog', { name: `Pièce de caisse PC-${made.id}` });
  await detail.getByRole('button', { name: 'Modifier' }).click();
  await detail.getByLabel('Montant').fill('50000');
  await detail.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('row').filter({ hasText: libelle })).toContainText('50.000 FCFA', {
    timeout: 20_000,
  });
  // Disabled (its posting reversed: API test): the row in the list says so, not only its detail.
  await expect(page.getByRole('row').filter({ hasText: libelle })).not.toContainText('Désactivée');
  await page.getByRole('row').filter({ hasText: libelle }).click();
  await detail.getByRole('button', { name: 'Désactiver' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Oui' }).click();
  const disabled = page.getByRole('dialog', { name: `Pièce de caisse PC-${made.id} (désactivée)` });
  await expect(disabled).toBeVisible({ timeout: 20_000 });
  // The row's `can` (from the API) now offers 'Activer' instead of 'Désactiver'.
  await expect(disabled.getByRole('button', { name: 'Activer' })).toBeVisible();
  await expect(disabled.getByRole('button', { name: 'Désactiver' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('row').filter({ hasText: libelle })).toContainText('Désactivée', {
    timeout: 20_000,
  });

  await page.getByRole('row').filter({ hasText: libelle }).getByRole('checkbox').check();
  await page
    .getByRole('button', { name: /Supprimer/ })
    .first()
    .click();
  // The group deletion's toast stays 7 s: checked in the page's paused time, not waited out.
  await pauseClock(page);
  await page.getByRole('button', { name: 'Oui' }).click();
  const supprimee = page
    .locator('.ant-notification-notice')
    .filter({ hasText: `La pièce de caisse « ${libelle} » a été supprimée.` });
  await expectShownFor(page, supprimee, await stepUntilShown(page, supprimee), 7);
  await page.clock.resume();
  await expect(page.getByRole('row').filter({ hasText: libelle })).toHaveCount(0);
  const after = await api<{ data: Array<{ id: number }> }>(page, '/api/piece_de_caisses?page=1&per_page=100');
  expect(after.data.data.map((p) => p.id)).not.toContain(made.id);
});

test('journaux : filtre (dates obligatoires), export, détail « Opération ID », balance générale équilibrée, lien vers le document', async ({
  page,
}) => {
  await page.goto('/comptabilite/journaux');
  await expect(page.getByRole('heading', { name: 'Journaux' })).toBeVisible({ timeout: 30_000 });
  // An entry of today, so the current month has lines whatever the seed's last date.
  const today = new Intl.DateTimeFormat('fr-CA', { timeZone: 'Africa/Libreville' }).format(new Date());
  const posted = await api(page, '/api/operations', {
    date_operation: today,
    libelle: `Dépôt du jour ${stamp()}`,
    lignes: [
      { compte: '521', debit: 15_000 },
      { compte: '571', credit: 15_000 },
    ],
  });
  expect(posted.success, JSON.stringify(posted.message)).toBe(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Journaux' })).toBeVisible({ timeout: 30_000 });
  const filtre = page.getByRole('form', { name: 'Filtrer les journaux' });
  // It opens on the current month, newest first (not on the first entry ever written, pages back).
  const [y, m, d] = today.split('-');
  await expect(filtre.getByLabel('Date de début')).toHaveValue(`01/${m}/${y}`);
  await expect(filtre.getByLabel('Date de fin')).toHaveValue(`${d}/${m}/${y}`);
  const lignes = page.getByRole('tabpanel').getByRole('row');
  await expect(lignes.nth(1).getByRole('cell').first()).toHaveText(`${d}/${m}/${y}`, { timeout: 20_000 });
  // One convention: debit and credit in their own columns, a balance as an amount with D or C, never a sign too.
  const entetes = await page.getByRole('tabpanel').getByRole('columnheader').allInnerTexts();
  expect(entetes.slice(0, 7)).toEqual([
    'Date',
    'Journal',
    'Compte',
    'Libellé',
    'Débit',
    'Crédit',
    'Solde du compte',
  ]);
  const montants = (await page.getByRole('tabpanel').locator('td').allInnerTexts()).join(' | ');
  expect(montants).toMatch(/\d FCFA [DC]\b/);
  expect(montants).not.toMatch(/-\s?[\d.]+ FCFA/);
  // The dates are required: cleared, 'Charger' says so.
  for (const label of ['Date de début', 'Date de fin']) {
    await filtre
      .locator('.ant-form-item')
      .filter({ has: page.getByLabel(label) })
      .locator('.ant-picker-clear')
      .click({ force: true });
  }
  await filtre.getByRole('button', { name: 'Charger' }).click();
  await expect(filtre).toContainText('La date de début et la date de fin sont obligatoires.');
  await expect(filtre.getByRole('button', { name: 'Réinitialiser' })).toHaveCount(0);
  // Last year's seeded entries: the other tests post today, so this period is the same for the whole run
  // and the export can be compared line for line with the table.
  const year = new Date().getFullYear() - 1;
  await filtre.getByLabel('Date de début').fill(`01/01/${year}`);
  await filtre.getByLabel('Date de début').press('Enter');
  await filtre.getByLabel('Date de fin').fill(`31/12/${year}`);
  await filtre.getByLabel('Date de fin').press('Enter');
  await choose(page, filtre.getByRole('combobox', { name: 'Type' }), 'Caisse');
  await filtre.getByRole('button', { name: 'Charger' }).click();
  await expect(filtre.getByRole('button', { name: 'Réinitialiser' })).toBeVisible();
  const rows = page.getByRole('tabpanel').getByRole('row');
  await expect(rows.nth(1)).toContainText('Caisse', { timeout: 20_000 });
  // The period's journals export: every line the filter selects, in the table's order.
  const { file } = await exportAs(page, 'CSV');
  const csv = readCsv(file);
  expect(csv[0]).toEqual([
    'Date',
    'Journal',
    'Pièce',
    'Compte',
    'Intitulé du compte',
    'Libellé',
    'Débit',
    'Crédit',
    'Solde du compte',
  ]);
  const exported = csv.slice(1);
  expect(exported.length).toBeGreaterThan(0);
  expect(new Set(exported.map((l) => l[1]))).toEqual(new Set(['Caisse']));
  for (const l of exported) expect(l[0]!.slice(-4)).toBe(String(year));
  expect(exported[0]![5]).toBe((await rows.nth(1).getByRole('cell').nth(3).innerText()).trim());
  await rows
    .nth(1)
    .getByRole('button', { name: /Détail de l'opération/ })
    .click();
  const detail = page.getByRole('dialog', { name: /^Opération ID\d+$/ });
  await expect(detail).toContainText('Total');
  await expect(detail).toContainText('571 Caisse');
  await page.keyboard.press('Escape');

  await page.getByRole('tab', { name: 'Balance générale' }).click();
  const balance = page.getByRole('table', { name: 'Balance générale' });
  const total = balance.getByRole('row').filter({ hasText: 'Total' });
  await expect(total).toBeVisible({ timeout: 20_000 });
  const cells = await total.getByRole('cell').allInnerTexts();
  // Debits = credits, and the opening and closing balances of all accounts add up to zero.
  expect(cells.at(-3)).toBe(cells.at(-2));
  expect(cells.at(-1)).toBe('0 FCFA');

  // An entry links to the document it was posted for, which opens on its own screen.
  await page.getByRole('tab', { name: 'Écritures' }).click();
  const libelle = (await rows.nth(1).getByRole('cell').nth(3).innerText()).trim();
  await rows
    .nth(1)
    .getByRole('button', { name: /Détail de l'opération/ })
    .click();
  await detail.getByRole('link', { name: /^Voir le document d'origine/ }).click();
  // The document opens on its own screen (`?id=`, kept in the address while it is open).
  await expect(page).not.toHaveURL(/\/comptabilite\/journaux/);
  await expect(page.getByRole('dialog')).toContainText(libelle, { timeout: 20_000 });
});
