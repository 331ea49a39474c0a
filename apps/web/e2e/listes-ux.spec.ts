import type { Page } from '@playwright/test';
import { ADMIN, OGOUE, TRANSGABON } from './support/accounts';
import { isoDate, uniquePlate } from './support/fleet';
import { choose } from './support/list';
import { api, newClient, newVehicule, openScreen, pick, stamp, villeId } from './support/operations';
import { savedSession } from './support/session';
import { expect, test } from './support/test';

test.use({ viewport: { width: 1280, height: 800 } });

/** The header's right edge is in the window and the table scrolls no sideways. */
async function fitsAt1280(page: Page, names: string[]): Promise<void> {
  const table = page.getByRole('table');
  await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
  for (const name of names) {
    const box = await table.getByRole('columnheader', { name, exact: true }).boundingBox();
    expect(box, name).not.toBeNull();
    expect(box!.x + box!.width, name).toBeLessThanOrEqual(1280);
  }
  const scroll = await page
    .locator('.ant-table-content')
    .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(scroll.scroll, page.url()).toBeLessThanOrEqual(scroll.client);
}

test.describe('TransGabon', () => {
  // Its courses, which no spec changes (support/accounts.ts): page 3 holds the same rows all along.
  test.use({ account: TRANSGABON });

  test('Courses tient à 1280 px et garde sa page au rechargement comme au retour par le menu', async ({
    page,
  }) => {
    await openScreen(page, '/operations/courses', 'Courses');
    const table = page.getByRole('table');
    await expect(table.getByRole('row').nth(1)).toBeVisible();

    // Montant, Règlement and Statut are in view, and the table needs no horizontal scroll.
    await fitsAt1280(page, ['Montant', 'Règlement', 'Statut']);
    // Checkboxes speak French.
    await expect(table.getByRole('checkbox', { name: 'Tout sélectionner' })).toBeVisible();
    const firstCode = (await table.getByRole('row').nth(1).getByRole('cell').nth(1).innerText()).trim();
    await expect(table.getByRole('checkbox', { name: `Sélectionner la ligne ${firstCode}` })).toBeVisible();

    // Page 3, then a reload: still page 3, the same rows.
    await page.locator('.ant-pagination-item-3').click();
    await expect(page).toHaveURL(/[?&]page=3\b/);
    await expect(page.locator('.ant-pagination-item-active')).toHaveText('3');
    // The list keeps page 1's rows on screen while page 3's arrive: read the code once they are there.
    const firstCell = table.getByRole('row').nth(1).getByRole('cell').nth(1);
    await expect(firstCell).not.toHaveText(firstCode);
    const third = (await firstCell.innerText()).trim();
    await page.reload();
    await expect(page.getByRole('heading', { name: /^Courses \(\d+\)/ })).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('.ant-pagination-item-active')).toHaveText('3');
    await expect(table.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText(third);
    // Back from the menu: the remembered page.
    await page.goto('/operations/paiements');
    await page.goto('/operations/courses');
    await expect(page.getByRole('heading', { name: /^Courses \(\d+\)/ })).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('.ant-pagination-item-active')).toHaveText('3', { timeout: 15_000 });
  });
});

test.describe('Ogooué', () => {
  test.use({ account: OGOUE });

  test('une demande sans budget montre « — » ; acceptée, sa course s’ouvre d’un clic', async ({ page }) => {
    // A demande without a budget shows '—'; once accepted its course is a link that opens it.
    const client = await newClient(page, `Boulangerie Akébé ${stamp()}`);
    const demande = await api<{ id: number }>(page, '/api/demandes', {
      client_id: client.id,
      type_course: 'Livraison',
      ville_depart_id: await villeId(page, 'Libreville'),
      ville_arrivee_id: await villeId(page, 'Owendo'),
      date_souhaitee: isoDate(27),
    });
    expect(demande.success).toBe(true);
    await openScreen(page, `/operations/demandes?client=${client.id}`, 'Demandes', 1);
    const row = page.getByRole('table').getByRole('row').nth(1);
    await expect(row.getByRole('cell').nth(4)).toHaveText('—');
    const vehicule = await newVehicule(page);
    const accepted = await api<{ id: number; code: string }>(
      page,
      `/api/demandes/${demande.data.id}/accept`,
      {
        vehicule_id: vehicule.id,
        montant: 45_000,
      },
    );
    expect(accepted.success, JSON.stringify(accepted)).toBe(true);
    await page.reload();
    await row.click();
    const dialog = page.getByRole('dialog', { name: `Demande n°${demande.data.id}` });
    const code = accepted.data.code;
    await dialog.getByRole('link', { name: code }).click();
    await expect(page).toHaveURL(/\/operations\/courses/);
    const course = page.getByRole('dialog', { name: code });
    await expect(course).toBeVisible({ timeout: 30_000 });
    await expect(course).toContainText('45.000 FCFA');
    await expect(course).toContainText(client.nom_complet);
  });
});

