import type { Page } from '@playwright/test';
import { formatMoney } from '@yams/shared';
import { OGOUE, TRANSGABON } from './support/accounts';
import {
  api,
  chooseTyping,
  createVehicle,
  frenchDate,
  isoDate,
  typeDate,
  uniquePlate,
} from './support/fleet';
import { choose, exportAs, filterPanel, readXlsx, titleCount } from './support/list';
import { stamp } from './support/operations';
import { expect, test } from './support/test';

// Interventions are made in Ogooué, on vehicles of the test's own; the whole list's export, the phone
// view and the connected users are read in TransGabon, which no spec changes (support/accounts.ts).

async function openInterventions(page: Page, path = '/parc-auto/interventions') {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: /^Interventions \(\d+\)/ })).toBeVisible({
    timeout: 30_000,
  });
}

interface Named {
  id: number;
  libelle?: string;
  nom?: string;
  reference?: string;
  montant?: number;
  prix_unitaire?: number;
  qte?: number;
}

test.describe('Ogooué', () => {
  test.use({ account: OGOUE });

  test('créer une intervention, la filtrer par véhicule (gardé au rechargement), la modifier', async ({
    page,
  }) => {
    const vehicle = await createVehicle(page, uniquePlate('INT'));
    const garage = (await api<Named[]>(page, '/api/garages?limit=1'))[0]!;
    const service = (await api<Named[]>(page, '/api/services?limit=1'))[0]!;
    await openInterventions(page);

    await page.getByRole('button', { name: 'Ajouter une intervention' }).click();
    const create = page.getByRole('dialog', { name: 'Nouvelle intervention' });
    await chooseTyping(page, create.getByRole('combobox', { name: 'Véhicule' }), vehicle.plaque);
    await chooseTyping(page, create.getByRole('combobox', { name: 'Garage' }), garage.nom!);
    await choose(page, create.getByRole('combobox', { name: 'Type' }), 'Réparation');
    // Enter confirms a typed date only: the half-filled form is neither sent nor checked.
    const debut = create.getByPlaceholder('Date de début');
    await debut.click();
    await debut.fill(frenchDate(-1));
    await debut.press('Enter');
    await expect(debut).toHaveValue(frenchDate(-1));
    await expect(create.locator('.ant-form-item-explain-error')).toHaveCount(0);
    await typeDate(create.getByPlaceholder('Date de fin'), frenchDate(2));
    await create.getByLabel('Description').fill('Fuite au circuit de freinage');
    // Its lines are entered at once: one service ×3, the total previewed.
    await create.getByRole('button', { name: 'Ajouter une ligne' }).click();
    await chooseTyping(
      page,
      create.getByRole('combobox', { name: 'Service de la ligne 1' }),
      service.libelle!,
    );
    await create.getByLabel('Quantité de la ligne 1').fill('3');
    await expect(create.getByTestId('montant-total')).toHaveText(
      `Montant total : ${formatMoney(3 * service.montant!)}`,
    );
    await create.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect(create).toBeHidden();

    // The vehicle filter: chip, URL, and kept across a reload.
    const filters = filterPanel(page);
    await chooseTyping(page, filters.getByRole('combobox', { name: 'Véhicule' }), vehicle.plaque);
    await filters.getByRole('button', { name: 'Appliquer' }).click();
    await expect(page).toHaveURL(new RegExp(`vehicule=${vehicle.id}`));
    await expect(page.getByRole('heading', { name: 'Interventions (1)' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Interventions (1)' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('list', { name: 'Filtres actifs' })).toContainText(
      `Véhicule : ${vehicle.plaque}`,
    );
    const row = page.getByRole('table').getByRole('row').nth(1);
    await expect(row).toContainText('Réparation');
    await expect(row).toContainText('Brouillon');
    await expect(row).toContainText(formatMoney(3 * service.montant!));
    const id = Number((await row.getByRole('cell').nth(1).textContent())!.trim());

    // Edit the type.
    await row.click();
    const dialog = page.getByRole('dialog', { name: `Intervention n° ${id}` });
    await expect(dialog).toContainText('Fuite au circuit de freinage');
    await dialog.getByRole('button', { name: 'Modifier' }).click();
    await choose(page, dialog.getByRole('combobox', { name: 'Type' }), 'Entretien');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Entretien');
  });

  test('saisir les lignes d’un brouillon (montant prévisualisé), le confirmer : le véhicule passe « En intervention »', async ({
    page,
  }) => {
    const vehicle = await createVehicle(page, uniquePlate('LIG'));
    const garage = (await api<Named[]>(page, '/api/garages?limit=1'))[0]!;
    const service = (await api<Named[]>(page, '/api/services?limit=1'))[0]!;
    // An article of its own: no other test moves its stock, shown in the option.
    const reference = `INT-${stamp()}`;
    const article = await api<Named>(page, '/api/articles', {
      reference,
      nom: `Plaquettes ${reference}`,
      qte: 12,
      prix_unitaire: 18_500,
    });
    const { id } = await api<{ id: number }>(page, '/api/interventions', {
      vehicule_id: vehicle.id,
      garage_id: garage.id,
      type: 'Réparation',
      date_debut: isoDate(-1),
      date_fin: isoDate(2),
      lignes: [],
    });
    await openInterventions(page, `/parc-auto/interventions?vehicule=${vehicle.id}`);
    const row = page.getByRole('table').getByRole('row').nth(1);
    await expect(row).toContainText(vehicle.plaque);
    const dialog = page.getByRole('dialog', { name: `Intervention n° ${id}` });

    // Lines: a service ×2 and an article, prices taken from the catalogue, the total previewed live.
    await row.click();
    const lines = dialog.getByRole('list', { name: "Lignes de l'intervention" });
    const total = dialog.getByTestId('montant-total');
    await expect(total).toHaveText(`Montant total : ${formatMoney(0)}`);
    await dialog.getByRole('button', { name: 'Ajouter une ligne' }).click();
    await chooseTyping(
      page,
      lines.getByRole('combobox', { name: 'Service de la ligne 1' }),
      service.libelle!,
    );
    await expect(dialog.getByLabel('Prix unitaire de la ligne 1')).toHaveValue(
      new Intl.NumberFormat('de-DE').format(service.montant!),
    );
    await dialog.getByLabel('Quantité de la ligne 1').fill('2');
    await expect(total).toHaveText(`Montant total : ${formatMoney(2 * service.montant!)}`);
    await dialog.getByRole('button', { name: 'Ajouter une ligne' }).click();
    await lines.getByRole('listitem', { name: 'Ligne 2' }).getByText('Article', { exact: true }).click();
    // Searched on the server by its name; the option shows its reference and its stock.
    const articleOption = `${article.reference} — ${article.nom} (stock : ${article.qte})`;
    await chooseTyping(
      page,
      lines.getByRole('combobox', { name: 'Article de la ligne 2' }),
      article.nom!,
      articleOption,
    );
    const expected = 2 * service.montant! + article.prix_unitaire!;
    await expect(total).toHaveText(`Montant total : ${formatMoney(expected)}`);
    // A negative price and a quantity of 0 keep what was typed and show the shared schema's messages.
    await dialog.getByRole('button', { name: 'Ajouter une ligne' }).click();
    const third = lines.getByRole('listitem', { name: 'Ligne 3' });
    await chooseTyping(
      page,
      lines.getByRole('combobox', { name: 'Service de la ligne 3' }),
      service.libelle!,
    );
    // The service fills the line's quantity and price: type over them once they are there.
    await expect(dialog.getByLabel('Quantité de la ligne 3')).not.toHaveValue('');
    await expect(dialog.getByLabel('Prix unitaire de la ligne 3')).not.toHaveValue('');
    await dialog.getByLabel('Prix unitaire de la ligne 3').fill('-500');
    await dialog.getByLabel('Prix unitaire de la ligne 3').blur();
    await expect(third.getByRole('alert')).toContainText(
      'Ligne 3 : Le prix unitaire ne peut pas être négatif.',
    );
    await dialog.getByLabel('Quantité de la ligne 3').fill('0');
    await dialog.getByLabel('Quantité de la ligne 3').blur();
    await expect(third.getByRole('alert')).toContainText('Ligne 3 : La quantité doit être au moins 1.');
    await expect(third.getByRole('alert')).toContainText(
      'Ligne 3 : Le prix unitaire ne peut pas être négatif.',
    );
    await expect(dialog.getByLabel('Prix unitaire de la ligne 3')).toHaveValue('-500');
    await expect(dialog.getByLabel('Quantité de la ligne 3')).toHaveValue('0');
    // A line removed leaves the total.
    await dialog.getByRole('button', { name: 'Retirer la ligne 3' }).click();
    await expect(lines.getByRole('listitem')).toHaveCount(2);
    await dialog.getByRole('button', { name: 'Enregistrer les lignes' }).click();
    await expect(row).toContainText(formatMoney(expected));

    // Confirm: read-only afterwards.
    await dialog.getByRole('button', { name: 'Confirmer' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Oui' }).click();
    await expect(dialog).toContainText('Confirmé');
    await expect(dialog.getByRole('button', { name: 'Modifier' })).toBeHidden();
    await expect(dialog.getByRole('button', { name: 'Supprimer' })).toBeHidden();
    await expect(dialog.getByRole('button', { name: 'Confirmer' })).toBeHidden();
    await expect(dialog.getByRole('button', { name: 'Ajouter une ligne' })).toBeHidden();
    await expect(dialog.getByRole('table', { name: "Lignes de l'intervention" })).toContainText(
      service.libelle!,
    );
    await dialog.getByRole('button', { name: 'Fermer', exact: true }).last().click();
    await expect(row).toContainText('Confirmé');

    // The intervention covers today: the vehicle is 'En intervention'.
    await page.goto(`/parc-auto/vehicules?search=${encodeURIComponent(vehicle.plaque)}`);
    await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText('En intervention', {
      timeout: 30_000,
    });
  });

  test('supprimer un brouillon, puis plusieurs d’un coup', async ({ page }) => {
    const vehicle = await createVehicle(page, uniquePlate('DEL'));
    const garage = (await api<Named[]>(page, '/api/garages?limit=1'))[0]!;
    for (const day of ['2026-01-10', '2026-01-12', '2026-01-14']) {
      await api(page, '/api/interventions', {
        vehicule_id: vehicle.id,
        garage_id: garage.id,
        type: 'Entretien',
        date_debut: day,
        lignes: [],
      });
    }
    await openInterventions(page, `/parc-auto/interventions?vehicule=${vehicle.id}`);
    await expect(page.getByRole('heading', { name: 'Interventions (3)' })).toBeVisible();

    await page.getByRole('table').getByRole('row').nth(1).click();
    const dialog = page.getByRole('dialog', { name: /^Intervention n° \d+$/ });
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Oui' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Interventions (2)' })).toBeVisible();

    await page.getByRole('table').getByRole('checkbox').first().check();
    await page.getByRole('button', { name: 'Supprimer la sélection' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Oui' }).click();
    await expect(page.getByRole('heading', { name: 'Interventions (0)' })).toBeVisible();
  });
});

test.describe('TransGabon', () => {
  test.use({ account: TRANSGABON });

  test('la vue en cartes et l’export Excel des réparations (toutes les pages)', async ({ page }) => {
    await openInterventions(page, '/parc-auto/interventions?type=R%C3%A9paration');
    await expect(page.getByRole('list', { name: 'Filtres actifs' })).toContainText('Type : Réparation');
    const total = await titleCount(page, 'Interventions');
    expect(total).toBeGreaterThan(6);

    await page.getByText('Cartes', { exact: true }).click();
    const cards = page.getByRole('list', { name: 'Interventions (cartes)' });
    await expect(cards.getByRole('listitem')).toHaveCount(6);
    await expect(cards.getByRole('listitem').first()).toContainText(/Intervention n° \d+/);

    const sheet = await readXlsx((await exportAs(page, 'Excel (.xlsx)')).file);
    expect(sheet[0]).toEqual([
      'N°',
      'Véhicule',
      'Garage',
      'Type',
      'Date de début',
      'Date de fin',
      'Montant',
      'Statut',
    ]);
    expect(sheet.length - 1).toBe(total);
    for (const line of sheet.slice(1)) {
      expect(line[3]).toBe('Réparation');
      expect(typeof line[6]).toBe('number');
      expect(['Brouillon', 'Confirmé']).toContain(line[7]);
    }
  });

  test('la liste des utilisateurs connectés, en lecture seule', async ({ page }) => {
    await page.goto('/utilisateurs-connectes');
    await expect(page.getByRole('heading', { name: /^Utilisateurs connectés \(\d+\)/ })).toBeVisible({
      timeout: 30_000,
    });
    // This tab's own socket joins a moment after the list first loads; the live update is presence.spec's
    // subject, so here a missed event (a loaded CI machine) is caught up by reloading the list.
    await expect
      .poll(
        async () => {
          const n = await titleCount(page, 'Utilisateurs connectés');
          if (n === 0) await page.reload();
          return n;
        },
        { timeout: 40_000, intervals: [2_000, 3_000, 5_000] },
      )
      // One line: TransGabon's account, the only one of the company the specs sign in (its other tabs, in
      // other tests, count in its line).
      .toBe(1);
    const me = page.getByRole('table').getByRole('row').filter({ hasText: TRANSGABON });
    await expect(me).toContainText('transgabon');
    await expect(page.getByRole('button', { name: /^Ajouter/ })).toHaveCount(0);
    await me.click();
    const dialog = page.getByRole('dialog', { name: 'Utilisateur transgabon' });
    await expect(dialog).toContainText(TRANSGABON);
    await expect(dialog.getByRole('button', { name: 'Modifier' })).toHaveCount(0);
  });

  test.describe('sur un téléphone (390 px)', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('cartes par défaut, détail en pleine largeur avec les lignes', async ({ page }) => {
      await openInterventions(page, '/parc-auto/interventions?statut=Brouillon');
      const cards = page.getByRole('list', { name: 'Interventions (cartes)' });
      await expect(cards.getByRole('listitem').first()).toContainText('Brouillon');
      await cards.getByRole('listitem').first().click();
      const dialog = page.getByRole('dialog', { name: /^Intervention n° \d+$/ });
      await expect(dialog.getByRole('button', { name: 'Ajouter une ligne' })).toBeVisible();
      expect((await dialog.boundingBox())!.width).toBeGreaterThan(360);
      await expect(dialog.getByRole('button', { name: 'Confirmer' })).toBeVisible();
    });
  });
});
