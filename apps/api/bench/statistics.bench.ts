// The statistics of `npm run bench`. Their timing lines are in `lines.ts` (each endpoint
// for each period, through the API and against the bare replay of its SQL); this module adds the check that
// matters at scale: the figures equal a naive GROUP BY over the courses themselves, for a month, a
// year and five years of the benchmarked company, with the naive query's own time beside the API's.
//
//   npm run bench -- --only=statist                (PGlite, demo data)
//   npm run bench -- --scale --only=statist        (PostgreSQL, 1,000,000 courses)
import { performance } from 'node:perf_hooks';
import { addDays, periodeBornes, todayInGabon } from '@yams/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client';

interface Options {
  db: Db;
  app: FastifyInstance;
  token: string;
}

type Kpis = { coursesCount: number; chiffreAffaires: number; clientsCount: number; driversCount: number };

/** The naive figures: one scan of the company's courses loaded in [debut, fin] (Libreville days). */
async function naive(db: Db, entreprise: number, debut: string, fin: string) {
  const where = sql`entreprise_id = ${entreprise}
    and (date_chargement at time zone 'Africa/Libreville')::date between ${debut}::date and ${fin}::date`;
  const [k] = (
    (await db.execute(sql`
      select count(*)::int as "coursesCount",
             coalesce(sum(montant) filter (where statut <> 'Annulé'), 0)::bigint as "chiffreAffaires",
             count(distinct client_id) filter (where statut <> 'Annulé')::int as "clientsCount",
             count(distinct chauffeur_id) filter (where statut <> 'Annulé')::int as "driversCount"
      from courses where ${where}`)) as unknown as { rows: Kpis[] }
  ).rows;
  const byStatus = (
    (await db.execute(
      sql`select statut as status, count(*)::int as count from courses where ${where} group by 1`,
    )) as unknown as { rows: Array<{ status: string; count: number }> }
  ).rows;
  const byType = (
    (await db.execute(
      sql`select type_course as type, count(*)::int as count from courses where ${where} group by 1`,
    )) as unknown as { rows: Array<{ type: string; count: number }> }
  ).rows;
  return { kpis: { ...k!, chiffreAffaires: Number(k!.chiffreAffaires) }, byStatus, byType };
}

const asMap = <T extends Record<string, unknown>>(rows: T[], key: keyof T) =>
  Object.fromEntries(rows.filter((r) => Number(r.count) > 0).map((r) => [String(r[key]), Number(r.count)]));

export async function checkStatistics(o: Options): Promise<Array<Record<string, string | number>>> {
  const me = await o.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${o.token}` } });
  const entreprise = me.json().data.id as number;
  const today = todayInGabon();
  const ranges: Array<[string, string, string]> = [
    // The days the KPIs' trends compare (this month and this year so far, and the same days before).
    ...(['mois', 'annee'] as const).flatMap((periode): Array<[string, string, string]> => {
      const { courant, precedent } = periodeBornes({ periode }, today).comparaison;
      return [
        [periode === 'mois' ? 'ce mois à ce jour' : 'cette année à ce jour', courant.debut, courant.fin],
        [
          periode === 'mois' ? 'le mois dernier, mêmes jours' : 'l’an dernier, mêmes jours',
          precedent.debut,
          precedent.fin,
        ],
      ];
    }),
    ['un mois', addDays(today, -30), today],
    ['une année', addDays(today, -365), today],
    ['cinq ans', addDays(today, -5 * 365), today],
  ];
  const rows: Array<Record<string, string | number>> = [];
  for (const [label, debut, fin] of ranges) {
    const api = async (path: string) => {
      const t0 = performance.now();
      const res = await o.app.inject({
        url: `/api/statistiques/${path}?date_debut=${debut}&date_fin=${fin}`,
        headers: { authorization: `Bearer ${o.token}` },
      });
      if (res.statusCode !== 200) throw new Error(`${path} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      return { data: res.json().data, ms: performance.now() - t0 };
    };
    const kpis = await api('kpis');
    const status = await api('repartition-by-status');
    const type = await api('repartition-by-type');
    const t0 = performance.now();
    const n = await naive(o.db, entreprise, debut, fin);
    const naiveMs = performance.now() - t0;
    const got = (kpis.data.courant ?? kpis.data) as Kpis;
    const differences: string[] = [];
    for (const k of ['coursesCount', 'chiffreAffaires', 'clientsCount', 'driversCount'] as const) {
      if (Number(got[k]) !== n.kpis[k]) differences.push(`${k} ${got[k]} ≠ ${n.kpis[k]}`);
    }
    const same = (a: Record<string, number>, b: Record<string, number>) =>
      JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
    if (
      !same(
        asMap(status.data as Array<{ status: string; count: number }>, 'status'),
        asMap(n.byStatus, 'status'),
      )
    )
      differences.push('répartition par statut');
    if (!same(asMap(type.data as Array<{ type: string; count: number }>, 'type'), asMap(n.byType, 'type')))
      differences.push('répartition par type');
    rows.push({
      période: `${label} (${debut} → ${fin})`,
      courses: n.kpis.coursesCount,
      'API kpis ms': Number(kpis.ms.toFixed(1)),
      'API statuts ms': Number(status.ms.toFixed(1)),
      'API types ms': Number(type.ms.toFixed(1)),
      'GROUP BY naïf ms (3 requêtes)': Number(naiveMs.toFixed(1)),
      égalité: differences.length ? `NON : ${differences.join(', ')}` : 'oui',
    });
  }
  return rows;
}