test.describe('superadmin', () => {
  test.use({ account: ADMIN });

  test('Le super administrateur voit l’entreprise de chaque ligne sans perdre les colonnes clés à 1280 px', async ({
    page,
  }) => {
    const lists: Array<[string, string, string[]]> = [
      ['/operations/courses', 'Courses', ['Entreprise', 'Montant', 'Règlement', 'Statut']],
      ['/operations/paiements', 'Paiements', ['Entreprise', 'Montant', 'Statut']],
      ['/operations/demandes', 'Demandes', ['Entreprise', 'Budget', 'Statut']],
      ['/parc-auto/interventions', 'Interventions', ['Entreprise', 'Montant', 'Statut']],
      ['/parc-auto/vehicules', 'Véhicules', ['Entreprise', 'Statut', 'Documents']],
    ];
    for (const [path, title, columns] of lists) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: new RegExp(`^${title} \\(\\d+\\)`) })).toBeVisible({
        timeout: 30_000,
      });
      await fitsAt1280(page, columns);
      // Rows of both demo companies, each named.
      const names = await page.getByRole('table').getByRole('row').locator('td').allInnerTexts();
      expect(names.join(' '), path).toMatch(/TransGabon SARL|Ogooué Logistique/);
    }
    // A superadmin's creation form names the company, required and flagged before anything is sent; the
    // vehicle is created in that company.
    await page.goto('/parc-auto/vehicules');
    await page.getByRole('button', { name: 'Ajouter un véhicule' }).click();
    const create = page.getByRole('dialog', { name: 'Nouveau véhicule' });
    const entreprise = create.locator('.ant-form-item').filter({ has: page.getByLabel('Entreprise') });
    await expect(entreprise.locator('.ant-form-item-required')).toHaveText('Entreprise');
    const plaque = uniquePlate('SA');
    await create.getByLabel('Plaque').fill(plaque);
    await create.getByLabel('Marque', { exact: true }).fill('Renault Trucks');
    await choose(page, create.getByRole('combobox', { name: 'Type de véhicule' }), 'Camion benne');
    let posted = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/vehicules') posted++;
    });
    await create.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(entreprise).toContainText('« Entreprise » est obligatoire.');
    expect(posted).toBe(0);
    await pick(page, create.getByRole('combobox', { name: 'Entreprise' }), 'Ogooué', 'Ogooué Logistique');
    // Its other pickers then offer that company's rows only, not choices the API would refuse.
    const proprietaire = create.getByRole('combobox', { name: 'Propriétaire' });
    const offered = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await proprietaire.click();
    await proprietaire.fill('Ogooué');
    await expect.poll(() => offered.allInnerTexts(), { timeout: 15_000 }).toContain('Ogooué Logistique');
    await proprietaire.fill('TransGabon');
    await expect.poll(() => offered.allInnerTexts(), { timeout: 15_000 }).toEqual([]);
    await proprietaire.press('Escape');
    await create.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(create).toBeHidden({ timeout: 20_000 });
    const made = await api<Array<{ plaque: string; entreprise_nom: string }>>(
      page,
      `/api/vehicules?search=${plaque}`,
    );
    expect(made.data.map((v) => [v.plaque, v.entreprise_nom])).toEqual([[plaque, 'Ogooué Logistique']]);

    // The column the superadmin's Entreprise replaced is still in the detail.
    await page.goto('/operations/courses');
    await page.getByRole('table').getByRole('row').nth(1).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Plaque', { exact: true })).toBeVisible();
    await expect(
      dialog.getByRole('row', { name: /^Entreprise (TransGabon SARL|Ogooué Logistique)$/ }),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    // On a phone, each course's card names its company.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByText('Cartes', { exact: true }).click();
    const card = page.getByRole('list', { name: 'Courses (cartes)' }).getByRole('listitem').first();
    await expect(card.getByText('Entreprise', { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(card).toContainText(/TransGabon SARL|Ogooué Logistique/);
  });

  test('Le super administrateur distingue les factures, achats et pièces de caisse de chaque entreprise', async ({
    page,
  }) => {
    // Each company numbers its own invoices and vouchers (both have FAC-2026-00004): the company tells them apart.
    const lists: Array<[string, string, string[]]> = [
      ['/comptabilite/factures', 'Factures', ['Entreprise', 'Numéro', 'Net à payer', 'Statut']],
      ['/comptabilite/achats', 'Achats', ['Entreprise', 'Fournisseur', 'Montant', 'Statut']],
      ['/comptabilite/pieces-de-caisse', 'Pièces de caisse', ['Entreprise', 'N°', 'Montant']],
    ];
    // Filtered on each company in turn (other specs add rows of Ogooué's meanwhile: a first page of all
    // companies may hold only those), its lines name that company and never the other.
    const companies = [
      [savedSession(TRANSGABON).user.id, 'TransGabon SARL', 'Ogooué Logistique'],
      [savedSession(OGOUE).user.id, 'Ogooué Logistique', 'TransGabon SARL'],
    ] as const;
    for (const [path, title, columns] of lists) {
      for (const [id, nom, autre] of companies) {
        await page.goto(`${path}?entreprise=${id}`);
        await expect(page.getByRole('heading', { name: new RegExp(`^${title} \\(\\d+\\)`) })).toBeVisible({
          timeout: 30_000,
        });
        await fitsAt1280(page, columns);
        const rows = page.getByRole('table').locator('tbody tr.ant-table-row');
        await expect(rows.first(), path).toContainText(nom);
        const names = (await rows.allInnerTexts()).join(' ');
        expect(names, path).not.toContain(autre);
      }
    }
    // The creation form names the company (required), as every superadmin's form of the kit.
    await page.getByRole('button', { name: 'Ajouter une pièce de caisse' }).click();
    const create = page.getByRole('dialog', { name: 'Nouvelle pièce de caisse' });
    const entreprise = create.locator('.ant-form-item').filter({ has: page.getByLabel('Entreprise') });
    await expect(entreprise.locator('.ant-form-item-required')).toHaveText('Entreprise');
  });

  test('Les journaux du super administrateur se tiennent par entreprise (balance et soldes compris)', async ({
    page,
  }) => {
    await page.goto('/comptabilite/journaux');
    await expect(page.getByRole('heading', { name: 'Journaux' })).toBeVisible({ timeout: 30_000 });
    const message =
      'Choisissez une entreprise : les journaux et la balance générale se tiennent par entreprise.';
    // No company's lines mixed with another's, no balance summing them: the company first.
    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Balance générale' })).toHaveCount(0);
    const filtre = page.getByRole('form', { name: 'Filtrer les journaux' });
    await filtre.getByRole('button', { name: 'Charger' }).click();
    await expect(filtre).toContainText(message);
    await pick(page, filtre.getByRole('combobox', { name: 'Entreprise' }), 'Ogooué', 'Ogooué Logistique');
    await filtre.getByRole('button', { name: 'Charger' }).click();
    const rows = page.getByRole('tabpanel').getByRole('row');
    await expect(rows.nth(1)).toBeVisible({ timeout: 20_000 });
    await page.getByRole('tab', { name: 'Balance générale' }).click();
    const total = page
      .getByRole('table', { name: 'Balance générale' })
      .getByRole('row')
      .filter({ hasText: 'Total' });
    await expect(total).toBeVisible({ timeout: 20_000 });
    const cells = await total.getByRole('cell').allInnerTexts();
    expect(cells.at(-3)).toBe(cells.at(-2));
    // Its opération diverse goes to the company chosen, which the form names (required).
    await page.getByRole('button', { name: 'Ajouter une opération diverse' }).click();
    const od = page.getByRole('dialog', { name: 'Nouvelle opération diverse' });
    await expect(od.getByRole('combobox', { name: 'Entreprise' })).toBeVisible();
    await expect(
      od.locator('.ant-form-item').filter({ has: page.getByRole('combobox', { name: 'Entreprise' }) }),
    ).toContainText('Ogooué Logistique');
  });
});
