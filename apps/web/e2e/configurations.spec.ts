import fs from 'node:fs';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ADMIN, openNewCompany } from './support/accounts';
import { choose, exportAs, filterPanel } from './support/list';
import { expect, test } from './support/test';

const stamp = () => `${Date.now()}`.slice(-7);

async function search(page: Page, text: string) {
  const filters = filterPanel(page);
  await filters.getByLabel('Rechercher').fill(text);
  await filters.getByRole('button', { name: 'Appliquer' }).click();
}

test('tabs and hash, a fournisseur created, edited and deleted, platform tables read-only, company settings', async ({
  page,
}) => {
  await openNewCompany(page, 'Reglages');
  // Every tab and sub-tab shows its table.
  await page.goto('/configurations');
  await expect(page).toHaveURL(/\/configurations\/general$/);
  for (const [tab, tables] of [
    ['Configuration générale', ['Villes', 'Types de marchandise']],
    ['Paramètres des véhicules', ['Articles', 'Types de véhicules', "Types d'articles"]],
    ['Paramètres des interventions', ['Garages', 'Services', 'Fournisseurs']],
    ['Paramètres des courses', ['Trajets']],
  ] as const) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    for (const table of tables) {
      await page.getByRole('tab', { name: table, exact: true }).click();
      await expect(page.getByRole('heading', { name: new RegExp(`^${table} \\(\\d+\\)`) })).toBeVisible({
        timeout: 30_000,
      });
    }
  }
  // A hash names its table even when another table's name is inside it ('types_articles' ⊃ 'articles').
  await page.goto('/configurations/vehicules#types_articles');
  await expect(page.getByRole('heading', { name: /^Types d'articles \(\d+\)/ })).toBeVisible({
    timeout: 30_000,
  });
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

  // The logo travels as a multipart upload, is shown from the API (with the token), then removed.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Le logo a été enregistré.')).toBeVisible();
  await expect(page.getByRole('img', { name: "Logo de l'entreprise" })).toBeVisible();
  await page.getByRole('button', { name: 'Retirer' }).click();
  await expect(page.getByText('Aucun logo')).toBeVisible();
});

