import { expect, type Locator, type Page } from '@playwright/test';
import { todayInGabon } from '@yams/shared';
import { callApi } from './session';

/**
 * Helpers of the operations specs (courses, demandes, paiements), signed in as OGOUE (accounts.ts): what a
 * test needs to exist before it starts is made through the API with the signed-in user's token, on rows of
 * its own; what the test is about goes through the UI.
 */

/** A call to the API as the signed-in user. */
export const api = callApi;

/** A unique token of a test run: letters only, usable in names and plates. */
export function stamp(): string {
  return Date.now().toString(36).toUpperCase().slice(-6) + Math.floor(Math.random() * 100);
}

/** A fresh vehicle of the company (free: 'Nouveau'), so parallel tests never share one. */
export async function newVehicule(page: Page): Promise<{ id: number; plaque: string }> {
  const plaque = `OP-${stamp()}`;
  const res = await api<{ id: number; plaque: string }>(page, '/api/vehicules', {
    plaque,
    marque: 'Renault',
    type_vehicule_id: (await api<Array<{ id: number }>>(page, '/api/types_vehicules')).data[0]!.id,
  });
  expect(res.success, JSON.stringify(res.message)).toBe(true);
  return res.data;
}

export async function vehiculeStatut(page: Page, id: number): Promise<string> {
  return (await api<{ statut: string }>(page, `/api/vehicules/${id}`)).data.statut;
}

/** A fresh client of the company, so a filter by client selects only what the test made. */
export async function newClient(page: Page, nom: string): Promise<{ id: number; nom_complet: string }> {
  const s = stamp().toLowerCase();
  const res = await api<{ id: number; nom_complet: string }>(page, '/api/utilisateurs', {
    type: 'client',
    name: `client.${s}`,
    email: `client.${s}@exemple.ga`,
    nom,
  });
  expect(res.success, JSON.stringify(res.message)).toBe(true);
  return res.data;
}

export async function villeId(page: Page, libelle: string): Promise<number> {
  const villes = (await api<Array<{ id: number; libelle: string }>>(page, '/api/villes')).data;
  return villes.find((v) => v.libelle === libelle)!.id;
}

export interface CourseMade {
  id: number;
  code: string;
  montant: number;
  vehicule: { id: number; plaque: string };
}

/**
 * A course 'Chargement en attente' for `client`: on a fresh vehicle unless `vehicule` is given, loading today
 * unless `date_chargement` says otherwise, Libreville → Lambaréné.
 */
export async function newCourse(
  page: Page,
  client: { id: number },
  options: {
    montant?: number;
    vehicule?: { id: number; plaque: string };
    date_chargement?: string;
    date_dechargement?: string;
  } = {},
): Promise<CourseMade> {
  const vehicule = options.vehicule ?? (await newVehicule(page));
  const res = await api<CourseMade>(page, '/api/courses', {
    client_id: client.id,
    vehicule_id: vehicule.id,
    type_course: 'Transport de marchandises',
    ville_depart_id: await villeId(page, 'Libreville'),
    ville_arrivee_id: await villeId(page, 'Lambaréné'),
    date_chargement: options.date_chargement ?? todayInGabon(),
    ...(options.date_dechargement ? { date_dechargement: options.date_dechargement } : {}),
    montant: options.montant ?? 100_000,
  });
  expect(res.success, JSON.stringify(res.message)).toBe(true);
  return { ...res.data, vehicule };
}

/**
 * Types into a searchable antd select and clicks the option whose text contains `option` (a text, or a
 * pattern naming the row itself: the list shown before the search's answer holds other rows too).
 */
export async function pick(
  page: Page,
  select: Locator,
  search: string,
  option: string | RegExp = search,
): Promise<void> {
  await select.click();
  await select.fill(search);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

/** Opens a screen by its address (one full load) and waits for its title with the total. */
export async function openScreen(
  page: Page,
  path: string,
  title: 'Courses' | 'Demandes' | 'Paiements',
  total?: number,
): Promise<void> {
  await page.goto(path);
  const name = total === undefined ? new RegExp(`^${title} \\(\\d+\\)`) : `${title} (${total})`;
  // A full page load on a busy machine: the screen's chunks may take a while.
  await expect(page.getByRole('heading', { name })).toBeVisible({ timeout: 30_000 });
}

/** The buttons of the detail dialog's footer, by name. */
export async function dialogButtons(dialog: Locator): Promise<string[]> {
  const texts = await dialog.locator('.ant-modal-footer button').allInnerTexts();
  return texts.map((t) => t.trim()).filter(Boolean);
}
