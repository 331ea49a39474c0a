import { expect, type Page, test } from '@playwright/test';
import { frenchDate } from './support/fleet';
import { choose, exportAs, filterPanel, readCsv, readXlsx, titleCount } from './support/list';
import { signInToHome } from './support/session';

// User journeys of a dozen round trips each: 20-40 s on a quiet 2-core machine, much more when it is shared.
test.describe.configure({ timeout: 90_000 });
/** A full page load (all the screen's chunks) on that machine. */
const RELOAD = 15_000;

const COMPANY = 'direction@ogooue-logistique.ga';

async function openClients(page: Page) {
  await signInToHome(page, COMPANY);
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await nav.getByText('Opérations').click();
  await nav.getByRole('link', { name: 'Clients', exact: true }).click();
  await expect(page).toHaveURL(/\/operations\/clients$/);
  await expect(page.getByRole('heading', { name: /^Clients \(\d+\)/ })).toBeVisible();
}

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

/** The name of one of the company's agents (the commercial select lists them). */
async function firstCommercial(page: Page): Promise<string> {
  const answer = await page.evaluate(async () => {
    const token = JSON.parse(localStorage.getItem('yams.session')!).token as string;
    const res = await fetch('/api/utilisateurs?type=agent&limit=1', {
      headers: { Authorization: `Bearer ${token}` },
    });
    return (await res.json()) as { data: Array<{ nom_complet: string }> };
  });
  return answer.data[0]!.nom_complet;
}

test('trier par une colonne porte sur tous les clients, dans les deux sens, et reste au rechargement', async ({
  page,
}) => {
  await openClients(page);
  const table = page.getByRole('table');
  const header = table.getByRole('columnheader', { name: 'Téléphone' });
  const firstPhone = () => table.getByRole('row').nth(1).getByRole('cell').nth(1).innerText();
  // What the API says the extremes are, over every page.
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('yams.session') ?? '{}').token);
  const extreme = async (sort: string) => {
    const res = await page.request.get(`/api/utilisateurs?type=client&page=1&per_page=1&sort=${sort}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return (await res.json()).data.data[0].telephone1 as string;
  };
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
  // Another test may add a client meanwhile.
  expect(csv.length - 1).toBeGreaterThanOrEqual(total);
  for (const line of csv.slice(1)) expect(line[4]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);

  const sheet = await readXlsx((await exportAs(page, 'Excel (.xlsx)')).file);
  expect(sheet[0]).toEqual(csv[0]);
  expect(sheet.length - 1).toBeGreaterThanOrEqual(total);
});

test.describe('sur un téléphone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('les clients en cartes, le tableau sur demande, le détail en pleine largeur', async ({ page }) => {
    await signInToHome(page, COMPANY);
    await page.goto('/operations/clients');
    await expect(page.getByRole('heading', { name: /^Clients \(\d+\)/ })).toBeVisible({ timeout: RELOAD });
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
