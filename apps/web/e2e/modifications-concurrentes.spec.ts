import type { Page } from '@playwright/test';
import { OGOUE } from './support/accounts';
import { api, stamp } from './support/operations';
import { expect, test } from './support/test';

test.use({ account: OGOUE });

// Two tabs on one cash voucher. The second save, based on the voucher as it was when its
// form opened, is refused: a dialog says who changed it and when, over the form that keeps what was typed,
// and « Recharger la fiche » shows the voucher as it is now.

/** A tab on the voucher's detail (`?id=`), in edit mode. */
async function editing(page: Page, id: number) {
  await page.goto(`/comptabilite/pieces-de-caisse?id=${id}`);
  const dialog = page.getByRole('dialog', { name: `Pièce de caisse PC-${id}` });
  await dialog.getByRole('button', { name: 'Modifier' }).click({ timeout: 60_000 });
  await expect(dialog.getByLabel('Montant')).toBeVisible();
  return dialog;
}

test('deux onglets sur une pièce de caisse : la seconde sauvegarde est refusée sans perdre la saisie', async ({
  context,
}) => {
  const first = await context.newPage();
  await first.goto('/');
  await expect(first.getByRole('heading', { name: 'Accueil', level: 3 })).toBeVisible();
  const libelle = `Gasoil ${stamp()}`;
  const created = await api<{ id: number }>(first, '/api/piece_de_caisses', {
    date_operation: new Date().toISOString().slice(0, 10),
    beneficiaire: 'Station Oloumi',
    decaisseur: 'Caisse',
    montant: 40_000,
    libelle,
  });
  const { id } = created.data;
  const second = await context.newPage();

  // Both tabs open the voucher's form; the second one saves first.
  const stale = await editing(first, id);
  const fresh = await editing(second, id);
  await fresh.getByLabel('Montant').fill('61000');
  await fresh.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(fresh).toBeHidden({ timeout: 20_000 });

  // The first tab types its own amount and motive, and saves: refused, with who and when.
  await first.bringToFront();
  await stale.getByLabel('Montant').fill('55000');
  await stale.getByLabel('Libellé').fill(`${libelle} corrigé`);
  await stale.getByRole('button', { name: 'Enregistrer' }).click();
  const conflict = first.getByRole('dialog', { name: 'Fiche modifiée entre-temps' });
  await expect(conflict).toBeVisible({ timeout: 20_000 });
  await expect(conflict).toContainText(
    /Cette fiche a été modifiée par .+ le \d\d\/\d\d\/\d{4} à \d\d:\d\d : rechargez-la avant de l'enregistrer\./,
  );
  // Nothing was written, and the form behind still holds what was typed.
  const stored = await api<{ montant: number; libelle: string }>(first, `/api/piece_de_caisses/${id}`);
  expect([stored.data.montant, stored.data.libelle]).toEqual([61_000, libelle]);
  await expect(stale.getByLabel('Libellé')).toHaveValue(`${libelle} corrigé`);
  await expect(stale.getByLabel('Montant')).toHaveValue(/55[.\s\u202f]?000/);

  // « Recharger la fiche »: the form shows the voucher as the other tab left it.
  await conflict.getByRole('button', { name: 'Recharger la fiche' }).click();
  await expect(conflict).toBeHidden();
  await expect(stale.getByLabel('Montant')).toHaveValue(/61[.\s\u202f]?000/);
  await expect(stale.getByLabel('Libellé')).toHaveValue(libelle);

  // Saved again from the reloaded voucher, the change goes through.
  await stale.getByLabel('Libellé').fill(`${libelle} corrigé`);
  await stale.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(stale).toBeHidden({ timeout: 20_000 });
  const after = await api<{ montant: number; libelle: string }>(first, `/api/piece_de_caisses/${id}`);
  expect([after.data.montant, after.data.libelle]).toEqual([61_000, `${libelle} corrigé`]);
});
