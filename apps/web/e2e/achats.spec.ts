import type { Page } from '@playwright/test';
import { OGOUE } from './support/accounts';
import { filterPanel } from './support/list';
import { api, pick, stamp } from './support/operations';
import { expect, test } from './support/test';

test.use({ account: OGOUE });

test('achat : un fournisseur ajouté depuis le formulaire, sans le quitter, est choisi', async ({ page }) => {
  const nom = `Quincaillerie Akanda ${stamp()}`;
  await page.goto('/comptabilite/achats');
  await expect(page.getByRole('heading', { name: /^Achats \(\d+\)/ })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Ajouter un achat' }).click();
  const form = page.getByRole('dialog', { name: 'Nouvel achat' });
  await form.getByRole('button', { name: 'Ajouter un fournisseur' }).click();
  const nouveau = page.getByRole('dialog', { name: 'Nouveau fournisseur' });
  await nouveau.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(nouveau).toContainText('Le nom est obligatoire.');
  await nouveau.getByLabel('Nom').fill(nom);
  await nouveau.getByLabel('Téléphone').fill('+241 066 00 11 22');
  await nouveau.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(nouveau).toBeHidden({ timeout: 20_000 });
  await expect(form.getByTitle(nom, { exact: true })).toBeVisible({ timeout: 20_000 });
  const fournisseurs = await api<Array<{ id: number; nom: string; telephone: string | null }>>(
    page,
    '/api/fournisseurs?limit=1000',
  );
  expect(fournisseurs.data.filter((f) => f.nom === nom).map((f) => f.telephone)).toEqual([
    '+241 066 00 11 22',
  ]);
});

/** The stock of an article as Configurations > Articles shows it (searched by its reference). */
async function stockAffiche(page: Page, reference: string): Promise<number> {
  await page.goto('/configurations/vehicules#articles');
  await expect(page.getByRole('heading', { name: /^Articles \(\d+\)/ })).toBeVisible({ timeout: 30_000 });
  const filters = filterPanel(page);
  await filters.getByLabel('Rechercher').fill(reference);
  await filters.getByRole('button', { name: 'Appliquer' }).click();
  await expect(page.getByRole('heading', { name: 'Articles (1)' })).toBeVisible({ timeout: 20_000 });
  const table = page.getByRole('table');
  const headers = (await table.getByRole('columnheader').allInnerTexts()).map((h) => h.trim());
  const column = headers.findIndex((h) => /^Qt|^Quantit|^Stock/.test(h));
  expect(column, `colonne du stock parmi ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  const row = table.getByRole('row').nth(1);
  await expect(row).toContainText(reference);
  const cell = (await row.getByRole('cell').nth(column).innerText()).replace(/\D/g, '');
  expect(cell).not.toBe('');
  return Number(cell);
}

test('achat validé : le stock de son article augmente de la quantité achetée (Configurations > Articles)', async ({
  page,
}) => {
  // An article of this test only, so no other spec moves its stock meanwhile.
  const reference = `ACH-${stamp()}`;
  const nom = `Filtre à huile ${reference}`;
  const made = await api<{ id: number; qte: number }>(page, '/api/articles', {
    reference,
    nom,
    qte: 4 + Math.floor(Math.random() * 20),
    prix_unitaire: 12_500,
  });
  expect(made.success, JSON.stringify(made.message)).toBe(true);
  const fournisseur = await api<{ id: number; nom: string }>(page, '/api/fournisseurs', {
    nom: `Pièces Owendo ${reference}`,
  });
  expect(fournisseur.success, JSON.stringify(fournisseur.message)).toBe(true);

  const avant = await stockAffiche(page, reference);
  const quantite = 7;

  await page.goto('/comptabilite/achats');
  await expect(page.getByRole('heading', { name: /^Achats \(\d+\)/ })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Ajouter un achat' }).click();
  const form = page.getByRole('dialog', { name: 'Nouvel achat' });
  await pick(page, form.getByLabel('Acheteur'), 'a', '');
  await pick(page, form.getByLabel('Fournisseur'), fournisseur.data.nom);
  const lignes = form.getByRole('list', { name: "Lignes de l'achat" });
  await pick(page, lignes.getByRole('combobox', { name: 'Article de la ligne 1' }), reference);
  await form.getByLabel('Quantité de la ligne 1').fill(String(quantite));
  await form.getByLabel('Prix unitaire de la ligne 1').fill('12500');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form).toBeHidden({ timeout: 20_000 });

  // The purchase of this supplier, opened from the list, validated.
  const achats = await api<Array<{ id: number; statut: string }>>(
    page,
    `/api/achats?fournisseur=${fournisseur.data.id}`,
  );
  expect(achats.data.map((a) => a.statut)).toEqual(['Brouillon']);
  const achat = await api<{ lignes: Array<{ article_id: number; qte: number }> }>(
    page,
    `/api/achats/${achats.data[0]!.id}`,
  );
  expect(achat.data.lignes.map((l) => [l.article_id, l.qte])).toEqual([[made.data.id, quantite]]);
  await page.goto(`/comptabilite/achats?fournisseur=${fournisseur.data.id}`);
  await expect(page.getByRole('heading', { name: 'Achats (1)' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('table').getByRole('row').nth(1).click();
  const detail = page.getByRole('dialog', { name: `Achat n°${achats.data[0]!.id}` });
  await expect(detail).toContainText(nom);
  await detail.getByRole('button', { name: 'Valider' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Oui' }).click();
  await expect(detail.getByRole('button', { name: 'Valider' })).toHaveCount(0, { timeout: 20_000 });

  expect(await stockAffiche(page, reference)).toBe(avant + quantite);
  const article = await api<{ qte: number }>(page, `/api/articles/${made.data.id}`);
  expect(article.data.qte).toBe(avant + quantite);
});
