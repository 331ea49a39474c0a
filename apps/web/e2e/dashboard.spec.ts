import type { Locator, Page } from '@playwright/test';
import { ADMIN, openNewCompany, TRANSGABON } from './support/accounts';
import { api } from './support/fleet';
import { newClient, newCourse, pick } from './support/operations';
import { expect, test } from './support/test';

test.use({ account: TRANSGABON });

const CHARTS = [
  "Chiffre d'affaires",
  'Objectif mensuel',
  'Courses par jour',
  'Courses par statut',
  'Courses par type',
  'Paiements par mode',
  'Top 10 Clients',
  'Top 10 Chauffeurs',
  'Utilisation de la flotte',
  'Coût de maintenance par véhicule',
];
const card = (page: Page, title: string) =>
  page.locator('.ant-card').filter({ has: page.getByText(title, { exact: true }) });
const kpi = (page: Page, title: string) => page.locator(`[data-kpi="${title}"] .ant-statistic-content`);
const group = (n: number) => n.toLocaleString('de-DE');

async function openDashboard(page: Page, query = '') {
  await page.goto(`/tableau-de-bord${query}`);
  await expect(page.getByRole('heading', { name: 'Tableau de bord', level: 3 })).toBeVisible({
    timeout: 30_000,
  });
  await expect(kpi(page, 'Courses')).toBeVisible({ timeout: 30_000 });
}

async function expectChart(c: Locator) {
  await expect(c.locator('canvas')).toBeVisible();
  await expect(c.getByText('Aucune donnée disponible')).toHaveCount(0);
}

type Kpis = { coursesCount: number; chiffreAffaires: number; clientsCount: number; driversCount: number };
type KpisOut = Kpis & {
  tendances: Record<keyof Kpis, number | null>;
  comparaison: { bornes: { precedent: { debut: string; fin: string } } };
};
const ddmm = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

test('every chart draws the year; a new company sees zeros and the empty message; the whole dashboard exports', async ({
  page,
}) => {
  await openDashboard(page, '?periode=annee');
  const stats = await api<Kpis>(page, '/api/statistiques/kpis?periode=annee');
  await expect(kpi(page, 'Courses')).toHaveText(group(stats.coursesCount));
  await expect(kpi(page, "Chiffre d'affaires")).toHaveText(`${group(stats.chiffreAffaires)} FCFA`);
  for (const title of CHARTS.filter((t) => t !== 'Objectif mensuel')) await expectChart(card(page, title));
  // PNG of a chart, Excel of everything.
  const png = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Enregistrer « Courses par type » en PNG' }).click();
  expect((await png).suggestedFilename()).toBe('courses-par-type.png');
  const xlsx = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporter en Excel' }).click();
  const file = await (await xlsx).path();
  const ExcelJS = (await import('exceljs')).default;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file!);
  expect(workbook.worksheets.map((w) => w.name)).toContain('Top clients');
  expect(workbook.getWorksheet('Indicateurs')!.getCell('B2').value).toBe(stats.coursesCount);
  expect(workbook.getWorksheet('Indicateurs')!.getCell('B3').value).toBe(stats.chiffreAffaires);

  // A company with nothing yet.
  await openNewCompany(page, 'Vide');
  await openDashboard(page);
  await expect(kpi(page, 'Courses')).toHaveText('0');
  await expect(kpi(page, "Chiffre d'affaires")).toHaveText('0 FCFA');
  for (const title of CHARTS.filter((t) => t !== 'Objectif mensuel')) {
    await expect(card(page, title).getByText('Aucune donnée disponible'), title).toBeVisible();
  }
  // No target yet: said once, and the pencil is there to set one.
  const objectif = card(page, 'Objectif mensuel');
  await expect(objectif.getByText('Aucun objectif mensuel défini')).toHaveCount(1);
  await expect(objectif.getByText('Aucune donnée disponible')).toHaveCount(0);
  await expect(objectif.getByRole('button', { name: "Modifier l'objectif mensuel" })).toBeVisible();
});

