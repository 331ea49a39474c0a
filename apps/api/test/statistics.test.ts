import {
  addDays,
  COURSE_STATUTS_OUVERTS,
  debutMois,
  finMois,
  joursEntre,
  type Periode,
  periodeBornes,
  tendance,
  todayInGabon,
} from '@yams/shared';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { courses, interventions, paiements, users, vehicules } from '../src/db/schema';
import { decoupage, decoupageDistinct } from '../src/modules/statistics/statistics.repository';
import { data, type Fixtures, failed, type Json, setupFixtures } from './fixtures';

// Every statistic is checked against a naive computation in JavaScript over the base rows (courses,
// paiements, interventions, vehicules) of the seeded database, never against the aggregates it is read from.

let ctx: Fixtures;
let nouveauId: number;
beforeAll(async () => {
  ctx = await setupFixtures();
  const [n] = await ctx.t.database.db.select().from(users).where(eq(users.email, 'nouveau@yams.ga'));
  nouveauId = n!.id;
});

type Row = {
  id: number;
  entreprise_id: number;
  client_id: number;
  chauffeur_id: number | null;
  vehicule_id: number;
  type_course: string;
  statut: string;
  montant: number;
  chargement: Date;
  dechargement: Date | null;
};

/** Libreville day of an instant (UTC+1). */
const dayOf = (d: Date) => new Date(d.getTime() + 3_600_000).toISOString().slice(0, 10);

async function base() {
  const db = ctx.t.database.db;
  const cs = (await db.select().from(courses)).map(
    (r): Row => ({
      ...r,
      chargement: new Date(r.date_chargement),
      dechargement: r.date_dechargement ? new Date(r.date_dechargement) : null,
    }),
  );
  return {
    courses: cs,
    paiements: await db.select().from(paiements),
    interventions: await db.select().from(interventions),
    vehicules: await db.select().from(vehicules),
    users: await db.select().from(users),
  };
}
type Base = Awaited<ReturnType<typeof base>>;

/** The naive figures of a company (or of all, for null) over a day range. */
function naive(b: Base, entreprise: number | null, debut: string, fin: string) {
  const mine = <T extends { entreprise_id: number | null }>(rows: T[]) =>
    rows.filter((r) => entreprise === null || r.entreprise_id === entreprise);
  const inRange = (day: string) => day >= debut && day <= fin;
  const period = mine(b.courses).filter((r) => inRange(dayOf(r.chargement)));
  const valid = period.filter((r) => r.statut !== 'Annulé');
  const sum = (rows: Row[]) => rows.reduce((s, r) => s + r.montant, 0);
  const group = <K>(rows: Row[], key: (r: Row) => K) => {
    const m = new Map<K, Row[]>();
    for (const r of rows) m.set(key(r), [...(m.get(key(r)) ?? []), r]);
    return m;
  };
  const nom = (id: number) => {
    const u = b.users.find((x) => x.id === id)!;
    return [u.nom, u.prenom].filter(Boolean).join(' ').trim() || u.name;
  };
  return {
    kpis: {
      coursesCount: valid.length,
      coursesAnnulees: period.length - valid.length,
      chiffreAffaires: sum(valid),
      clientsCount: new Set(valid.map((r) => r.client_id)).size,
      driversCount: new Set(valid.filter((r) => r.chauffeur_id).map((r) => r.chauffeur_id)).size,
    },
    valid,
    period,
    byType: [...group(period, (r) => r.type_course)].map(([type, rs]) => ({
      type,
      count: rs.length,
      montant: sum(rs.filter((r) => r.statut !== 'Annulé')),
    })),
    byStatus: [...group(period, (r) => r.statut)].map(([status, rs]) => ({ status, count: rs.length })),
    topClients: [...group(valid, (r) => r.client_id)]
      .map(([id, rs]) => ({ client_id: id, nomClient: nom(id), montant: sum(rs), coursesCount: rs.length }))
      .sort((a, z) => z.montant - a.montant || a.client_id - z.client_id)
      .slice(0, 10),
    topDrivers: [
      ...group(
        valid.filter((r) => r.chauffeur_id),
        (r) => r.chauffeur_id!,
      ),
    ]
      .map(([id, rs]) => ({
        chauffeur_id: id,
        nomChauffeur: nom(id),
        coursesCount: rs.length,
        montant: sum(rs),
      }))
      .sort(
        (a, z) => z.coursesCount - a.coursesCount || z.montant - a.montant || a.chauffeur_id - z.chauffeur_id,
      )
      .slice(0, 10),
    paiements: (() => {
      const m = new Map<string, { count: number; montant: number }>();
      for (const p of mine(b.paiements)) {
        if (p.statut !== 'Validé' || !inRange(p.date_operation)) continue;
        const cur = m.get(p.mode) ?? { count: 0, montant: 0 };
        m.set(p.mode, { count: cur.count + 1, montant: cur.montant + p.montant });
      }
      return [...m].map(([mode, v]) => ({ mode, ...v }));
    })(),
    maintenance: (() => {
      const m = new Map<number, { montant: number; interventions: number }>();
      for (const i of mine(b.interventions)) {
        if (i.statut !== 'Confirmé' || !inRange(i.date_debut)) continue;
        const cur = m.get(i.vehicule_id) ?? { montant: 0, interventions: 0 };
        m.set(i.vehicule_id, { montant: cur.montant + i.montant, interventions: cur.interventions + 1 });
      }
      return [...m]
        .map(([id, v]) => ({ vehicule_id: id, plaque: b.vehicules.find((x) => x.id === id)!.plaque, ...v }))
        .sort((a, z) => z.montant - a.montant || a.plaque.localeCompare(z.plaque))
        .slice(0, 15);
    })(),
  };
}

