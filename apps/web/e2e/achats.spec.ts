import { expect, test } from '@playwright/test';
import { api, signInOps, stamp } from './support/operations';

test.describe.configure({ timeout: 120_000 });

test('achat : un fournisseur ajouté depuis le formulaire, sans le quitter, est choisi', async ({ page }) => {
  await signInOps(page);
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
