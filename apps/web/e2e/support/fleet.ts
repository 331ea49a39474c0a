import { expect, type Locator, type Page } from '@playwright/test';
import { callApi } from './session';

/** Calls the API with the signed-in user's token, to prepare data a test then uses through the screens. */
export async function api<T>(page: Page, path: string, body?: unknown): Promise<T> {
  const answer = await callApi<T>(page, path, body);
  expect(answer.success, JSON.stringify(answer.message)).toBe(true);
  return answer.data;
}

/** A unique plate for this run, in its canonical form (the API stores plates dashed): `E2-123456`. */
export function uniquePlate(prefix: string): string {
  const n = `${Date.now()}${Math.floor(Math.random() * 100)}`.slice(-6);
  return `${prefix}-${n}`;
}

/** `DD/MM/YYYY` of today + `days` in Libreville (the browser's time zone in the tests). */
export function frenchDate(days = 0): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('fr-FR', { timeZone: 'Africa/Libreville' }).format(d);
}

/** `YYYY-MM-DD` of today + `days` in Libreville. */
export function isoDate(days = 0): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Libreville' }).format(d);
}

/**
 * Types a date into an antd DatePicker (or one end of a RangePicker) and leaves the field, which keeps it
 * (Enter would also submit the form around it).
 */
export async function typeDate(input: Locator, text: string): Promise<void> {
  await input.click();
  await input.fill(text);
  await input.press('Tab');
}

/** A vehicle created through the API (type: the first vehicle type). */
export async function createVehicle(page: Page, plaque: string): Promise<{ id: number; plaque: string }> {
  const types = await api<Array<{ id: number }>>(page, '/api/types_vehicules?limit=1');
  return api(page, '/api/vehicules', {
    plaque,
    marque: 'Scania',
    modele: 'R 450',
    type_vehicule_id: types[0]!.id,
  });
}

/** Picks an option of a searchable antd select by typing it first (long lists are virtual). */
export async function chooseTyping(
  page: Page,
  select: Locator,
  typed: string,
  option = typed,
): Promise<void> {
  await select.click();
  await select.fill(typed);
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}