const sortBy = <T>(rows: T[], key: (r: T) => string) =>
  [...rows].sort((a, z) => key(a).localeCompare(key(z)));
const get = async (url: string, token = ctx.A.token) => data(await ctx.t.get(url, token));
const today = () => todayInGabon();

const QUERIES: Array<[string, string]> = [
  ['jour', 'periode=jour'],
  ['semaine', 'periode=semaine'],
  ['mois', 'periode=mois'],
  ['annee', 'periode=annee'],
  ['personnalisée (90 jours)', `date_debut=${addDays(today(), -120)}&date_fin=${addDays(today(), -31)}`],
  // Whole years, whole months and days at both edges: every grain of the aggregates at once.
  [
    'personnalisée (plusieurs années)',
    `date_debut=${addDays(today(), -1000)}&date_fin=${addDays(today(), -3)}`,
  ],
];

describe('a period cut into the aggregates’ grains', () => {
  const jours = (debut: string, fin: string) => {
    const out: string[] = [];
    for (let d = debut; d <= fin; d = addDays(d, 1)) out.push(d);
    return out;
  };
  /** The days a piece's rows hold: a year row its year, a month row its month, a day row its day. */
  const couverts = (m: ReturnType<typeof decoupage>[number]) =>
    jours(m.debut, m.fin)
      .filter((d) => (m.grain === 'A' ? d.endsWith('-01-01') : m.grain === 'M' ? d.endsWith('-01') : true))
      .flatMap((d) =>
        m.grain === 'J'
          ? [d]
          : jours(
              d,
              m.grain === 'A' ? `${d.slice(0, 4)}-12-31` : addDays(`${addDays(d, 32).slice(0, 8)}01`, -1),
            ),
      );

  it('covers every day of the range exactly once', () => {
    const jour = fc.integer({ min: 0, max: 2000 }).map((n) => addDays('2022-01-01', n));
    fc.assert(
      fc.property(jour, fc.integer({ min: 0, max: 1200 }), (debut, n) => {
        const fin = addDays(debut, n);
        const vus = decoupage({ debut, fin }).flatMap(couverts).sort();
        expect(vus).toEqual(jours(debut, fin));
      }),
      { seed: 10, numRuns: 300 },
    );
  });

  /** For counting people: a piece up to `jusqua` holds its month's or year's days up to that day. */
  const vus = (m: ReturnType<typeof decoupage>[number]) =>
    couverts(m).filter((d) => !m.jusqua || (d >= m.debut && d <= m.jusqua));

  it('covers every day of the range exactly once, also when counting distinct people', () => {
    const jour = fc.integer({ min: 0, max: 2000 }).map((n) => addDays('2022-01-01', n));
    fc.assert(
      fc.property(jour, fc.integer({ min: 0, max: 1200 }), (debut, n) => {
        const fin = addDays(debut, n);
        const pieces = decoupageDistinct({ debut, fin });
        expect(pieces.flatMap(vus).sort()).toEqual(jours(debut, fin));
        // At most one piece stops inside its unit, and it is the last one (the range's end).
        expect(pieces.slice(0, -1).filter((m) => m.jusqua)).toEqual([]);
      }),
      { seed: 11, numRuns: 300 },
    );
  });

  it('reads the previous period of the KPIs’ trends as one row per person', () => {
    // 'Cette année' on 23 November against last year's 1 January → 23 November, 'Ce mois' likewise.
    expect(decoupageDistinct({ debut: '2025-01-01', fin: '2025-11-23' })).toEqual([
      { grain: 'A', debut: '2025-01-01', fin: '2025-01-01', jusqua: '2025-11-23' },
    ]);
    expect(decoupageDistinct({ debut: '2026-10-01', fin: '2026-10-23' })).toEqual([
      { grain: 'M', debut: '2026-10-01', fin: '2026-10-01', jusqua: '2026-10-23' },
    ]);
    expect(decoupageDistinct({ debut: '2026-01-01', fin: '2026-12-31' })).toEqual([
      { grain: 'A', debut: '2026-01-01', fin: '2026-01-01' },
    ]);
    expect(decoupageDistinct({ debut: '2026-11-16', fin: '2026-11-22' })).toEqual([
      { grain: 'J', debut: '2026-11-16', fin: '2026-11-22' },
    ]);
  });

  it('reads a calendar year from its year rows alone', () => {
    expect(decoupage({ debut: '2026-01-01', fin: '2026-12-31' })).toEqual([
      { grain: 'A', debut: '2026-01-01', fin: '2026-01-01' },
    ]);
    expect(decoupage({ debut: '2026-11-01', fin: '2026-11-30' })).toEqual([
      { grain: 'M', debut: '2026-11-01', fin: '2026-11-01' },
    ]);
  });
});

