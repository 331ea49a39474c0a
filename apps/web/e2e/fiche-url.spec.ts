import { OGOUE } from './support/accounts';
import { newClient } from './support/operations';
import { expect, test } from './support/test';

test.use({ account: OGOUE });

// Issue 24 §19: the open record is in the address bar (`?id=`), for every list screen (the list kit): a reload
// keeps it open, the link can be shared, and Back closes the dialog instead of leaving the page.
for (const width of [1280, 390]) {
  test(`la fiche ouverte est dans l’adresse, le rechargement la garde et Retour la ferme (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const client = await newClient(page, `Fiche URL ${width}`);
    // The page before the list: Back must not go there while a record is open.
    await page.goto('/');
    await page.goto(`/operations/clients?search=${encodeURIComponent(client.nom_complet)}`);
    await page.getByText(client.nom_complet, { exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: `Client ${client.nom_complet}` });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`[?&]id=${client.id}(&|$)`));
    await page.screenshot({ path: `/tmp/shots/h24b/fiche-url-${width}.png` });

    // Reload: the same record is open again.
    await page.reload();
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(new RegExp(`[?&]id=${client.id}(&|$)`));

    // Back closes it and stays on the list.
    await page.goBack();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/operations\/clients/);
    await expect(page).not.toHaveURL(/[?&]id=/);
    await expect(page.getByText(client.nom_complet, { exact: true }).first()).toBeVisible();

    // A shared link opens the record; closing it leaves the list's address without the id, and Back then
    // leaves the list (closing did not add a step of its own).
    await page.goto(`/operations/clients?id=${client.id}`);
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Fermer' }).first().click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/operations\/clients/);
    await expect(page).not.toHaveURL(/[?&]id=/);
  });
}