test('the period changes the figures', async ({ page }) => {
  await openDashboard(page);
  await expect(page.getByRole('radio', { name: 'Mois' })).toBeChecked();
  const seen: Record<string, string> = {};
  for (const [label, periode] of [
    ['Année', 'annee'],
    ['Jour', 'jour'],
    ['Semaine', 'semaine'],
    ['Mois', 'mois'],
  ] as const) {
    await page.getByText(label, { exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`periode=${periode}`));
    const stats = await api<Kpis>(page, `/api/statistiques/kpis?periode=${periode}`);
    await expect(kpi(page, 'Courses')).toHaveText(group(stats.coursesCount));
    await expect(kpi(page, 'Clients')).toHaveText(group(stats.clientsCount));
    seen[periode] = group(stats.coursesCount);
  }
  expect(seen.annee).not.toBe(seen.jour);
  // Custom range: the last 30 days, compared with the 30 days before.
  await page.getByText('Personnalisée', { exact: true }).click();
  await expect(page).toHaveURL(/date_debut=\d{4}-\d{2}-\d{2}&date_fin=/);
  const range = new URL(page.url()).searchParams;
  const custom = await api<KpisOut>(
    page,
    `/api/statistiques/kpis?date_debut=${range.get('date_debut')}&date_fin=${range.get('date_fin')}`,
  );
  await expect(kpi(page, 'Courses')).toHaveText(group(custom.coursesCount));
  const before = custom.comparaison.bornes.precedent;
  const courses = page.locator('[data-kpi="Courses"]');
  await expect(courses).toContainText(`vs ${ddmm(before.debut)}–${ddmm(before.fin)}`);
  const trend = custom.tendances.coursesCount;
  await expect(courses).toContainText(
    trend === null ? 'Nouveau' : trend === 0 ? '= 0 %' : `${Math.abs(trend).toLocaleString('fr-FR')} %`,
  );
});