function bornes(q: string) {
  const p = new URLSearchParams(q);
  return periodeBornes({
    periode: (p.get('periode') as Periode) ?? undefined,
    date_debut: p.get('date_debut') ?? undefined,
    date_fin: p.get('date_fin') ?? undefined,
  });
}

describe.each(QUERIES)('period %s', (_name, q) => {
  it('KPIs and their trend equal a naive count of the base rows', async () => {
    const b = await base();
    const p = bornes(q);
    const k = await get(`/api/statistiques/kpis?${q}`);
    const { courant, precedent } = p.comparaison;
    const now = naive(b, ctx.A.id, courant.debut, courant.fin).kpis;
    const before = naive(b, ctx.A.id, precedent.debut, precedent.fin).kpis;
    const prevues =
      courant.fin < p.fin ? naive(b, ctx.A.id, addDays(courant.fin, 1), p.fin).kpis.coursesCount : 0;
    // The cards count the same days as their trend (#24 §17).
    expect(k).toMatchObject({
      ...now,
      coursesPrevues: prevues,
      comparaison: { courant: now, precedent: before, bornes: p.comparaison },
    });
    for (const key of ['coursesCount', 'chiffreAffaires', 'clientsCount', 'driversCount'] as const) {
      expect(k.tendances[key]).toBe(tendance(now[key], before[key]));
    }
    expect(k.periode).toMatchObject({ debut: p.debut, fin: p.fin, precedent: p.precedent });
  });

  it('series, breakdowns, tops, payments and maintenance equal the naive figures', async () => {
    const b = await base();
    const p = bornes(q);
    const n = naive(b, ctx.A.id, p.debut, p.fin);
    const all: Json = await get(`/api/statistiques/tableau-de-bord?${q}`);
    // Each bucket of the series holds the courses of its own days (or hour).
    const bucket = (r: Row, point: Json) =>
      p.grain === 'heure'
        ? Number(point.label.slice(0, 2)) === new Date(r.chargement.getTime() + 3_600_000).getUTCHours()
        : dayOf(r.chargement) >= point.debut && dayOf(r.chargement) <= point.fin;
    for (const point of all.chiffreAffaires) {
      const rows = n.valid.filter((r) => bucket(r, point));
      expect(point.value, point.label).toBe(rows.reduce((s, r) => s + r.montant, 0));
    }
    for (const point of all.coursesCount) {
      expect(point.value, point.label).toBe(n.period.filter((r) => bucket(r, point)).length);
    }
    expect(all.coursesCount.reduce((s: number, x: Json) => s + x.value, 0)).toBe(n.period.length);
    expect(all.chiffreAffaires.reduce((s: number, x: Json) => s + x.value, 0)).toBe(n.kpis.chiffreAffaires);
    for (const serie of all.statutsSerie.series) {
      expect(serie.values.reduce((s: number, v: number) => s + v, 0)).toBe(
        n.period.filter((r) => r.statut === serie.status).length,
      );
    }
    expect(sortBy(all.repartitionByType, (x: Json) => x.type)).toEqual(sortBy(n.byType, (x) => x.type));
    expect(sortBy(all.repartitionByStatus, (x: Json) => x.status)).toEqual(
      sortBy(n.byStatus, (x) => x.status),
    );
    expect(all.topClients).toEqual(n.topClients);
    expect(all.topDrivers).toEqual(n.topDrivers);
    expect(sortBy(all.paiementsByMode, (x: Json) => x.mode)).toEqual(sortBy(n.paiements, (x) => x.mode));
    expect(all.coutMaintenance).toEqual(n.maintenance);
    // The spec's separate endpoints answer the same figures.
    expect(await get(`/api/statistiques/chiffre-affaires?${q}`)).toEqual(all.chiffreAffaires);
    expect(await get(`/api/statistiques/courses-count?${q}`)).toEqual(all.coursesCount);
    expect(await get(`/api/statistiques/top-clients?${q}`)).toEqual(all.topClients);
    expect(await get(`/api/statistiques/top-drivers?${q}`)).toEqual(all.topDrivers);
    expect(await get(`/api/statistiques/repartition-by-type?${q}`)).toEqual(all.repartitionByType);
    expect(await get(`/api/statistiques/repartition-by-status?${q}`)).toEqual(all.repartitionByStatus);
  });
});

it('the seeded data gives every chart something to draw this year', async () => {
  const all: Json = await get('/api/statistiques/tableau-de-bord?periode=annee');
  expect(all.kpis.coursesCount).toBeGreaterThan(50);
  expect(all.topClients).toHaveLength(10);
  expect(all.topDrivers.length).toBeGreaterThan(0);
  expect(all.repartitionByType.length).toBeGreaterThan(1);
  expect(all.repartitionByStatus.length).toBeGreaterThan(2);
  expect(all.paiementsByMode.length).toBeGreaterThan(1);
  expect(all.coutMaintenance.length).toBeGreaterThan(0);
  expect(all.utilisationFlotte.some((u: Json) => u.taux > 0)).toBe(true);
  expect(all.chiffreAffaires).toHaveLength(12);
});

