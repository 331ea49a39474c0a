import { expect, type Page, test } from '@playwright/test';
import { filterPanel } from './support/list';
import { signInToHome } from './support/session';

// Configurations as TransGabon: the hash opens a sub-tab, a company table is created, edited and deleted, a
// platform table is read-only, the company settings are saved. Rows made here carry a unique name.
test.describe.configure({ timeout: 90_000 });

const stamp = () => `${Date.now()}`.slice(-7);

async function search(page: Page, text: string) {
  const filters = filterPanel(page);
  await filters.getByLabel('Rechercher').fill(text);
  await filters.getByRole('button', { name: 'Appliquer' }).click();
}

test('tabs and hash, a fournisseur created, edited and deleted, platform tables read-only, company settings', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signInToHome(page, 'direction@transgabon.ga');
  await page.goto('/configurations/interventions#fournisseurs');
  await expect(page.getByRole('tab', { name: 'Fournisseurs', selected: true })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('heading', { name: /^Fournisseurs \(\d+\)/ })).toBeVisible();
  await page.getByRole('tab', { name: 'Services' }).click();
  await expect(page).toHaveURL(/#services$/);
  await expect(page.getByRole('heading', { name: /^Services \(\d+\)/ })).toBeVisible();
  await page.getByRole('tab', { name: 'Fournisseurs' }).click();
  await expect(page.getByRole('heading', { name: /^Fournisseurs \(\d+\)/ })).toBeVisible();

  // Create (the shared schema's French message first), find, edit, delete.
  const nom = `Pièces Akanda ${stamp()}`;
  await page.getByRole('button', { name: 'Ajouter' }).click();
  const create = page.getByRole('dialog', { name: 'Nouveau fournisseur' });
  await create.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(create.getByText('Le nom est obligatoire.')).toBeVisible();
  await create.getByLabel('Nom').fill(nom);
  await create.getByLabel('Téléphone').fill('+241 066 00 00 01');
  await create.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(create).toBeHidden();
  await search(page, nom);
  await expect(page.getByRole('heading', { name: 'Fournisseurs (1)' })).toBeVisible();
  const row = page.getByRole('table').getByRole('row').nth(1);
  await expect(row).toContainText('+241 066 00 00 01');
  await row.click();
  const dialog = page.getByRole('dialog', { name: `Fournisseur ${nom}` });
  await dialog.getByRole('button', { name: 'Modifier' }).click();
  await dialog.getByLabel('Téléphone').fill('+241 077 11 22 33');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('+241 077 11 22 33');
  await row.click();
  await dialog.getByRole('button', { name: 'Supprimer' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Oui' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Fournisseurs (0)' })).toBeVisible();

  // Platform tables: read-only for a company.
  await page.getByRole('tab', { name: 'Configuration générale' }).click();
  await expect(page.getByRole('heading', { name: /^Villes \(\d+\)/ })).toBeVisible();
  await expect(
    page.getByText('Table de la plateforme : seuls les superadministrateurs la modifient.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ajouter' })).toHaveCount(0);

  // Company settings.
  await page.getByRole('tab', { name: 'Entreprise' }).click();
  const form = page.getByRole('form', { name: "Paramètres de l'entreprise" });
  await expect(form.getByLabel('Raison sociale')).not.toHaveValue('');
  const nif = `NIF-${stamp()}`;
  await form.getByLabel('NIF').fill(nif);
  await form.getByRole('button', { name: 'Enregistrer les paramètres' }).click();
  await expect(page.getByText('Les paramètres de l’entreprise ont été enregistrés.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('form', { name: "Paramètres de l'entreprise" }).getByLabel('NIF')).toHaveValue(
    nif,
    {
      timeout: 30_000,
    },
  );
});
