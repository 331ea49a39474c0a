import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { OGOUE } from './support/accounts';
import { api, newClient, newCourse, stamp } from './support/operations';
import { expect, test } from './support/test';

test.use({ account: OGOUE });

/**
 * The Content-Security-Policy the API sends (plugins/security.ts) is one the built app passes: every screen
 * of the route table, the login pages, the public tracking page, an invoice PDF download and the maps load
 * without a single violation. A violation is caught twice: the `securitypolicyviolation` DOM event, and
 * Chromium's console error ("…violates the following Content Security Policy directive…").
 */

interface RouteLine {
  path: string;
  title: string;
  access: string;
}

/** The route table of base/paths.ts: a screen added there is checked here without editing this file. */
function routeTable(): RouteLine[] {
  const source = fs.readFileSync(path.resolve(import.meta.dirname, '../src/base/paths.ts'), 'utf8');
  const lines: RouteLine[] = [];
  for (const block of source.split(/\n\s*\{\s*\n\s*name: /).slice(1)) {
    const field = (name: string) => new RegExp(`\\b${name}: '([^']*)'`).exec(block)?.[1];
    const [p, title, access] = [field('path'), field('title'), field('access')];
    if (p && title && access) lines.push({ path: p, title, access });
  }
  return lines;
}

// One transparent pixel: the tiles the policy lets through are answered here, no network needed.
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** Records every CSP violation of the page (all its loads) and counts the map tiles asked for. */
async function watch(page: Page) {
  const violations: string[] = [];
  const tiles: string[] = [];
  await page.exposeFunction('__cspViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation(v: string): void }).__cspViolation(
        `${e.violatedDirective} ${e.blockedURI} (${e.sourceFile}:${e.lineNumber}) sur ${location.pathname}`,
      );
    });
  });
  page.on('console', (msg) => {
    if (/content security policy/i.test(msg.text())) violations.push(`console: ${msg.text()}`);
  });
  await page.route(/tile\.openstreetmap\.(org|fr)|arcgisonline\.com/, (route) => {
    tiles.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL });
  });
  return { violations, tiles };
}

/** A screen is shown: its title in the tab, its requests answered, nothing loading any more. */
async function settled(page: Page, title: string) {
  await expect(page).toHaveTitle(`${title} — Yams Manager`, { timeout: 30_000 });
  await page.waitForLoadState('networkidle', { timeout: 30_000 });
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 30_000 });
}

test.describe('sans compte', () => {
  test.use({ account: null });

  test('la politique de sécurité du contenu (CSP) ne bloque rien sur les pages de connexion', async ({
    page,
  }) => {
    const { violations } = await watch(page);
    // The policy is there (otherwise nothing could be violated).
    const home = await page.goto('/se-connecter');
    expect(home!.headers()['content-security-policy']).toContain("script-src 'self'");
    const guests = routeTable().filter((r) => r.access === 'guest');
    expect(guests.map((r) => r.path)).toContain('/se-connecter'); // A loop over nothing would pass unseen.
    for (const guest of guests) {
      await page.goto(guest.path);
      await settled(page, guest.title);
      expect(violations, guest.path).toEqual([]);
    }
  });
});

/**
 * Opens `path` inside the already loaded app, as a click on a link would (the router follows the history's
 * popstate): the screen's code and requests run under the policy of the page, without a full reload.
 */
async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === path);
}

// Every screen of the navigation, in two halves run side by side: the first one loaded, the others opened
// from inside the app (each screen's code, styles, requests and maps run under the page's policy).
const SCREENS = routeTable().filter((r) => r.access === 'private' && !r.path.includes(':'));
for (const half of [0, 1]) {
  test(`la CSP ne bloque rien sur les écrans de la navigation (${half + 1}/2)`, async ({ page }) => {
    expect(SCREENS.length).toBeGreaterThan(20);
    expect(SCREENS.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/operations/adresses', '/comptabilite/factures']),
    );
    const mine = SCREENS.filter((_, i) => i % 2 === half);
    expect(mine.length).toBeGreaterThan(10);
    const { violations } = await watch(page);
    await page.goto(mine[0]!.path);
    for (const screen of mine) {
      if (screen !== mine[0]) await navigate(page, screen.path);
      await settled(page, screen.title);
      expect(violations, screen.path).toEqual([]);
    }
  });
}

test('la CSP laisse passer les cartes, le PDF d’une facture et la page publique de suivi', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const { violations, tiles } = await watch(page);

  // The addresses map draws its tiles.
  await page.goto('/operations/adresses');
  await expect(page.getByRole('application', { name: 'Carte des adresses' })).toBeVisible({
    timeout: 60_000,
  });
  await expect.poll(() => tiles.length, { timeout: 20_000 }).toBeGreaterThan(0);
  await expect(page.locator('.leaflet-tile-loaded').first()).toBeAttached({ timeout: 20_000 });

  // Comptabilité → Factures: an invoice of this test, its PDF downloaded from the detail.
  const client = await newClient(page, `Client CSP ${stamp()}`);
  const facture = await api<{ id: number }>(page, '/api/factures', {
    date_operation: '2026-04-10',
    type: 'Normale',
    client_id: client.id,
    appliquer_tva: true,
    taux_tva: 18,
    lignes: [{ description: 'Transport Owendo – Ntoum', qte: 1, prix_unitaire: 150_000 }],
  });
  expect(facture.success, JSON.stringify(facture.message)).toBe(true);
  await page.goto(`/comptabilite/factures?id=${facture.data.id}`);
  const detail = page.getByRole('dialog', { name: `Facture (brouillon n°${facture.data.id})` });
  await expect(detail).toBeVisible({ timeout: 30_000 });
  const downloading = page.waitForEvent('download', { timeout: 30_000 });
  await detail.getByRole('button', { name: 'Télécharger en PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`facture-brouillon-${facture.data.id}.pdf`);
  expect(
    fs
      .readFileSync((await download.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // The public tracking page of a course, opened without an account, with its map.
  const course = await newCourse(page, client);
  const placed = await api(page, `/api/courses/${course.id}/update`, {
    adresse_chargement: 'Port d’Owendo',
    chargement_lat: 0.2915,
    chargement_lng: 9.5031,
  });
  expect(placed.success, JSON.stringify(placed.message)).toBe(true);
  const lien = await api<{ chemin: string }>(page, `/api/courses/${course.id}/suivi`, {});
  expect(lien.success, JSON.stringify(lien.message)).toBe(true);
  const visitor = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Africa/Libreville' });
  const pub = await visitor.newPage();
  const outside = await watch(pub);
  await pub.goto(lien.data.chemin);
  await expect(pub.getByRole('heading', { name: `Course ${course.code}` })).toBeVisible({ timeout: 30_000 });
  await expect(pub.getByRole('application', { name: 'Carte du suivi' })).toBeVisible();
  await expect.poll(() => outside.tiles.length, { timeout: 20_000 }).toBeGreaterThan(0);
  await visitor.close();

  expect(outside.violations).toEqual([]);
  expect(violations).toEqual([]);
});

test('la documentation de l’API (swagger-ui) s’affiche sous sa propre politique', async ({ page }) => {
  const { violations } = await watch(page);
  const res = await page.goto('/api/docs');
  expect(res!.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { name: /Yams Manager API/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('/api/login').first()).toBeVisible();
  expect(violations).toEqual([]);
});
