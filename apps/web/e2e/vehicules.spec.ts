import type { Page, Request } from '@playwright/test';
import { OGOUE, openNewCompany, TRANSGABON } from './support/accounts';
import { api, createVehicle, frenchDate, typeDate, uniquePlate } from './support/fleet';
import { choose, exportAs, filterPanel, readCsv } from './support/list';
import { expect, test } from './support/test';

// Vehicles are created in Ogooué (plates of their own); TransGabon's fleet, which no spec changes
// (support/accounts.ts), is read as it was seeded.
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function openVehicles(page: Page, path = '/parc-auto/vehicules') {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: /^Véhicules \(\d+\)/ })).toBeVisible({ timeout: 30_000 });
}

async function search(page: Page, text: string) {
  const filters = filterPanel(page);
  await filters.getByLabel('Rechercher').fill(text);
  await filters.getByRole('button', { name: 'Appliquer' }).click();
}

test.describe('Ogooué', () => {
  test.use({ account: OGOUE });

  test('créer un véhicule (plaque normalisée), le retrouver (filtre gardé au rechargement), le modifier, le supprimer', async ({
    page,
  }) => {
    await openVehicles(page);
    const digits = uniquePlate('x').slice(2);
    const plate = `VE-${digits}-AB`;

    await page.getByRole('button', { name: 'Ajouter un véhicule' }).click();
    const create = page.getByRole('dialog', { name: 'Nouveau véhicule' });
    // A required field left empty is flagged on the first submit, in the browser: nothing is sent.
    let posted = 0;
    const countPosts = (r: Request) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/vehicules') posted++;
    };
    page.on('request', countPosts);
    await create.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(create.getByText('La plaque est obligatoire.')).toBeVisible();
    expect(posted).toBe(0);
    page.off('request', countPosts);
    await create.getByLabel('Plaque').fill(`  ve ${digits} - ab `);
    // The canonical form shows as soon as the field is left (normalisePlaque, shared with the API).
    await create.getByLabel('Marque', { exact: true }).focus();
    await expect(create.getByLabel('Plaque')).toHaveValue(plate);
    await create.getByLabel('Marque', { exact: true }).fill('Mercedes-Benz');
    await create.getByLabel('Modèle').fill('Actros 2644');
    await choose(page, create.getByRole('combobox', { name: 'Type de véhicule' }), 'Camion benne');
    await create.getByLabel('Tonnage (t)').fill('26');
    await create.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(create).toBeHidden();
    // Vehicles are listed by plate: the new one, far down that order, is shown at once on top, marked new.
    const created = page.getByRole('table').getByRole('row').filter({ hasText: plate });
    await expect(created).toBeVisible();
    await expect(created).toContainText('Ajouté');

    // The API stored the plate normalised: that is what the list shows and what the search finds.
    await search(page, plate);
    await expect(page.getByRole('heading', { name: 'Véhicules (1)' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Véhicules (1)' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('list', { name: 'Filtres actifs' })).toContainText(`Rechercher : ${plate}`);
    const row = page.getByRole('table').getByRole('row').nth(1);
    await expect(row).toContainText(plate);
    await expect(row).toContainText('Camion benne · 26 t');
    await expect(row).toContainText('Nouveau');

    // Edit: the status (a person chooses Disponible or Indisponible) and the tonnage.
    await row.click();
    const dialog = page.getByRole('dialog', { name: plate });
    await expect(dialog).toContainText('Mercedes-Benz');
    await dialog.getByRole('button', { name: 'Modifier' }).click();
    await choose(page, dialog.getByRole('combobox', { name: 'Statut' }), 'Disponible');
    await dialog.getByLabel('Tonnage (t)').fill('32');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Camion benne · 32 t');
    await expect(row).toContainText('Disponible');

    // Delete it.
    await row.click();
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Oui' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Véhicules (0)' })).toBeVisible();
  });

  test('les documents d’un véhicule : ajout avec fichier, alertes d’expiration, ouverture du fichier, suppression', async ({
    page,
  }) => {
    const { plaque } = await createVehicle(page, uniquePlate('DOC'));
    await page.goto(`/parc-auto/vehicules?search=${encodeURIComponent(plaque)}`);
    await expect(page.getByRole('heading', { name: 'Véhicules (1)' })).toBeVisible({ timeout: 30_000 });
    const row = page.getByRole('table').getByRole('row').nth(1);
    await row.click();
    const dialog = page.getByRole('dialog', { name: plaque });

    // One expiring soon with a PDF, one expired; highlighted; the file opens; one is deleted.
    await expect(dialog.getByText('Aucun document.')).toBeVisible();
    const addForm = dialog.getByRole('form', { name: 'Ajouter un document' });
    await addForm.getByLabel('Libellé').fill('Assurance');
    await typeDate(addForm.getByLabel("Date d'expiration"), frenchDate(10));
    // A 6 MB scan is refused in the browser, before anything is sent.
    let posted = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/documents')) posted++;
    });
    await addForm.locator('input[type=file]').setInputFiles({
      name: 'scan.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(6 * 1024 * 1024, 0x25),
    });
    await expect(addForm.getByText('Le fichier ne doit pas dépasser 5 Mo.')).toBeVisible();
    await expect(addForm.getByText('scan.pdf')).toBeHidden();
    expect(posted).toBe(0);
    // A page renamed .pdf passes the browser's checks; the server reads its content and refuses it: the
    // error is under the file field, the form keeps what was typed, and no document is left without its file.
    await addForm.locator('input[type=file]').setInputFiles({
      name: 'faux.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('<html>pas un PDF</html>'),
    });
    await addForm.getByRole('button', { name: 'Ajouter le document' }).click();
    await expect(addForm.getByText('Le contenu du fichier ne correspond pas à son type.')).toBeVisible();
    await expect(addForm.getByLabel('Libellé')).toHaveValue('Assurance');
    await expect(dialog.getByText('Aucun document.')).toBeVisible();
    // The file travels as a multipart upload, not inside the JSON.
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/api\/documents\/\d+\/fichier$/.test(r.url())) {
        uploads.push(r.headers()['content-type'] ?? '');
      }
    });
    await addForm.locator('input[type=file]').setInputFiles({
      name: 'assurance.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await expect(addForm.getByText('assurance.pdf')).toBeVisible();
    await addForm.getByRole('button', { name: 'Ajouter le document' }).click();
    const docs = dialog.getByRole('list', { name: 'Documents du véhicule' });
    const assurance = docs.getByRole('listitem').filter({ hasText: 'Assurance' });
    await expect(assurance).toContainText('Expire bientôt');
    await expect(assurance).toHaveAttribute('data-etat', 'Expire bientôt');
    await expect(assurance).toHaveCSS('background-color', 'rgb(255, 247, 230)');
    expect(uploads).toEqual([expect.stringMatching(/^multipart\/form-data; boundary=/)]);
    await expect(docs.getByRole('listitem')).toHaveCount(1);

    await addForm.getByLabel('Libellé').fill('Vignette');
    await typeDate(addForm.getByLabel("Date d'expiration"), frenchDate(-3));
    await addForm.getByRole('button', { name: 'Ajouter le document' }).click();
    const vignette = docs.getByRole('listitem').filter({ hasText: 'Vignette' });
    await expect(vignette).toContainText('Expiré');
    await expect(vignette).toHaveCSS('background-color', 'rgb(255, 241, 240)');

    const downloading = page.waitForEvent('download');
    await assurance.getByRole('button', { name: 'Ouvrir le fichier de Assurance' }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toBe('assurance.pdf');

    // The list's alert column follows.
    await expect(row).toContainText('1 expiré');
    await expect(row).toContainText('1 à renouveler');

    await vignette.getByRole('button', { name: 'Supprimer le document Vignette' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Oui' }).click();
    await expect(docs.getByRole('listitem')).toHaveCount(1);
  });

  test('un double-clic sur « Ajouter le document » ajoute un seul document, avec son fichier', async ({
    page,
  }) => {
    const { id, plaque } = await createVehicle(page, uniquePlate('DBL'));
    await page.goto(`/parc-auto/vehicules?id=${id}`);
    const dialog = page.getByRole('dialog', { name: plaque });
    const addForm = dialog.getByRole('form', { name: 'Ajouter un document' });
    let posted = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/documents')) posted++;
    });
    await addForm.getByLabel('Libellé').fill('Carte grise');
    await addForm.locator('input[type=file]').setInputFiles({
      name: 'carte-grise.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await addForm.getByRole('button', { name: 'Ajouter le document' }).dblclick();
    const docs = dialog.getByRole('list', { name: 'Documents du véhicule' });
    await expect(docs.getByRole('listitem')).toHaveCount(1);
    await expect(docs.getByRole('button', { name: 'Ouvrir le fichier de Carte grise' })).toBeVisible();
    await expect(addForm.getByText('carte-grise.pdf')).toBeHidden();
    // What the API stored: one document, with its file.
    await expect
      .poll(async () => {
        const v = await api<{ documents: Array<{ fichier: string | null }> }>(page, `/api/vehicules/${id}`);
        return v.documents.map((d) => Boolean(d.fichier));
      })
      .toEqual([true]);
    expect(posted).toBe(1);
  });

  test('Échap dans le libellé d’un document ferme ses suggestions, jamais la fiche ni la saisie', async ({
    page,
  }) => {
    const { id, plaque } = await createVehicle(page, uniquePlate('ESC'));
    await page.goto(`/parc-auto/vehicules?id=${id}`);
    const dialog = page.getByRole('dialog', { name: plaque });
    const input = dialog.getByRole('form', { name: 'Ajouter un document' }).getByLabel('Libellé');
    /** Two frames: the key's handlers and the render they asked for are done. */
    const settled = () =>
      page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

    // The suggestions open as one types; Escape closes them only.
    await input.click();
    await input.pressSequentially('Ass');
    const suggestions = page.locator('.ant-select-dropdown:visible');
    await expect(suggestions).toContainText('Assurance');
    await input.press('Escape');
    await expect(suggestions).toHaveCount(0);
    await settled();
    await expect(dialog).toBeVisible();
    await expect(input).toHaveValue('Ass');
    // A libellé of one's own (no suggestion left): Escape keeps the dialog and what was typed.
    await input.fill('Patente de transport');
    await input.press('Escape');
    await settled();
    await expect(dialog).toBeVisible();
    await expect(input).toHaveValue('Patente de transport');
    // Outside a field, Escape still closes the dialog.
    await dialog.getByRole('button', { name: 'Modifier' }).focus();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('supprimer plusieurs véhicules d’un coup', async ({ page }) => {
    await openVehicles(page);
    const prefix = uniquePlate('GD');
    await createVehicle(page, `${prefix}-A`);
    await createVehicle(page, `${prefix}-B`);
    await search(page, prefix);
    await expect(page.getByRole('heading', { name: 'Véhicules (2)' })).toBeVisible();

    await page.getByRole('table').getByRole('checkbox').first().check();
    await expect(page.getByText('2 lignes sélectionnées')).toBeVisible();
    await page.getByRole('button', { name: 'Supprimer la sélection' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Oui' }).click();
    await expect(page.getByRole('heading', { name: 'Véhicules (0)' })).toBeVisible();
  });
});

test('un lien filtré (?statut=Disponible), la vue en cartes et l’export CSV de toute la sélection', async ({
  page,
}) => {
  // A company of its own: the counts compared below are this test's doing only.
  await openNewCompany(page, 'Parc');
  const [type] = await api<Array<{ id: number }>>(page, '/api/types_vehicules?limit=1');
  const vehicule = (plaque: string, statut: string) =>
    api<{ plaque: string }>(page, '/api/vehicules', {
      plaque,
      marque: 'Scania',
      type_vehicule_id: type!.id,
      statut,
    });
  const disponibles: string[] = [];
  for (let i = 0; i < 7; i++) disponibles.push((await vehicule(uniquePlate(`DS${i}`), 'Disponible')).plaque);
  await vehicule(uniquePlate('IND'), 'Indisponible');

  await page.goto('/parc-auto/vehicules?statut=Disponible');
  await expect(page.getByRole('heading', { name: 'Véhicules (7)' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('list', { name: 'Filtres actifs' })).toContainText('Statut : Disponible');

  await page.getByText('Cartes', { exact: true }).click();
  const cards = page.getByRole('list', { name: 'Véhicules (cartes)' });
  await expect(cards.getByRole('listitem')).toHaveCount(6);
  await expect(cards.getByRole('listitem').first()).toContainText('Disponible');

  // The export holds the whole selection (both pages), and only it.
  const lines = readCsv((await exportAs(page, 'CSV')).file);
  expect(lines[0]).toEqual([
    'Plaque',
    'Marque / Modèle',
    'Type / Tonnage',
    'Propriétaire',
    'Statut',
    'Documents',
    'Chauffeur',
  ]);
  expect(
    lines
      .slice(1)
      .map((l) => l[0])
      .sort(),
  ).toEqual(disponibles.sort());
  expect(lines.slice(1).map((l) => l[4])).toEqual(Array(7).fill('Disponible'));
});

test.describe('TransGabon', () => {
  test.use({ account: TRANSGABON });

  test('un véhicule qu’une course utilise se modifie mais ne se supprime pas (can de l’API)', async ({
    page,
  }) => {
    await openVehicles(page, `/parc-auto/vehicules?statut=${encodeURIComponent('En course')}`);
    const row = page.getByRole('table').getByRole('row').nth(1);
    await expect(row).toContainText('En course');
    const plate = (await row.getByRole('cell').nth(1).innerText()).trim();
    await row.click();
    const dialog = page.getByRole('dialog', { name: plate });
    await expect(dialog.getByRole('button', { name: 'Modifier' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Supprimer', exact: true })).toHaveCount(0);
  });

  test.describe('sur un téléphone (390 px)', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('cartes par défaut, filtres repliables, détail en pleine largeur avec les documents', async ({
      page,
    }) => {
      await openVehicles(page);
      const filters = filterPanel(page);
      await expect(filters).toBeHidden();
      await page.getByRole('button', { name: /^Filtres/ }).click();
      await choose(page, filters.getByRole('combobox', { name: 'Statut' }), 'Disponible');
      await filters.getByRole('button', { name: 'Appliquer' }).click();
      const cards = page.getByRole('list', { name: 'Véhicules (cartes)' });
      await expect(cards.getByRole('listitem').first()).toContainText('Disponible');

      await cards.getByRole('listitem').first().click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('form', { name: 'Ajouter un document' })).toBeVisible();
      expect((await dialog.boundingBox())!.width).toBeGreaterThan(360);
      await expect(dialog.getByRole('button', { name: 'Modifier' })).toBeVisible();
    });
  });
});