it('fleet utilisation is the share of vehicle-days in course per vehicle type', async () => {
  const b = await base();
  const debut = addDays(today(), -40);
  const fin = addDays(today(), -10);
  const got: Json[] = await get(`/api/statistiques/utilisation-flotte?date_debut=${debut}&date_fin=${fin}`);
  const start = new Date(`${debut}T00:00:00+01:00`).getTime();
  const end = new Date(`${addDays(fin, 1)}T00:00:00+01:00`).getTime();
  const now = Date.now();
  const seconds = new Map<number, number>();
  for (const r of b.courses) {
    if (r.entreprise_id !== ctx.A.id || r.statut === 'Annulé') continue;
    const stop =
      r.dechargement?.getTime() ?? (COURSE_STATUTS_OUVERTS.includes(r.statut as never) ? now : null);
    if (stop === null) continue;
    const overlap = Math.min(stop, end) - Math.max(r.chargement.getTime(), start);
    if (overlap > 0) seconds.set(r.vehicule_id, (seconds.get(r.vehicule_id) ?? 0) + overlap / 1000);
  }
  const fleet = b.vehicules.filter((v) => v.entreprise_id === ctx.A.id);
  const days = 31;
  const types = new Set(fleet.map((v) => v.type_vehicule_id));
  expect(got).toHaveLength(types.size);
  for (const type of types) {
    const vs = fleet.filter((v) => v.type_vehicule_id === type);
    const inCourse = Math.min(
      vs.reduce((s, v) => s + (seconds.get(v.id) ?? 0), 0) / 86_400,
      vs.length * days,
    );
    const row = got.find((g) => g.type_vehicule_id === type)!;
    expect(row.vehicules).toBe(vs.length);
    expect(row.jours_disponibles).toBe(vs.length * days);
    expect(Math.abs(row.jours_en_course - inCourse)).toBeLessThanOrEqual(0.05 + 1e-9);
    expect(Math.abs(row.taux - (inCourse / (vs.length * days)) * 100)).toBeLessThanOrEqual(0.05 + 1e-9);
  }
  expect(got.some((g) => g.taux > 0)).toBe(true);
});

