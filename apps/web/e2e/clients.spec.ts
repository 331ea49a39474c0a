import type { Page } from '@playwright/test';
import { OGOUE, TRANSGABON } from './support/accounts';
import { api, frenchDate } from './support/fleet';
import { choose, exportAs, filterPanel, readCsv, readXlsx, titleCount } from './support/list';
import { openHome } from './support/session';
import { expect, test } from './support/test';

/** A full page load (all the screen's chunks) on that machine. */
const RELOAD = 15_000;

// A client is created in Ogooué (a name of its own); the whole list's order and export are read in
// TransGabon, whose clients no spec changes (support/accounts.ts): its total is exact.

async function openClients(page: Page) {
  await openHome(page);
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await nav.getByText('Opérations').click();
  await nav.getByRole('link', { name: 'Clients', exact: true }).click();
  await expect(page).toHaveURL(/\/operations\/clients$/);
  await expect(page.getByRole('heading', { name: /^Clients \(\d+\)/ })).toBeVisible();
}

test.describe('Ogooué', () => {
  test.use({ account: OGOUE });

  test('créer un client, le retrouver par le filtre (gardé au rechargement), l’ouvrir, le modifier, le bloquer', async ({
    page,
  }) => {
    await openClients(page);
    const stamp = Date.now();
    const nom = `Scierie Nkok ${stamp}`;

    await page.getByRole('button', { name: 'Ajouter un client' }).click();
    const create = page.getByRole('dialog', { name: 'Nouveau client' });
    await create.getByLabel('Identifiant').fill(`scierie.${stamp}`);
    await create.getByLabel('Email').fill(`contact.${stamp}@scierie-nkok.ga`);
    await create.getByLabel('Nom / Raison sociale').fill(nom);
    await create.getByLabel('Téléphone', { exact: true }).fill('+241 011 70 00 00');
    await create.getByLabel('Adresse').fill('Zone économique de Nkok');
    await choose(page, create.getByRole('combobox', { name: 'Commercial' }), await firstCommercial(page));
    await create.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(create).toBeHidden();
    // The new client is in the list at once (the list opens newest first), and still after a reload.
    await expect(page.getByRole('table').getByRole('row').filter({ hasText: nom })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('table').getByRole('row').filter({ hasText: nom })).toBeVisible({
      timeout: RELOAD,
    });

    const filters = filterPanel(page);
    await filters.getByLabel('Rechercher').fill(nom);
    await filters.getByRole('button', { name: 'Appliquer' }).click();
    await expect(page.getByRole('heading', { name: 'Clients (1)' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Clients (1)' })).toBeVisible({ timeout: RELOAD });
    await expect(page.getByRole('list', { name: 'Filtres actifs' })).toContainText(`Rechercher : ${nom}`);

    const row = page.getByRole('table').getByRole('row').nth(1);
    await expect(row).toContainText('Zone économique de Nkok');
    // Today in Libreville, where the row's date is shown (from 23:00 UTC it is already tomorrow there).
    await expect(row).toContainText(frenchDate());
    await row.click();
    const dialog = page.getByRole('dialog', { name: `Client ${nom}` });
    await expect(dialog).toContainText('+241 011 70 00 00');

    await dialog.getByRole('button', { name: 'Modifier' }).click();
    await dialog.getByLabel('Adresse').fill('Owendo, zone portuaire');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Owendo, zone portuaire');

    await row.click();
    await dialog.getByRole('button', { name: 'Bloquer' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Oui' }).click();
    await expect(dialog).toContainText('Bloqué');
    await dialog.getByRole('button', { name: 'Activer' }).click();
    await expect(dialog).toContainText('Actif');
  });
});

/** The name of the company's first agent, a seeded one (the commercial select lists them). */
async function firstCommercial(page: Page): Promise<string> {
  return (await api<Array<{ nom_complet: string }>>(page, '/api/utilisateurs?type=agent&limit=1'))[0]!
    .nom_complet;
}

test.describe('TransGabon', () => {
  test.use({ account: TRANSGABON });

  test('trier par une colonne porte sur tous les clients, dans les deux sens, et reste au rechargement', async ({
    page,
  }) => {
    await openClients(page);
    const table = page.getByRole('table');
    const header = table.getByRole('columnheader', { name: 'Téléphone' });
    const firstPhone = () => table.getByRole('row').nth(1).getByRole('cell').nth(1).innerText();
    // What the API says the extremes are, over every page.
    const extreme = async (sort: string) =>
      (
        await api<{ data: Array<{ telephone1: string }> }>(
          page,
          `/api/utilisateurs?type=client&page=1&per_page=1&sort=${sort}`,
        )
      ).data[0]!.telephone1;
    await header.click();
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect.poll(firstPhone).toBe(await extreme('telephone1'));
    await header.click();
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(firstPhone).toBe(await extreme('-telephone1'));
    await page.reload();
    await expect(table.getByRole('columnheader', { name: 'Téléphone' })).toHaveAttribute(
      'aria-sort',
      'descending',
      {
        timeout: RELOAD,
      },
    );
    await expect.poll(firstPhone).toBe(await extreme('-telephone1'));
  });

  test('la vue en cartes et l’export de tous les clients (toutes les pages) en CSV et Excel', async ({
    page,
  }) => {
    await openClients(page);
    const total = await titleCount(page, 'Clients');
    expect(total).toBeGreaterThan(100); // More than one page of the export.

    await page.getByText('Cartes', { exact: true }).click();
    await expect(page.getByRole('list', { name: 'Clients (cartes)' }).getByRole('listitem')).toHaveCount(6);

    const csv = readCsv((await exportAs(page, 'CSV')).file);
    expect(csv[0]).toEqual(['Client', 'Téléphone', 'Adresse', 'Commercial', "Date d'inscription", 'Email']);
    expect(csv.length - 1).toBe(total);
    for (const line of csv.slice(1)) expect(line[4]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);

    const sheet = await readXlsx((await exportAs(page, 'Excel (.xlsx)')).file);
    expect(sheet[0]).toEqual(csv[0]);
    expect(sheet.length - 1).toBe(total);
  });

  test.describe('sur un téléphone (390 px)', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('les clients en cartes, le tableau sur demande, le détail en pleine largeur', async ({ page }) => {
      await page.goto('/operations/clients');
      await expect(page.getByRole('heading', { name: /^Clients \(\d+\)/ })).toBeVisible({ timeout: 30_000 });
      const cards = page.getByRole('list', { name: 'Clients (cartes)' });
      await expect(cards.getByRole('listitem')).toHaveCount(6);
      await page.getByText('Tableau', { exact: true }).click();
      await expect(page.getByRole('table')).toBeVisible();
      await page.getByText('Cartes', { exact: true }).click();
      await cards.getByRole('listitem').first().click();
      const dialog = page.getByRole('dialog', { name: /^Client / });
      expect((await dialog.boundingBox())!.width).toBeGreaterThan(360);
      await expect(dialog.getByRole('button', { name: 'Modifier' })).toBeVisible();
    });
  });
});