test('services imported from a CSV with the export’s columns: errors line by line first, then all lines at once', async ({
  page,
}, info) => {
  // The interventions tables are probed every 2 s until they answer: two refused probes, then the tabs.
  let refused = 0;
  await page.route(/\/api\/fournisseurs\?limit=1/, (route) =>
    refused++ < 2 ? route.fulfill({ status: 503, body: '' }) : route.continue(),
  );
  await openNewCompany(page, 'Import');
  await page.goto('/configurations/interventions#services');
  // A full load of the signed-in app first (its chunks, /api/me): seconds on a loaded 2-core machine.
  await expect(page.getByText(/pas encore disponibles : nouvel essai toutes les 2 secondes/)).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('heading', { name: /^Services \(\d+\)/ })).toBeVisible({ timeout: 30_000 });
  expect(refused).toBeGreaterThanOrEqual(3);

  const tag = stamp();
  const file = (name: string, lines: string[]) => {
    const path = info.outputPath(name);
    fs.writeFileSync(path, `\ufeff${['Libellé;Montant;Créé le', ...lines].join('\n')}`);
    return path;
  };
  const input = page.getByTestId('import-file');

  // A wrong line: named, with what to fix; the valid lines alone may be imported.
  await input.setInputFiles(file('faux.csv', [`Vidange ${tag};45.000 FCFA;`, `;12 000;`]));
  const dialog = page.getByRole('dialog', { name: 'Importer dans Services' });
  await expect(dialog.getByText('Colonnes ignorées : Créé le.')).toBeVisible();
  await expect(dialog.getByRole('row', { name: /^3 Le libellé est obligatoire\./ })).toBeVisible();
  await expect(
    dialog.getByText(
      '1 ligne à corriger sur 2 : corrigez-la dans le fichier puis importez-le de nouveau, ou importez seulement la ligne valide.',
    ),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^Importer 2 lignes/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Importer la ligne valide' }).click();
  await expect(page.getByText('1 ligne importée.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await search(page, tag);
  await expect(page.getByRole('heading', { name: 'Services (1)' })).toBeVisible();
  await expect(page.getByRole('table')).toContainText(`Vidange ${tag}`);

  // Only wrong lines: nothing to import, the dialog says what to fix.
  await input.setInputFiles(file('vide.csv', [`;12 000;`]));
  await expect(dialog.getByRole('row', { name: /^2 Le libellé est obligatoire\./ })).toBeVisible();
  await expect(
    dialog.getByText('1 ligne à corriger : corrigez-la dans le fichier puis importez-le de nouveau.'),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^Importer/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Fermer' }).last().click();

  // Corrected: the other line written, amounts read from the French format.
  await input.setInputFiles(file('juste.csv', [`Pneus ${tag};"1 200 000";01/01/2026`]));
  await expect(
    dialog.getByText('Toutes les lignes sont valides : 1 ligne prête à être importée.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Importer 1 ligne' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Services (2)' })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('1.200.000 FCFA');
  await expect(page.getByRole('table')).toContainText('45.000 FCFA');
});

test.describe('superadmin', () => {
  test.use({ account: ADMIN });

  test('a superadmin: a ville locked then edited, deleted by the microservice path, a used one refused, an Excel export imported back', async ({
    page,
  }, info) => {
    await page.goto('/configurations/general');
    await expect(page.getByRole('heading', { name: /^Villes \(\d+\)/ })).toBeVisible({ timeout: 30_000 });
    const tag = stamp();

    await page.getByRole('button', { name: 'Ajouter' }).click();
    const create = page.getByRole('dialog', { name: 'Nouvelle ville' });
    await create.getByLabel('Code').fill(`e${tag}`);
    await create.getByLabel('Libellé').fill(`Ville ${tag}`);
    await create.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(create).toBeHidden();
    await search(page, tag);
    await expect(page.getByRole('heading', { name: 'Villes (1)' })).toBeVisible();
    const row = page.getByRole('table').getByRole('row').nth(1);
    await expect(row).toContainText(`E${tag}`);

    // Locked ↔ editing: 'Verrouiller' leaves without saving, 'Enregistrer' saves.
    await row.click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`^Ville Ville ${tag}`) });
    await expect(dialog.getByText('Verrouillé')).toBeVisible();
    await expect(dialog.getByLabel('Libellé')).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Enregistrer' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Déverrouiller' }).click();
    await expect(dialog.getByLabel('Libellé')).toBeEnabled();
    await dialog.getByLabel('Libellé').fill(`Ville ${tag} oubliée`);
    await dialog.getByRole('button', { name: 'Verrouiller' }).click();
    await expect(dialog.getByLabel('Libellé')).toBeDisabled();
    await expect(dialog.getByLabel('Libellé')).toHaveValue(`Ville ${tag}`);
    await dialog.getByRole('button', { name: 'Déverrouiller' }).click();
    await dialog.getByLabel('Libellé').fill(`Ville ${tag} bis`);
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText(`Ville ${tag} bis`);

    // Deleted through POST /api/microservice/api-courses/villes/{id}/destroy (the specification).
    await row.click();
    const destroyed = page.waitForRequest(
      (r) => r.method() === 'POST' && /\/api\/microservice\/api-courses\/villes\/\d+\/destroy$/.test(r.url()),
    );
    await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Oui' }).click();
    await destroyed;
    await expect(page.getByRole('heading', { name: 'Villes (0)' })).toBeVisible();

    // A city still used: refused, naming what uses it.
    await search(page, 'LBV');
    await expect(page.getByRole('heading', { name: 'Villes (1)' })).toBeVisible();
    await row.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Oui' }).click();
    await expect(
      page.getByText(/^Cette ville est utilisée par .*\d+ garages?.* : elle ne peut pas être supprimée\.$/),
    ).toBeVisible();
    await page.keyboard.press('Escape');

    // The Excel export of a city, renamed, imported back: the export's own columns are the import's.
    const { file } = await exportAs(page, 'Excel (.xlsx)');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Code', 'Libellé']);
    expect(sheet.getRow(2).getCell(1).value).toBe('LBV');
    sheet.getRow(2).getCell(1).value = `I${tag}`;
    sheet.getRow(2).getCell(2).value = `Importville ${tag}`;
    const path = info.outputPath('villes.xlsx');
    await workbook.xlsx.writeFile(path);
    await page.getByTestId('import-file').setInputFiles(path);
    const importer = page.getByRole('dialog', { name: 'Importer dans Villes' });
    // The first .xlsx read loads exceljs (a large lazy chunk): slow on a loaded machine.
    await expect(
      importer.getByText('Toutes les lignes sont valides : 1 ligne prête à être importée.'),
    ).toBeVisible({ timeout: 30_000 });
    await importer.getByRole('button', { name: 'Importer 1 ligne' }).click();
    await expect(page.getByText('1 ligne importée.')).toBeVisible();
    await search(page, tag);
    await expect(page.getByRole('heading', { name: 'Villes (1)' })).toBeVisible();
    await expect(row).toContainText(`Importville ${tag}`);
    await row.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Oui' }).click();
    await expect(page.getByRole('heading', { name: 'Villes (0)' })).toBeVisible();

    // A company table: the superadmin names the company on creation, sees it in the list and filters on it.
    await page.goto('/configurations/interventions#fournisseurs');
    await expect(page.getByRole('heading', { name: /^Fournisseurs \(\d+\)/ })).toBeVisible({
      timeout: 30_000,
    });
    const nom = `Pièces Ntoum ${tag}`;
    await page.getByRole('button', { name: 'Ajouter' }).click();
    const nouveau = page.getByRole('dialog', { name: 'Nouveau fournisseur' });
    await nouveau.getByLabel('Nom').fill(nom);
    await nouveau.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(nouveau.getByText('« Entreprise » est obligatoire.')).toBeVisible();
    await choose(page, nouveau.getByLabel('Entreprise'), 'Ogooué Logistique');
    await nouveau.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(nouveau).toBeHidden();
    await search(page, nom);
    await expect(page.getByRole('heading', { name: 'Fournisseurs (1)' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Entreprise' })).toBeVisible();
    await expect(row).toContainText('Ogooué Logistique');
    await choose(page, filterPanel(page).getByLabel('Entreprise'), 'TransGabon SARL');
    await filterPanel(page).getByRole('button', { name: 'Appliquer' }).click();
    await expect(page.getByRole('heading', { name: 'Fournisseurs (0)' })).toBeVisible();
    await choose(page, filterPanel(page).getByLabel('Entreprise'), 'Ogooué Logistique');
    await filterPanel(page).getByRole('button', { name: 'Appliquer' }).click();
    await expect(page.getByRole('heading', { name: 'Fournisseurs (1)' })).toBeVisible();
    await row.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Oui' }).click();
    await expect(page.getByRole('heading', { name: 'Fournisseurs (0)' })).toBeVisible();
  });
});