describe('writes move the figures in the same transaction', () => {
  it('a new course, its cancellation, a new amount and a deletion', async () => {
    const q = `date_debut=${addDays(today(), 300)}&date_fin=${addDays(today(), 300)}`;
    const before = await get(`/api/statistiques/tableau-de-bord?${q}`);
    expect(before.kpis.coursesCount).toBe(0);
    const [course] = await get('/api/courses?limit=1');
    const detail = await get(`/api/courses/${course.id}`);
    const [vehicule] = await get('/api/vehicules?statut=Disponible&limit=1');
    const body = {
      client_id: detail.client_id ?? detail.client?.id,
      vehicule_id: vehicule.id,
      type_course: 'Livraison',
      ville_depart_id: detail.ville_depart_id ?? detail.ville_depart?.id,
      ville_arrivee_id: detail.ville_arrivee_id ?? detail.ville_arrivee?.id,
      date_chargement: `${addDays(today(), 300)}T09:00`,
      montant: 123_456,
    };
    const created = data(await ctx.t.post('/api/courses', body, ctx.A.token));
    const after = await get(`/api/statistiques/kpis?${q}`);
    expect(after).toMatchObject({ coursesCount: 1, chiffreAffaires: 123_456, clientsCount: 1 });
    expect(
      (await get(`/api/statistiques/chiffre-affaires?${q}`)).find((p: Json) => p.label === '09h').value,
    ).toBe(123_456);
    data(await ctx.t.post(`/api/courses/${created.id}/update`, { montant: 200_000 }, ctx.A.token));
    expect((await get(`/api/statistiques/kpis?${q}`)).chiffreAffaires).toBe(200_000);
    data(await ctx.t.post(`/api/courses/${created.id}/destroy`, {}, ctx.A.token));
    expect(await get(`/api/statistiques/tableau-de-bord?${q}`)).toEqual(before);
    const again = data(await ctx.t.post('/api/courses', body, ctx.A.token));
    expect((await get(`/api/statistiques/kpis?${q}`)).coursesCount).toBe(1);
    data(await ctx.t.post(`/api/courses/${again.id}/statut`, { statut: 'Annulé' }, ctx.A.token));
    const cancelled = await get(`/api/statistiques/tableau-de-bord?${q}`);
    // Counted apart (the Courses list still shows it), never in the courses, the revenue or the clients.
    expect(cancelled.kpis).toMatchObject({
      coursesCount: 0,
      coursesAnnulees: 1,
      chiffreAffaires: 0,
      clientsCount: 0,
    });
    expect(cancelled.repartitionByStatus).toEqual([{ status: 'Annulé', count: 1 }]);
  });

  it('a course planned later in the period is counted apart, not in the cards nor the trend’s days so far', async () => {
    // The period so far is the whole period only while nothing is loaded after today (statistics.service).
    const periode = (['annee', 'mois', 'semaine'] as const).find((x) => bornes(`periode=${x}`).fin > today());
    const q = `periode=${periode ?? 'annee'}`;
    const p = bornes(q);
    const before = await get(`/api/statistiques/kpis?${q}`);
    const [vehicule] = await get('/api/vehicules?statut=Disponible&limit=1');
    const detail = await get(`/api/courses/${(await get('/api/courses?limit=1'))[0].id}`);
    const created = data(
      await ctx.t.post(
        '/api/courses',
        {
          client_id: detail.client_id ?? detail.client?.id,
          vehicule_id: vehicule.id,
          type_course: 'Livraison',
          ville_depart_id: detail.ville_depart_id ?? detail.ville_depart?.id,
          ville_arrivee_id: detail.ville_arrivee_id ?? detail.ville_arrivee?.id,
          date_chargement: `${p.fin}T09:00`,
          montant: 77_000,
        },
        ctx.A.token,
      ),
    );
    const after = await get(`/api/statistiques/kpis?${q}`);
    const planned = periode ? 1 : 0;
    expect(after.coursesCount).toBe(before.coursesCount + 1 - planned);
    expect(after.coursesPrevues).toBe(before.coursesPrevues + planned);
    expect(after.chiffreAffaires).toBe(before.chiffreAffaires + 77_000 * (1 - planned));
    expect(after.comparaison.courant.coursesCount).toBe(
      before.comparaison.courant.coursesCount + 1 - planned,
    );
    expect(after.comparaison.courant.chiffreAffaires).toBe(
      before.comparaison.courant.chiffreAffaires + 77_000 * (1 - planned),
    );
    const b = await base();
    const { courant } = p.comparaison;
    expect(after.comparaison.courant).toEqual(naive(b, ctx.A.id, courant.debut, courant.fin).kpis);
    data(await ctx.t.post(`/api/courses/${created.id}/destroy`, {}, ctx.A.token));
    expect(await get(`/api/statistiques/kpis?${q}`)).toEqual(before);
  });

  // Issue 24 §17: « Courses 90 » counted cancelled and future courses while the CA left them out.
  it('a card counts what it says: courses of the days so far, not cancelled; the trend over as many days', async () => {
    const periode = (['mois', 'annee'] as const).find((x) => bornes(`periode=${x}`).fin > today()) ?? 'mois';
    const q = `periode=${periode}`;
    const p = bornes(q);
    const before = await get(`/api/statistiques/kpis?${q}`);
    const detail = await get(`/api/courses/${(await get('/api/courses?limit=1'))[0].id}`);
    const vehicules = await get('/api/vehicules?statut=Disponible&limit=3');
    const course = async (i: number, date: string, montant: number) =>
      data(
        await ctx.t.post(
          '/api/courses',
          {
            client_id: detail.client_id ?? detail.client?.id,
            vehicule_id: vehicules[i].id,
            type_course: 'Livraison',
            ville_depart_id: detail.ville_depart_id ?? detail.ville_depart?.id,
            ville_arrivee_id: detail.ville_arrivee_id ?? detail.ville_arrivee?.id,
            date_chargement: date,
            montant,
          },
          ctx.A.token,
        ),
      );
    const done = await course(0, `${today()}T00:05`, 50_000);
    const cancelled = await course(1, `${today()}T00:10`, 60_000);
    data(await ctx.t.post(`/api/courses/${cancelled.id}/statut`, { statut: 'Annulé' }, ctx.A.token));
    const planned = p.fin > today() ? await course(2, `${p.fin}T09:00`, 70_000) : null;
    const after = await get(`/api/statistiques/kpis?${q}`);
    expect(after.coursesCount).toBe(before.coursesCount + 1);
    expect(after.chiffreAffaires).toBe(before.chiffreAffaires + 50_000);
    expect(after.coursesAnnulees).toBe(before.coursesAnnulees + 1);
    expect(after.coursesPrevues).toBe(before.coursesPrevues + (planned ? 1 : 0));
    // The card's figures are the trend's own, and the trend compares as many days of the previous period.
    expect(after.comparaison.courant).toMatchObject({
      coursesCount: after.coursesCount,
      chiffreAffaires: after.chiffreAffaires,
    });
    const { courant, precedent } = after.comparaison.bornes;
    expect(courant.fin).toBe(today());
    expect(joursEntre(precedent.debut, precedent.fin)).toBe(joursEntre(courant.debut, courant.fin));
    // Their vehicles freed for the other tests.
    for (const c of [done, planned]) {
      if (c) data(await ctx.t.post(`/api/courses/${c.id}/statut`, { statut: 'Annulé' }, ctx.A.token));
    }
  });

  it('the first day of a client’s month and year follows cancellations, moves and deletions', async () => {
    // A year with nothing yet: a client's courses on the 10th and 20th of March and on 15 June, then the
    // first of them cancelled, the second moved, then deleted. Each step, the distinct clients of ranges that
    // stop inside March or June (read from the month and year rows up to a day) equal the naive count.
    const y = Number(today().slice(0, 4)) + 2;
    const day = (md: string) => `${y}-${md}`;
    const ranges: Array<[string, string]> = [
      [day('03-01'), day('03-15')],
      [day('03-01'), day('03-25')],
      [day('03-01'), day('03-07')],
      [day('03-05'), day('03-31')],
      [day('01-01'), day('03-15')],
      [day('01-01'), day('06-14')],
      [day('01-01'), day('06-20')],
      [day('02-20'), day('06-15')],
    ];
    const check = async (step: string, expected: number[]) => {
      const b = await base();
      const counts: number[] = [];
      for (const [debut, fin] of ranges) {
        const k = await get(`/api/statistiques/kpis?date_debut=${debut}&date_fin=${fin}`);
        const n = naive(b, ctx.A.id, debut, fin).kpis;
        expect(k, `${step}: ${debut} → ${fin}`).toMatchObject(n);
        counts.push(k.clientsCount);
      }
      // The naive count itself moves as the steps say (the check above cannot pass on empty data).
      expect(counts, step).toEqual(expected);
    };
    await check('rien', [0, 0, 0, 0, 0, 0, 0, 0]);
    const vehicules = await get('/api/vehicules?statut=Disponible&limit=3');
    expect(vehicules).toHaveLength(3);
    const detail = await get(`/api/courses/${(await get('/api/courses?limit=1'))[0].id}`);
    const course = async (jour: string, i: number) =>
      data(
        await ctx.t.post(
          '/api/courses',
          {
            client_id: detail.client_id ?? detail.client?.id,
            vehicule_id: vehicules[i].id,
            type_course: 'Livraison',
            ville_depart_id: detail.ville_depart_id ?? detail.ville_depart?.id,
            ville_arrivee_id: detail.ville_arrivee_id ?? detail.ville_arrivee?.id,
            date_chargement: `${jour}T09:00`,
            montant: 50_000,
          },
          ctx.A.token,
        ),
      );
    const mars10 = await course(day('03-10'), 0);
    const mars20 = await course(day('03-20'), 1);
    const juin = await course(day('06-15'), 2);
    await check('trois courses', [1, 1, 0, 1, 1, 1, 1, 1]);
    data(await ctx.t.post(`/api/courses/${mars10.id}/statut`, { statut: 'Annulé' }, ctx.A.token));
    await check('le 10 mars annulé', [0, 1, 0, 1, 0, 1, 1, 1]);
    data(
      await ctx.t.post(
        `/api/courses/${mars20.id}/update`,
        { date_chargement: `${day('03-06')}T09:00` },
        ctx.A.token,
      ),
    );
    await check('le 20 mars avancé au 6', [1, 1, 1, 1, 1, 1, 1, 1]);
    data(await ctx.t.post(`/api/courses/${mars20.id}/destroy`, {}, ctx.A.token));
    await check('le 6 mars supprimé', [0, 0, 0, 0, 0, 0, 1, 1]);
    // The cancelled course stays (a course that has begun is cancelled, never deleted).
    data(await ctx.t.post(`/api/courses/${juin.id}/destroy`, {}, ctx.A.token));
    await check('juin supprimé', [0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('the aggregates kept incrementally equal a full rebuild', async () => {
    const db = ctx.t.database.db;
    const snapshot = async () => {
      const out: Record<string, unknown> = {};
      for (const t of [
        'stats_courses_jour',
        'stats_courses_clients',
        'stats_courses_chauffeurs',
        'stats_flotte',
        'stats_paiements_jour',
        'stats_premiers',
      ]) {
        const r = (await db.execute(
          sql.raw(
            `select * from ${t} where ${t === 'stats_flotte' ? 'secondes' : 'nb'} <> 0 order by 1, 2, 3, 4, 5`,
          ),
        )) as unknown as { rows: unknown[] };
        out[t] = JSON.stringify(r.rows);
      }
      return out;
    };
    const incremental = await snapshot();
    await db.execute(sql`select stats_rebuild()`);
    expect(await snapshot()).toEqual(incremental);
  });
});

describe('empty periods and empty companies', () => {
  it('a period without courses answers zeros and empty lists', async () => {
    const q = 'date_debut=1990-01-01&date_fin=1990-03-31';
    const all: Json = await get(`/api/statistiques/tableau-de-bord?${q}`);
    expect(all.kpis).toMatchObject({ coursesCount: 0, chiffreAffaires: 0, clientsCount: 0, driversCount: 0 });
    expect(all.kpis.tendances).toEqual({
      coursesCount: 0,
      chiffreAffaires: 0,
      clientsCount: 0,
      driversCount: 0,
    });
    expect(all.chiffreAffaires.map((p: Json) => p.label)).toEqual(['janv.', 'févr.', 'mars']);
    expect(all.chiffreAffaires.every((p: Json) => p.value === 0)).toBe(true);
    for (const k of [
      'topClients',
      'topDrivers',
      'repartitionByType',
      'repartitionByStatus',
      'paiementsByMode',
      'coutMaintenance',
    ])
      expect(all[k], k).toEqual([]);
    expect(all.statutsSerie.series).toEqual([]);
  });

  it('a company that has nothing yet', async () => {
    const all: Json = await get(
      `/api/statistiques/tableau-de-bord?periode=annee&entreprise=${nouveauId}`,
      ctx.admin,
    );
    expect(all.kpis).toMatchObject({ coursesCount: 0, chiffreAffaires: 0, clientsCount: 0, driversCount: 0 });
    expect(all.topClients).toEqual([]);
    expect(all.utilisationFlotte).toEqual([]);
    expect(all.objectif).toMatchObject({ objectif: 0, realise: 0, taux: null });
  });
});

describe('tenancy', () => {
  it('a company sees only its figures; the superadmin one company or the sum of all', async () => {
    const b = await base();
    const p = bornes('periode=annee');
    const kpisA = await get('/api/statistiques/kpis?periode=annee', ctx.A.token);
    const kpisB = await get('/api/statistiques/kpis?periode=annee', ctx.B.token);
    const { courant } = p.comparaison;
    expect(kpisA).toMatchObject(naive(b, ctx.A.id, courant.debut, courant.fin).kpis);
    expect(kpisB).toMatchObject(naive(b, ctx.B.id, courant.debut, courant.fin).kpis);
    // Naming another company changes nothing for a transporteur.
    expect(await get(`/api/statistiques/kpis?periode=annee&entreprise=${ctx.B.id}`, ctx.A.token)).toEqual(
      kpisA,
    );
    expect(await get(`/api/statistiques/kpis?periode=annee&entreprise=${ctx.A.id}`, ctx.admin)).toEqual(
      kpisA,
    );
    const all = await get('/api/statistiques/kpis?periode=annee', ctx.admin);
    expect(all.coursesCount).toBe(kpisA.coursesCount + kpisB.coursesCount);
    expect(all.chiffreAffaires).toBe(kpisA.chiffreAffaires + kpisB.chiffreAffaires);
    expect(all).toMatchObject(naive(b, null, courant.debut, courant.fin).kpis);
    const tops = await get('/api/statistiques/top-clients?periode=annee', ctx.B.token);
    const tgClients = new Set(b.courses.filter((r) => r.entreprise_id === ctx.A.id).map((r) => r.client_id));
    const ogClients = new Set(b.courses.filter((r) => r.entreprise_id === ctx.B.id).map((r) => r.client_id));
    expect(tops.length).toBeGreaterThan(0);
    for (const t of tops) expect(ogClients.has(t.client_id) || !tgClients.has(t.client_id)).toBe(true);
    const allModes = await get('/api/statistiques/paiements-by-mode?periode=annee', ctx.admin);
    const tgModes = await get('/api/statistiques/paiements-by-mode?periode=annee', ctx.A.token);
    const ogModes = await get('/api/statistiques/paiements-by-mode?periode=annee', ctx.B.token);
    const total = (rows: Json[]) => rows.reduce((s, r) => s + r.montant, 0);
    expect(total(allModes)).toBe(total(tgModes) + total(ogModes));
    // Every figure of the superadmin's whole-platform dashboard is the sum of the two companies'.
    const board = async (token: string) => get('/api/statistiques/tableau-de-bord?periode=annee', token);
    const [A, T, O] = [await board(ctx.admin), await board(ctx.A.token), await board(ctx.B.token)];
    expect(T.kpis.coursesCount).toBeGreaterThan(0);
    expect(O.kpis.coursesCount).toBeGreaterThan(0);
    for (const serie of ['chiffreAffaires', 'coursesCount'] as const) {
      expect(
        A[serie].map((p: Json) => p.value),
        serie,
      ).toEqual(T[serie].map((p: Json, i: number) => p.value + O[serie][i].value));
    }
    const byKey = (rows: Json[], key: string, value: string) => {
      const m = new Map<string, number>();
      for (const r of rows) m.set(r[key], (m.get(r[key]) ?? 0) + r[value]);
      return m;
    };
    const summed = (key: string, value: string, ...lists: Json[][]) =>
      Object.fromEntries(byKey(lists.flat(), key, value));
    expect(summed('status', 'count', A.repartitionByStatus)).toEqual(
      summed('status', 'count', T.repartitionByStatus, O.repartitionByStatus),
    );
    expect(summed('type', 'montant', A.repartitionByType)).toEqual(
      summed('type', 'montant', T.repartitionByType, O.repartitionByType),
    );
    expect(summed('mode', 'count', A.paiementsByMode)).toEqual(
      summed('mode', 'count', T.paiementsByMode, O.paiementsByMode),
    );
    // The platform's fleet is every company's vehicles (the fixtures have more companies than these two).
    const vehicules = (u: Json[]) => u.reduce((s, r) => s + r.vehicules, 0);
    expect(vehicules(A.utilisationFlotte)).toBe(b.vehicules.length);
    expect(vehicules(T.utilisationFlotte)).toBe(
      b.vehicules.filter((v) => v.entreprise_id === ctx.A.id).length,
    );
  });

  it('the monthly target is the company setting', async () => {
    data(
      await ctx.t.post('/api/entreprise/parametres/update', { objectif_mensuel: 10_000_000 }, ctx.A.token),
    );
    const o = await get('/api/statistiques/objectif?periode=mois', ctx.A.token);
    const b = await base();
    const m = naive(b, ctx.A.id, debutMois(today()), finMois(today())).kpis.chiffreAffaires;
    expect(o).toEqual({
      mois: today().slice(0, 7),
      objectif: 10_000_000,
      realise: m,
      taux: Math.round((m / 10_000_000) * 1000) / 10,
    });
    expect((await get('/api/statistiques/objectif?periode=mois', ctx.B.token)).objectif).toBe(0);
    expect((await get('/api/statistiques/objectif?periode=mois', ctx.admin)).objectif).toBe(10_000_000);
    // The platform's target and revenue are the sums of the companies'.
    data(await ctx.t.post('/api/entreprise/parametres/update', { objectif_mensuel: 4_000_000 }, ctx.B.token));
    const objectifB = await get('/api/statistiques/objectif?periode=mois', ctx.B.token);
    const all = await get('/api/statistiques/objectif?periode=mois', ctx.admin);
    expect(all).toMatchObject({ objectif: 14_000_000, realise: o.realise + objectifB.realise });
    data(await ctx.t.post('/api/entreprise/parametres/update', { objectif_mensuel: 0 }, ctx.B.token));
  });
});

describe('bad input', () => {
  it('is refused in French', async () => {
    failed(
      await ctx.t.get('/api/statistiques/kpis?periode=trimestre', ctx.A.token),
      422,
      'La période doit être « jour », « semaine », « mois » ou « annee ».',
    );
    failed(
      await ctx.t.get('/api/statistiques/kpis?date_debut=2026-01-01', ctx.A.token),
      422,
      'Une période personnalisée demande une date de début et une date de fin.',
      'date_fin',
    );
    failed(
      await ctx.t.get('/api/statistiques/kpis?date_debut=2026-02-01&date_fin=2026-01-01', ctx.A.token),
      422,
      'La date de fin doit être postérieure ou égale à la date de début.',
      'date_fin',
    );
    failed(
      await ctx.t.get('/api/statistiques/kpis?date_debut=2026-02-30&date_fin=2026-03-01', ctx.A.token),
      422,
      'La date de début doit être une date au format AAAA-MM-JJ.',
    );
    failed(
      await ctx.t.get('/api/statistiques/kpis?entreprise=999999', ctx.admin),
      422,
      "Cette entreprise n'existe pas.",
      'entreprise',
    );
    failed(await ctx.t.get('/api/statistiques/kpis'), 401, 'Vous devez vous connecter pour continuer.');
  });
});

describe('top clients over several years (statistics.repository.ts topParBorne)', () => {
  // 1,100 clients of company B, more than the three rounds of the all-time order read (64, 256, 1,024):
  // first with courses in the range only (the all-time order settles the top), then with large courses
  // six years ago (that order says nothing of the range: the plain sum answers). Both equal the naive top.
  it('equal the naive top whether the all-time order settles it or not', async () => {
    const db = ctx.t.database.db;
    const an = Number(today().slice(0, 4));
    const [ref] = (
      (await db.execute(sql`
        select (select id from vehicules where entreprise_id = ${ctx.B.id} order by id limit 1) as vehicule,
               (select ville_depart_id from courses where entreprise_id = ${ctx.B.id} limit 1) as ville`)) as unknown as {
        rows: Array<{ vehicule: number; ville: number }>;
      }
    ).rows;
    const inserer = (annees: number[], montant: string) =>
      db.execute(sql`
        insert into courses (entreprise_id, code, client_id, vehicule_id, type_course, ville_depart_id,
                             ville_arrivee_id, date_chargement, montant, statut)
        select ${ctx.B.id}, 'TOP-' || u.id || '-' || y, u.id, ${ref!.vehicule}, 'Livraison', ${ref!.ville},
               ${ref!.ville}, make_timestamptz(y, 6, 15, 9, 0, 0, 'UTC'), ${sql.raw(montant)}, 'Terminé'
        from users u cross join unnest(${`{${annees.join(',')}}`}::int[]) as y
        where u.entreprise_id = ${ctx.B.id} and u.name like 'Client borne %'`);
    await db.execute(sql`
      insert into users (type, name, nom, entreprise_id)
      select 'client', 'Client borne ' || g, 'Borne ' || g, ${ctx.B.id} from generate_series(1, 1100) as g`);
    await inserer([an - 3, an - 2, an - 1, an], '100000 + (u.id * 7919 + y * 104729) % 1000000');
    const q = `date_debut=${an - 3}-03-01&date_fin=${addDays(today(), -2)}`;
    const attendu = async () => {
      const p = bornes(q);
      return naive(await base(), ctx.B.id, p.debut, p.fin).topClients;
    };
    const avant = await get(`/api/statistiques/top-clients?${q}`, ctx.B.token);
    expect(avant).toHaveLength(10);
    expect(avant).toEqual(await attendu());
    await inserer([an - 6], '90000000 - (u.id * 7919) % 5000 * 10000');
    const apres = await get(`/api/statistiques/top-clients?${q}`, ctx.B.token);
    expect(apres).toEqual(avant);
    // Over the old year too, the order is the all-time one again.
    const tout = `date_debut=${an - 7}-01-01&date_fin=${addDays(today(), -2)}`;
    const p = bornes(tout);
    expect(await get(`/api/statistiques/top-clients?${tout}`, ctx.B.token)).toEqual(
      naive(await base(), ctx.B.id, p.debut, p.fin).topClients,
    );
    expect(apres).not.toEqual(await get(`/api/statistiques/top-clients?${tout}`, ctx.B.token));
  });
});
