import type { Page } from '@playwright/test';
import { OGOUE, TRANSGABON } from './support/accounts';
import { expectToastFrom } from './support/clock';
import { choose, exportAs, filterPanel, readCsv, readXlsx, titleCount } from './support/list';
import { mailsFor } from './support/mail';
import { api } from './support/operations';
import { openHome } from './support/session';
import { expect, test } from './support/test';

/** A full page load (all the screen's chunks) on that machine. */
const RELOAD = 15_000;

// An account is created in Ogooué (its own identifier); the lists and exports are read in TransGabon,
// whose accounts no spec changes (support/accounts.ts): their totals are exact.

/** Follows the side bar from the home page, or opens a link (e.g. one of the home counters'). */
async function openScreen(page: Page, link?: string) {
  if (link) await page.goto(link);
  else {
    await openHome(page);
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Ressources Humaines' })
      .click();
  }
  // The first load of the app in the test's page: all its chunks.
  await expect(page.getByRole('heading', { name: /^Ressources Humaines \(\d+\)/ })).toBeVisible({
    timeout: 30_000,
  });
}

test.describe('Ogooué', () => {
  test.use({ account: OGOUE });

  test('filtrer par type (gardé au rechargement), créer, ouvrir, modifier, bloquer et activer un compte', async ({
    page,
  }) => {
    // The page's fake clock, paused around each 3-s success toast so none can be missed: see support/clock.ts.
    await page.clock.install();
    await openScreen(page);
    const filters = filterPanel(page);

    // Filter by type: the chip, the URL and the rows agree, and a reload keeps it.
    await choose(page, filters.getByRole('combobox', { name: 'Type', exact: true }), 'Agent controleur');
    await filters.getByRole('button', { name: 'Appliquer' }).click();
    await expect(page).toHaveURL(/\?type=agent$/);
    const chips = page.getByRole('list', { name: 'Filtres actifs' });
    await expect(chips).toContainText('Type : Agent controleur');
    const table = page.getByRole('table');
    await expect(table.getByRole('row').nth(1)).toContainText('Agent controleur');
    await page.reload();
    await expect(chips).toContainText('Type : Agent controleur', { timeout: RELOAD });
    await expect(table.getByRole('row').nth(1)).toContainText('Agent controleur');
    await expect(table.getByRole('row')).not.toContainText(['Camionneur']);

    // Create an agent: the owner gets an invitation mail.
    const id = `agent.${Date.now()}`;
    const email = `${id}@ogooue-logistique.ga`;
    await page.getByRole('button', { name: 'Ajouter un utilisateur' }).click();
    const create = page.getByRole('dialog', { name: 'Nouvel utilisateur' });
    await choose(page, create.getByRole('combobox', { name: 'Type', exact: true }), 'Agent controleur');
    await create.getByLabel('Identifiant').fill(id);
    await create.getByLabel('Email').fill(email);
    await create.getByLabel('Nom / Raison sociale').fill('Moussavou');
    await create.getByLabel('Prénom', { exact: true }).fill('Inès');
    await expectToastFrom(
      page,
      page.getByText('Utilisateur créé. Un email lui a été envoyé pour choisir son mot de passe.'),
      () => create.getByRole('button', { name: 'Enregistrer' }).click(),
    );
    await expect(create).toBeHidden();
    await expect.poll(() => mailsFor(email).length).toBe(1);
    // What the API stored.
    const stored = await api<Array<{ name: string; type: string; nom: string; email: string }>>(
      page,
      `/api/utilisateurs?search=${id}`,
    );
    expect(stored.data).toMatchObject([{ name: id, type: 'agent', nom: 'Moussavou', email }]);

    // Find it with the search filter and open it.
    await filters.getByLabel('Rechercher').fill(id);
    await filters.getByRole('button', { name: 'Appliquer' }).click();
    await expect(page).toHaveURL(new RegExp(`search=${id.replace('.', '\\.')}`));
    await expect(page.getByRole('heading', { name: 'Ressources Humaines (1)' })).toBeVisible();
    await table.getByRole('cell', { name: id, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Utilisateur ${id}` });
    await expect(dialog).toContainText('Moussavou');
    await expect(dialog).toContainText('Actif');

    // Edit: a successful save closes the dialog and the list shows the change.
    await dialog.getByRole('button', { name: 'Modifier' }).click();
    await dialog.getByLabel('Téléphone', { exact: true }).fill('+241 077 12 34 56');
    await expectToastFrom(page, page.getByText('Utilisateur modifié.'), () =>
      dialog.getByRole('button', { name: 'Enregistrer' }).click(),
    );
    await expect(dialog).toBeHidden();
    await expect(table.getByRole('row').nth(1)).toContainText('+241 077 12 34 56');

    // Block, then activate, from the detail dialog.
    await table.getByRole('cell', { name: id, exact: true }).click();
    await dialog.getByRole('button', { name: 'Bloquer' }).click();
    await expectToastFrom(page, page.getByText('Le compte a été bloqué.'), () =>
      page.getByRole('tooltip').getByRole('button', { name: 'Oui' }).click(),
    );
    await expect(dialog).toContainText('Bloqué');
    await expectToastFrom(page, page.getByText('Le compte a été activé.'), () =>
      dialog.getByRole('button', { name: 'Activer' }).click(),
    );
    await expect(dialog).toContainText('Actif');
    await expect(dialog.getByRole('button', { name: 'Bloquer' })).toBeVisible();
  });
});

test.describe('TransGabon', () => {
  test.use({ account: TRANSGABON });

  test('un lien de l’accueil (?sous_type=entreprise) filtre la liste ; une erreur du serveur s’affiche sous son champ', async ({
    page,
  }) => {
    await openScreen(page, '/ressources-humaines?sous_type=entreprise');
    await expect(page.getByRole('list', { name: 'Filtres actifs' })).toContainText('Sous-type : Entreprise');
    await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText('Entreprise');
    // Removing the chip removes it from the URL too.
    await page.getByRole('button', { name: 'Retirer le filtre Sous-type' }).click();
    await expect(page).toHaveURL(/\/ressources-humaines$/);
    await expect(page.getByRole('list', { name: 'Filtres actifs' })).toBeHidden();

    // The shared schema speaks first, then the server (an email already used).
    await page.getByRole('button', { name: 'Ajouter un utilisateur' }).click();
    const create = page.getByRole('dialog', { name: 'Nouvel utilisateur' });
    await create.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(create.getByText("L'identifiant est obligatoire.")).toBeVisible();
    await choose(page, create.getByRole('combobox', { name: 'Type', exact: true }), 'Coursier');
    await create.getByLabel('Identifiant').fill(`doublon.${Date.now()}`);
    await create.getByLabel('Email').fill(TRANSGABON);
    await create.getByLabel('Nom / Raison sociale').fill('Doublon');
    await create.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(create.getByText('Cette adresse email est déjà utilisée.')).toBeVisible();
    await expect(create).toBeVisible();
  });

  test('la vue en cartes est retenue, et l’export CSV et Excel contient toute la sélection', async ({
    page,
  }) => {
    await openScreen(page, '/ressources-humaines?type=camionneur');
    const total = await titleCount(page, 'Ressources Humaines');
    expect(total).toBeGreaterThan(0);

    await page.getByText('Cartes', { exact: true }).click();
    const cards = page.getByRole('list', { name: 'Ressources Humaines (cartes)' });
    await expect(cards.getByRole('listitem').first()).toContainText('Camionneur');
    await page.reload();
    await expect(cards.getByRole('listitem')).toHaveCount(Math.min(total, 6), { timeout: RELOAD });

    const csv = await exportAs(page, 'CSV');
    expect(csv.download.suggestedFilename()).toMatch(/^utilisateurs-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readCsv(csv.file);
    expect(lines[0]).toEqual(['Identifiant', 'Type', 'Nom / Raison sociale', 'Email', 'Téléphone', 'État']);
    expect(lines).toHaveLength(total + 1);
    for (const line of lines.slice(1)) expect(line[1]).toBe('Camionneur');

    const xlsx = await exportAs(page, 'Excel (.xlsx)');
    expect(xlsx.download.suggestedFilename()).toMatch(/\.xlsx$/);
    const sheet = await readXlsx(xlsx.file);
    expect(sheet[0]).toEqual(lines[0]);
    expect(sheet).toHaveLength(total + 1);
    expect(sheet.slice(1).map((r) => r[0])).toEqual(lines.slice(1).map((l) => l[0]));
  });

  test.describe('sur un téléphone (390 px)', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('cartes par défaut, filtres dans un panneau repliable, détail en pleine largeur', async ({
      page,
    }) => {
      await openScreen(page, '/ressources-humaines');
      const filters = filterPanel(page);
      await expect(filters).toBeHidden();
      await page.getByRole('button', { name: /^Filtres/ }).click();
      await choose(page, filters.getByRole('combobox', { name: 'Type', exact: true }), 'Camionneur');
      await filters.getByRole('button', { name: 'Appliquer' }).click();
      const cards = page.getByRole('list', { name: 'Ressources Humaines (cartes)' });
      await expect(cards.getByRole('listitem').first()).toContainText('Camionneur');

      await cards.getByRole('listitem').first().click();
      const dialog = page.getByRole('dialog', { name: /^Utilisateur / });
      await expect(dialog).toBeVisible();
      const box = (await dialog.boundingBox())!;
      expect(box.width).toBeGreaterThan(360);
      await expect(dialog.getByRole('button', { name: 'Modifier' })).toBeVisible();
    });
  });
});