// Issue 24 §17: « Courses » counted cancelled and future courses while the revenue left them out. Each card
// says what it counts (the days so far, cancelled apart, planned ones apart) and counts that.
test('each card counts what it says: the days so far, without cancelled or planned courses', async ({
  page,
}) => {
  await openNewCompany(page, 'Cartes');
  const client = await newClient(page, 'Client cartes');
  await newCourse(page, client, { montant: 150_000 });
  const annulee = await newCourse(page, client, { montant: 90_000 });
  await api(page, `/api/courses/${annulee.id}/statut`, { statut: 'Annulé' });
  const now = new Date();
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Libreville' }).format(now);
  const [y, m] = today.split('-').map(Number) as [number, number];
  const finMois = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  const planned = finMois > today;
  if (planned) {
    const later = await newCourse(page, client, { montant: 70_000 });
    await api(page, `/api/courses/${later.id}/update`, { date_chargement: `${finMois}T09:00` });
  }
  await openDashboard(page, '?periode=mois');
  await expect(kpi(page, 'Courses')).toHaveText('1');
  await expect(kpi(page, "Chiffre d'affaires")).toHaveText('150.000 FCFA');
  const jours = `du ${ddmm(`${today.slice(0, 8)}01`)} au ${ddmm(today)}`;
  await expect(page.locator('[data-kpi="Courses"]')).toContainText(
    `chargées ${jours}, hors annulées (1)${planned ? ' · 1 prévue ensuite' : ''}`,
  );
  await expect(page.locator('[data-kpi="Chiffre d\'affaires"]')).toContainText(
    `courses chargées ${jours}, hors annulées`,
  );
  await page.screenshot({ path: `/tmp/shots/h24b/dashboard-cartes-${page.viewportSize()!.width}.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(kpi(page, 'Courses')).toHaveText('1');
  await page.screenshot({ path: '/tmp/shots/h24b/dashboard-cartes-390.png', fullPage: true });
});

test('editing the monthly target moves the gauge', async ({ page }) => {
  // A company of its own with one course this month: its revenue is that course's amount, whatever the
  // other tests do meanwhile.
  await openNewCompany(page, 'Objectif');
  await newCourse(page, await newClient(page, 'Client objectif'), { montant: 180_000 });
  await openDashboard(page);
  // Target: twice this month's revenue, then exactly it.
  await expect(page.getByRole('radio', { name: 'Mois' })).toBeChecked();
  const o = await api<{ realise: number }>(page, '/api/statistiques/objectif?periode=mois');
  expect(o.realise).toBe(180_000);
  const gauge = card(page, 'Objectif mensuel');
  for (const [target, percent] of [
    [o.realise * 2, '50 %'],
    [o.realise, '100 %'],
  ] as const) {
    await gauge.getByRole('button', { name: "Modifier l'objectif mensuel" }).click();
    const input = page.getByRole('textbox', { name: 'Objectif mensuel' });
    await input.fill(String(target));
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect(page.getByText('Les paramètres de l’entreprise ont été enregistrés.')).toBeVisible();
    await expect(gauge.getByText(`sur ${group(target)} FCFA, ${percent}`)).toBeVisible();
    await expect(gauge.locator('canvas')).toBeVisible();
  }
});

/** Clicks the first slice of 'Courses par type' and checks the courses list it opens (same type, period). */
async function clickFirstType(page: Page, entreprise?: number) {
  const q = entreprise ? `&entreprise=${entreprise}` : '';
  const types = await api<Array<{ type: string; count: number }>>(
    page,
    `/api/statistiques/repartition-by-type?periode=annee${q}`,
  );
  const chart = page.getByRole('img', { name: 'Courses par type' });
  await chart.scrollIntoViewIfNeeded();
  await expect(chart.locator('canvas')).toBeVisible();
  const box = (await chart.boundingBox())!;
  // The donut is centred at 50 % / 45 %; its first slice starts at 12 o'clock and runs clockwise.
  const r = (Math.min(box.width, box.height) / 2) * 0.5;
  await page.mouse.click(box.x + box.width / 2 + 6, box.y + box.height * 0.45 - r);
  await expect(page).toHaveURL(/\/operations\/courses\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('type')).toBe(types[0]!.type);
  expect(url.searchParams.get('date_debut')).toMatch(/^\d{4}-01-01$/);
  expect(url.searchParams.get('date_fin')).toMatch(/^\d{4}-12-31$/);
  expect(url.searchParams.get('entreprise')).toBe(entreprise ? String(entreprise) : null);
  await expect(page.getByRole('heading', { name: `Courses (${types[0]!.count})` })).toBeVisible({
    timeout: 30_000,
  });
}

test('a click on a slice opens the courses of that type and period', async ({ page }) => {
  await openDashboard(page, '?periode=annee');
  await clickFirstType(page);
});

test.describe('superadmin', () => {
  test.use({ account: ADMIN });

  test('a superadmin sees the whole platform or one company, and a click keeps the company', async ({
    page,
  }) => {
    // The whole platform, which other specs add courses to meanwhile: the card shows exactly what the API
    // answered the page.
    const platform = page.waitForResponse((r) => {
      const url = new URL(r.url());
      return url.pathname === '/api/statistiques/tableau-de-bord' && !url.searchParams.has('entreprise');
    });
    await openDashboard(page, '?periode=annee');
    await expect(page.getByRole('combobox', { name: 'Entreprise' })).toBeVisible();
    await expect(page.getByTitle('Toutes les entreprises')).toBeVisible();
    const allCount = ((await (await platform).json()).data.kpis as Kpis).coursesCount;
    await expect(kpi(page, 'Courses')).toHaveText(group(allCount));
    const companies = await api<Array<{ id: number; nom_complet: string; entreprise_id: number | null }>>(
      page,
      '/api/utilisateurs?type=transporteur&limit=1000',
    );
    const tg = companies.find(
      (c) => (c.entreprise_id === null || c.entreprise_id === c.id) && /TransGabon/i.test(c.nom_complet),
    )!;
    // Searched by name: the companies are listed newest first, and the specs create many.
    await pick(page, page.getByRole('combobox', { name: 'Entreprise' }), 'TransGabon', tg.nom_complet);
    await expect(page).toHaveURL(new RegExp(`entreprise=${tg.id}`));
    const one = await api<Kpis>(page, `/api/statistiques/kpis?periode=annee&entreprise=${tg.id}`);
    expect(one.coursesCount).toBeGreaterThan(0);
    expect(one.coursesCount).toBeLessThan(allCount);
    await expect(kpi(page, 'Courses')).toHaveText(group(one.coursesCount));
    await expect(kpi(page, "Chiffre d'affaires")).toHaveText(`${group(one.chiffreAffaires)} FCFA`);
    await clickFirstType(page, tg.id);
  });
});
