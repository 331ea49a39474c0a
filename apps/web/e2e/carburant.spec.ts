import { expect, type Page } from '@playwright/test';
import { OGOUE, TRANSGABON } from './support/accounts';
import { api, chooseTyping, frenchDate, uniquePlate } from './support/fleet';
import { choose, filterPanel, titleCount } from './support/list';
import { test } from './support/test';

// TransGabon's demo fills are read (never changed); a fill is added in Ogooué, on a truck of the test's own.

async function openCarburant(page: Page) {
  await page.goto('/parc-auto/carburant');
  await expect(page.getByRole('heading', { name: /^Carburant \(\d+\)/ })).toBeVisible({ timeout: 30_000 });
}

test.describe('TransGabon', () => {
  test.use({ account: TRANSGABON });

  test('la liste montre l’année de pleins de démonstration, leurs anomalies et la consommation par véhicule', async ({
    page,
  }) => {
    await openCarburant(page);
    const total = await api<number>(page, '/api/carburant?req_count=1');
    expect(total).toBeGreaterThan(300);
    expect(await titleCount(page, 'Carburant')).toBe(total);
    // The newest fill first, with its plate, litres and amount in FCFA.
    const first = (
      await api<{ data: Array<{ vehicule: { plaque: string } }> }>(page, '/api/carburant?page=1&per_page=1')
    ).data[0]!;
    const row = page.getByRole('table').first().getByRole('row').nth(1);
    await expect(row).toContainText(first.vehicule.plaque);
    await expect(row).toContainText(/FCFA/);

    // Only the fills with an anomaly: the planted ones of the demo, each with its tag.
    const filters = filterPanel(page);
    await choose(page, filters.getByRole('combobox', { name: 'Anomalie' }), 'Oui');
    await filters.getByRole('button', { name: 'Appliquer' }).click();
    const flagged = await api<number>(page, '/api/carburant?anomalie=oui&req_count=1');
    expect(flagged).toBeGreaterThanOrEqual(2);
    await expect(page.getByRole('heading', { name: `Carburant (${flagged})` })).toBeVisible();
    await expect(page.getByText('Deux pleins trop rapprochés').first()).toBeVisible();
    await expect(page.getByText('Consommation au-dessus de la référence').first()).toBeVisible();

    const conso = page
      .getByRole('region', { name: /Consommation par véhicule/ })
      .or(page.locator('.ant-card').filter({ hasText: 'Consommation par véhicule' }));
    await expect(conso.getByText(/L\/100 km/).first()).toBeVisible();
  });
});

test.describe('Ogooué', () => {
  test.use({ account: OGOUE });

  test('un plein ajouté au-dessus du réservoir est enregistré et son anomalie affichée', async ({ page }) => {
    const types = await api<Array<{ id: number }>>(page, '/api/types_vehicules?limit=1');
    const v = await api<{ id: number; plaque: string }>(page, '/api/vehicules', {
      plaque: uniquePlate('CAR'),
      marque: 'Renault Trucks',
      modele: 'K 440',
      type_vehicule_id: types[0]!.id,
      capacite_reservoir: 400,
      consommation_reference: 34,
    });
    await openCarburant(page);

    await page.getByRole('button', { name: 'Ajouter un plein' }).click();
    const create = page.getByRole('dialog', { name: 'Nouveau plein' });
    await create.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(create.getByText('Les litres sont obligatoires.')).toBeVisible();
    await chooseTyping(page, create.getByRole('combobox', { name: 'Véhicule' }), v.plaque);
    await create.getByLabel('Date').fill(`${frenchDate(-1)} 08:00`);
    await create.getByLabel('Date').press('Tab');
    await create.getByLabel('Litres').fill('450');
    await create.getByLabel('Prix au litre').fill('690');
    await create.getByLabel('Kilométrage').fill('120000');
    await create.getByLabel('Station').fill('Total Owendo');
    await create.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Le plein a été enregistré, avec 1 anomalie.')).toBeVisible();
    await expect(create).toBeHidden();

    // What the API stored: the amount from litres × price, the anomaly raised once.
    const stored = await api<Array<{ id: number; montant: number; anomalies: Array<{ code: string }> }>>(
      page,
      `/api/carburant?vehicule=${v.id}&limit=10`,
    );
    expect(stored.map((p) => [p.montant, p.anomalies.map((a) => a.code)])).toEqual([[310_500, ['capacite']]]);

    // Filtered on the truck: the row shows the anomaly; its detail says why.
    const filters = filterPanel(page);
    await chooseTyping(page, filters.getByRole('combobox', { name: 'Véhicule' }), v.plaque);
    await filters.getByRole('button', { name: 'Appliquer' }).click();
    await expect(page.getByRole('heading', { name: 'Carburant (1)' })).toBeVisible();
    const row = page.getByRole('table').first().getByRole('row').nth(1);
    await expect(row).toContainText('310.500 FCFA');
    await expect(row).toContainText('Litres au-dessus de la capacité du réservoir');
    await row.click();
    const detail = page.getByRole('dialog', { name: new RegExp(`Plein n° ${stored[0]!.id}`) });
    await expect(detail).toContainText('450 L pour un réservoir de 400 L.');
    await expect(detail).toContainText('Aucun reçu joint.');
  });
});
