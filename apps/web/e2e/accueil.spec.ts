import { expect, type Page, test } from '@playwright/test';
import { signInToHome } from './support/session';

/** What the API counts for the signed-in user: the number a card must show. */
async function apiCount(page: Page, path: string): Promise<number> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('yams.session') ?? '{}').token);
  const res = await page.request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  return (await res.json()).data as number;
}

const card = (page: Page, label: string) =>
  page.getByRole('listitem').filter({ has: page.getByText(label, { exact: true }) });

/** A counter's request, whatever the order and encoding of its parameters. */
const requestKey = (url: string) => {
  const u = new URL(url, 'http://x');
  return `${u.pathname}?${[...u.searchParams]
    .sort()
    .map(([k, v]) => `${k}=${v}`)
    .join('&')}`;
};

test('les neuf compteurs montrent les nombres de l’API et ouvrent leur liste', async ({ page }) => {
  // What the API answered the page for each counter (other tests running meanwhile add vehicles, clients
  // and connected users: a count read again later may already differ from what the card was given).
  const answered = new Map<string, number>();
  page.on('response', async (r) => {
    if (!r.url().includes('req_count=1') || r.status() !== 200) return;
    const body = await r.json().catch(() => null);
    if (typeof body?.data === 'number') answered.set(requestKey(r.url()), body.data);
  });
  await signInToHome(page, 'direction@transgabon.ga');
  const counters: Array<[string, string]> = [
    ['Véhicules', '/api/vehicules?req_count=1'],
    ['Courses', '/api/courses?req_count=1'],
    ['Réservations', '/api/demandes?statut=En%20attente&req_count=1'],
    ['Clients', '/api/utilisateurs?type=client&req_count=1'],
    ['Entreprises', '/api/utilisateurs?sous_type=entreprise&req_count=1'],
    ['Camionneurs', '/api/utilisateurs?sous_type=camionneur&req_count=1'],
    ['Coursiers', '/api/utilisateurs?sous_type=coursier&req_count=1'],
    ['Comptes', '/api/utilisateurs?req_count=1'],
    ['Utilisateurs connectés', '/api/utilisateurs/connected?req_count=1'],
  ];
  await expect(page.getByRole('list', { name: 'Compteurs' }).getByRole('listitem')).toHaveCount(9);
  for (const [label, path] of counters) {
    // The card shows the number the API gave it…
    await expect
      .poll(
        async () => {
          const n = answered.get(requestKey(path));
          const shown = await card(page, label).getByTestId('compteur').innerText();
          return n !== undefined && shown === n.toLocaleString('fr-FR');
        },
        { message: label },
      )
      .toBe(true);
    // …and that number is the API's count, give or take what other tests added since.
    const now = await apiCount(page, path);
    expect(Math.abs(now - answered.get(requestKey(path))!), label).toBeLessThanOrEqual(5);
  }
  // The demo company has vehicles and courses: the counters are not all zero.
  expect(await apiCount(page, '/api/courses?req_count=1')).toBeGreaterThan(100);

  await card(page, 'Camionneurs').getByRole('link').click();
  await expect(page).toHaveURL(/\/ressources-humaines\?sous_type=camionneur$/);
  await expect(page.getByRole('heading', { name: /Ressources Humaines/ })).toBeVisible();

  await page.goBack();
  await card(page, 'Réservations').getByRole('link').click();
  await expect(page).toHaveURL(/\/operations\/demandes\?statut=En(%20|\+)attente$/);

  await page.goBack();
  await card(page, 'Véhicules').getByRole('link').click();
  await expect(page).toHaveURL(/\/parc-auto\/vehicules$/);
});

test.describe('sur un téléphone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('les compteurs tiennent deux par ligne', async ({ page }) => {
    await signInToHome(page, 'direction@transgabon.ga');
    const first = await card(page, 'Véhicules').boundingBox();
    const second = await card(page, 'Courses').boundingBox();
    expect(first && second).toBeTruthy();
    expect(Math.abs(first!.y - second!.y)).toBeLessThan(2);
    expect(first!.width).toBeLessThan(200);
  });
});
