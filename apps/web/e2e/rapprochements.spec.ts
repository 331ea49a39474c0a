import { todayInGabon } from '@yams/shared';
import { OGOUE } from './support/accounts';
import { api, newClient, newCourse, stamp } from './support/operations';
import { expect, test } from './support/test';

test.use({ account: OGOUE });

// Comptabilité → Rapprochements (issue 29 §6): a bank statement (CSV) is imported against two transfers of
// the same amount recorded that day: its credit line is proposed both, one is accepted in one click; its
// charges line becomes a fee entry (631 against 521); the statement then shows « Rapproché ». What the API
// stores is checked behind the screen.
test('rapprochements : importer un relevé, accepter une proposition, créer les frais', async ({ page }) => {
  // Amounts of this run only: the shared database keeps the movements of earlier runs.
  const montant = 700_000 + Math.floor(Math.random() * 90_000) * 3 + 1;
  const frais = 2_000 + Math.floor(Math.random() * 900);
  const client = await newClient(page, `Rapprochement ${stamp()}`);
  const course = await newCourse(page, client, { montant: 2 * montant + 10 });
  for (const libelle of ['Virement 1', 'Virement 2']) {
    const p = await api(page, '/api/paiements', {
      course_id: course.id,
      libelle,
      mode: 'Virement',
      montant,
      statut: 'Validé',
    });
    expect(p.success, JSON.stringify(p.message)).toBe(true);
  }
  const jour = todayInGabon().split('-').reverse().join('/');
  const csv = [
    'Date;Libellé;Référence;Débit;Crédit',
    `${jour};VIREMENT RECU ${client.nom_complet};;;${montant}`,
    `${jour};FRAIS TENUE DE COMPTE;;${frais};`,
  ].join('\n');

  await page.goto('/comptabilite/rapprochements');
  await expect(page.getByRole('heading', { name: 'Rapprochements' })).toBeVisible({ timeout: 30_000 });
  const form = page.getByRole('form', { name: 'Importer un relevé' });
  await form.locator('input[type=file]').setInputFiles({
    name: 'releve-test.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  await form.getByRole('button', { name: 'Importer' }).click();
  await expect(page.getByText('2 lignes importées : 0 pointée, 1 proposée, 1 à traiter.')).toBeVisible();
  await expect(page.getByText('Non rapproché')).toBeVisible();

  const lignes = page.getByRole('region', { name: 'Lignes du relevé' }).getByRole('row');
  const credit = lignes.filter({ hasText: 'VIREMENT RECU' });
  await expect(credit.getByText('Proposée')).toBeVisible();
  const accepter = credit.getByRole('button', { name: /^Accepter / });
  await expect(accepter).toHaveCount(2);
  await accepter.first().click();
  await expect(page.getByText('La ligne a été pointée.')).toBeVisible();
  await expect(credit.getByText('Pointée')).toBeVisible();

  const charges = lignes.filter({ hasText: 'FRAIS TENUE DE COMPTE' });
  await expect(charges.getByText('À traiter')).toBeVisible();
  await charges.getByRole('button', { name: /^Créer l'écriture de frais/ }).click();
  await expect(page.getByText("L'écriture de frais a été passée et la ligne pointée.")).toBeVisible();
  await expect(charges.getByText('Pointée')).toBeVisible();
  await expect(page.getByText('Rapproché', { exact: true })).toBeVisible();
  const figures = page.getByRole('list', { name: 'Résumé' });
  const solde = new Intl.NumberFormat('de-DE').format(montant - frais);
  await expect(figures.locator('[data-figure="Solde du relevé"]')).toContainText(`${solde} FCFA`);
  await expect(figures.locator('[data-figure="Solde pointé"]')).toContainText(`${solde} FCFA`);

  // Behind the screen: the statement is reconciled and its fee entry is 631 against 521.
  const liste = await api<Array<{ id: number; fichier: string; totaux: { rapproche: boolean } }>>(
    page,
    '/api/comptabilite/rapprochements',
  );
  const releve = liste.data.find((r) => r.fichier === 'releve-test.csv')!;
  expect(releve.totaux.rapproche).toBe(true);
  const detail = await api<{ lignes: Array<{ frais_ecriture_id: number | null }> }>(
    page,
    `/api/comptabilite/rapprochements/${releve.id}`,
  );
  const entree = await api<{ lignes: Array<{ compte: string; debit: number; credit: number }> }>(
    page,
    `/api/operations/${detail.data.lignes[1]!.frais_ecriture_id}`,
  );
  expect(entree.data.lignes.map((l) => [l.compte, l.debit, l.credit])).toEqual([
    ['631', frais, 0],
    ['521', 0, frais],
  ]);
});
