import {
  addDays,
  type Bornes,
  COURSE_STATUTS,
  debutMois,
  finMois,
  joursEntre,
  MAINTENANCE_LIMIT,
  minuitGabon,
  type PeriodeBornes,
  type SeriePoint,
  TOP_LIMIT,
  tranches,
} from '@yams/shared';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from '../../db/core.table';
import type { RawSql } from '../../db/scoped';
import { estEntreprise, type TenantTable } from '../../db/tenancy';
import { parametresEntreprise } from '../entreprise/entreprise.table';
import { interventions, vehicules } from '../fleet/fleet.table';
import { nomCompletSql } from '../operations/operations.refs';
import { courses } from '../operations/operations.table';
import { typesVehicules } from '../reference/reference.table';
import {
  statsCoursesChauffeurs,
  statsCoursesClients,
  statsCoursesJour,
  statsFlotte,
  statsPaiementsJour,
  statsPremiers,
} from './statistics.table';

// Every figure of the dashboard, read from the aggregates of statistics.table.ts (a period costs a few
// thousand aggregate rows at most), or from an index range of one day (hourly series) or of the period
// (interventions, a small table). A `PlatformSql`: every company (superadmin).

export interface StatsScope {
  /**
   * One company's raw SQL, or the whole platform's (db/scoped.ts): every figure is read through it, with
   * its condition on each tenant table; no database handle is in reach.
   */
  sql: RawSql;
  /** Today in Libreville, `YYYY-MM-DD`. */
  today: string;
  now: Date;
}

const num = (v: unknown) => Number(v ?? 0);
const NON_ANNULE = sql`<> 'Annulé'`;

/** The company condition of a tenant table (db/scoped.ts): `true` for the whole platform. */
const ofCompany = (s: StatsScope, table: TenantTable): SQL => s.sql.own(table);

/** A company column on an index range: one company, or each company of the platform (= ANY of their ids). */
async function companyKey(s: StatsScope, table: TenantTable): Promise<SQL> {
  if (s.sql.kind === 'company') return s.sql.own(table);
  const found = await s.sql.rows<{ id: number }>(
    sql`select ${users.id} as id from ${users} where ${estEntreprise}`,
  );
  return found.length
    ? inArray(
        table.entreprise_id,
        found.map((r) => r.id),
      )
    : sql`false`;
}

/** Rows of one grain ('A' years, 'M' months, 'J' days) whose `debut` lies in [debut, fin]. */
export interface Morceau extends Bornes {
  grain: 'A' | 'M' | 'J';
  /**
   * Only the clients or drivers active on or before this day of the row's month or year (its `premier`):
   * the piece holds that unit's first days, up to `jusqua`. For counts of distinct people only: the row's
   * amounts are the whole unit's.
   */
  jusqua?: string;
}

/** A day range as whole calendar months plus the days at its edges. */
function enMois(b: Bornes): Morceau[] {
  const premierMois = b.debut.endsWith('-01') ? b.debut : debutMois(b.debut, 1);
  const dernierMois = finMois(b.fin) === b.fin ? debutMois(b.fin) : debutMois(b.fin, -1);
  if (premierMois > dernierMois) return [{ grain: 'J', debut: b.debut, fin: b.fin }];
  const morceaux: Morceau[] = [{ grain: 'M', debut: premierMois, fin: dernierMois }];
  if (b.debut < premierMois) morceaux.push({ grain: 'J', debut: b.debut, fin: addDays(premierMois, -1) });
  const apres = debutMois(dernierMois, 1);
  if (apres <= b.fin) morceaux.push({ grain: 'J', debut: apres, fin: b.fin });
  return morceaux;
}

/**
 * A day range as whole calendar years, then whole months, then the days at its edges: the rows of a grain
 * table that cover it exactly once. 'Cette année' reads one company's year rows only (a client or driver
 * once), not twelve months of them.
 */
export function decoupage(b: Bornes): Morceau[] {
  const an = (d: string) => Number(d.slice(0, 4));
  const premier = b.debut.endsWith('-01-01') ? an(b.debut) : an(b.debut) + 1;
  const dernier = b.fin.endsWith('-12-31') ? an(b.fin) : an(b.fin) - 1;
  if (premier > dernier) return enMois(b);
  const morceaux: Morceau[] = [{ grain: 'A', debut: `${premier}-01-01`, fin: `${dernier}-01-01` }];
  if (b.debut < `${premier}-01-01`) morceaux.push(...enMois({ debut: b.debut, fin: `${premier - 1}-12-31` }));
  if (b.fin > `${dernier}-12-31`) morceaux.push(...enMois({ debut: `${dernier + 1}-01-01`, fin: b.fin }));
  return morceaux;
}

/**
 * A day range for counting distinct clients or drivers: its end as the start of its year (or month) up to
 * the last day, one row per person (`jusqua`), then the rest as `decoupage` cuts it. Last year's 1 January →
 * 23 November is last year's rows active by 23 November; this month's 1st → 23rd this month's rows.
 */
export function decoupageDistinct(b: Bornes): Morceau[] {
  const an = b.fin.slice(0, 4);
  const unite = b.debut <= `${an}-01-01` ? 'A' : b.debut <= debutMois(b.fin) ? 'M' : null;
  if (!unite) return decoupage(b);
  const debut = unite === 'A' ? `${an}-01-01` : debutMois(b.fin);
  const finUnite = unite === 'A' ? `${an}-12-31` : finMois(b.fin);
  const morceau: Morceau = { grain: unite, debut, fin: debut };
  if (b.fin < finUnite) morceau.jusqua = b.fin;
  return [...(b.debut < debut ? decoupage({ debut: b.debut, fin: addDays(debut, -1) }) : []), morceau];
}

function grainCondition(t: { grain: AnyPgColumn; debut: AnyPgColumn }, b: Bornes): SQL {
  const parts = decoupage(b).map(
    (m) => sql`(${t.grain} = ${sql.raw(`'${m.grain}'`)} and ${t.debut} between ${m.debut} and ${m.fin})`,
  );
  return sql`(${sql.join(parts, sql` or `)})`;
}

export interface Totaux {
  coursesCount: number;
  coursesAnnulees: number;
  chiffreAffaires: number;
  clientsCount: number;
  driversCount: number;
}

/**
 * Courses loaded in the period and not cancelled, their amount and their distinct clients and drivers; the
 * cancelled ones apart (a card counts what its amount counts).
 */
export async function totaux(s: StatsScope, b: Bornes): Promise<Totaux> {
  const t = statsCoursesJour;
  // One company's month or year, whole or up to a day: the sum of its per-day counts of first courses
  // (stats_premiers, at most 366 rows). Otherwise each piece reads the (company, grain, debut, premier,
  // person) index where nb > 0 alone, de-duplicated by a hash of the people (count(distinct) would sort
  // them); a single day holds a person once per company.
  const morceaux = decoupageDistinct(b);
  const seul = morceaux.length === 1 && morceaux[0]!.debut === morceaux[0]!.fin ? morceaux[0]! : null;
  const distinct = (
    table: typeof statsCoursesClients | typeof statsCoursesChauffeurs,
    key: AnyPgColumn,
    qui: 'client' | 'chauffeur',
  ) => {
    const p = statsPremiers;
    if (seul && seul.grain !== 'J' && s.sql.kind === 'company')
      return sql`(select coalesce(sum(${p.nb}), 0) from ${p}
                  where ${ofCompany(s, p)} and ${p.qui} = ${qui} and ${p.grain} = ${sql.raw(`'${seul.grain}'`)}
                    and ${p.debut} = ${seul.debut} ${seul.jusqua ? sql`and ${p.jour} <= ${seul.jusqua}` : sql``})`;
    const parts = morceaux.map(
      (m) =>
        sql`select ${key} as k from ${table}
            where ${ofCompany(s, table)} and ${table.grain} = ${sql.raw(`'${m.grain}'`)}
              and ${m.debut === m.fin ? sql`${table.debut} = ${m.debut}` : sql`${table.debut} between ${m.debut} and ${m.fin}`}
              and ${table.nb} > 0
              ${m.jusqua ? sql`and ${table.premier} <= ${m.jusqua}` : sql``}`,
    );
    return seul && s.sql.kind === 'company'
      ? sql`(select count(*) from (${parts[0]!}) p)`
      : sql`(select count(*) from (select k from (${sql.join(parts, sql` union all `)}) p group by k) u)`;
  };
  // One statement of a few milliseconds: under ten concurrent dashboards, a statement's round trip and
  // planning cost more than running its three parts one after the other.
  const [r] = await s.sql.rows<{
    nb: string;
    annulees: string;
    montant: string;
    clients: string;
    chauffeurs: string;
  }>(
    sql`select c.nb, c.annulees, c.montant,
               ${distinct(statsCoursesClients, statsCoursesClients.client_id, 'client')} as clients,
               ${distinct(statsCoursesChauffeurs, statsCoursesChauffeurs.chauffeur_id, 'chauffeur')} as chauffeurs
        from (select coalesce(sum(${t.nb}) filter (where ${t.statut} ${NON_ANNULE}), 0) as nb,
                     coalesce(sum(${t.nb}) filter (where ${t.statut} = 'Annulé'), 0) as annulees,
                     coalesce(sum(${t.montant}) filter (where ${t.statut} ${NON_ANNULE}), 0) as montant
              from ${t}
              where ${ofCompany(s, t)} and ${t.jour} between ${b.debut} and ${b.fin}) c`,
  );
  return {
    coursesCount: num(r?.nb),
    coursesAnnulees: num(r?.annulees),
    chiffreAffaires: num(r?.montant),
    clientsCount: num(r?.clients),
    driversCount: num(r?.chauffeurs),
  };
}

/** The courses not cancelled loaded in [debut, fin] (those planned after today): one sum of the daily rows. */
export async function coursesPrevues(s: StatsScope, b: Bornes): Promise<number> {
  const t = statsCoursesJour;
  const [r] = await s.sql.rows<{ nb: string }>(
    sql`select coalesce(sum(${t.nb}), 0) as nb from ${t}
        where ${ofCompany(s, t)} and ${t.jour} between ${b.debut} and ${b.fin} and ${t.statut} ${NON_ANNULE}`,
  );
  return num(r?.nb);
}

/** Per bucket of the period: number of courses and amount (Annulé excluded), with each status apart. */
async function parTranche(
  s: StatsScope,
  p: PeriodeBornes,
): Promise<Array<{ cle: string; statut: string; nb: number; montant: number }>> {
  if (p.grain === 'heure') {
    const c = courses;
    const found = await s.sql.rows<{ cle: number; statut: string; nb: string; montant: string }>(
      sql`select extract(hour from (${c.date_chargement} at time zone 'UTC') + interval '1 hour')::int as cle,
                 ${c.statut} as statut, count(*) as nb, coalesce(sum(${c.montant}), 0) as montant
          from ${c}
          where ${await companyKey(s, c)}
            and ${c.date_chargement} >= ${minuitGabon(p.debut)} and ${c.date_chargement} < ${minuitGabon(addDays(p.fin, 1))}
          group by 1, 2`,
    );
    return found.map((r) => ({
      cle: String(r.cle),
      statut: r.statut,
      nb: num(r.nb),
      montant: num(r.montant),
    }));
  }
  const t = statsCoursesJour;
  const cle =
    p.grain === 'jour'
      ? sql`to_char(${t.jour}, 'YYYY-MM-DD')`
      : sql`to_char(date_trunc('month', ${t.jour}::timestamp), 'YYYY-MM-DD')`;
  const found = await s.sql.rows<{ cle: string; statut: string; nb: string; montant: string }>(
    sql`select ${cle} as cle, ${t.statut} as statut, sum(${t.nb}) as nb, sum(${t.montant}) as montant
        from ${t}
        where ${ofCompany(s, t)} and ${t.jour} between ${p.debut} and ${p.fin}
        group by 1, 2`,
  );
  return found.map((r) => ({ cle: r.cle, statut: r.statut, nb: num(r.nb), montant: num(r.montant) }));
}

const trancheKey = (p: PeriodeBornes, t: { debut: string; heure?: number }) =>
  p.grain === 'heure' ? String(t.heure) : p.grain === 'jour' ? t.debut : debutMois(t.debut);

/** The revenue and course-count series and the per-status series of a period, in one read. */
export async function series(s: StatsScope, p: PeriodeBornes) {
  const found = await parTranche(s, p);
  const buckets = tranches(p);
  const index = new Map(buckets.map((t, i) => [trancheKey(p, t), i]));
  const ca = buckets.map(() => 0);
  const nb = buckets.map(() => 0);
  const parStatut = new Map<string, number[]>();
  for (const r of found) {
    const i = index.get(r.cle);
    if (i === undefined) continue;
    if (r.statut !== 'Annulé') ca[i]! += r.montant;
    nb[i]! += r.nb;
    if (r.nb !== 0) {
      if (!parStatut.has(r.statut))
        parStatut.set(
          r.statut,
          buckets.map(() => 0),
        );
      parStatut.get(r.statut)![i]! += r.nb;
    }
  }
  const point = (values: number[]) =>
    buckets.map((t, i): SeriePoint => ({ label: t.label, value: values[i]!, debut: t.debut, fin: t.fin }));
  const ordre = (st: string) => {
    const i = (COURSE_STATUTS as readonly string[]).indexOf(st);
    return i < 0 ? COURSE_STATUTS.length : i;
  };
  return {
    chiffreAffaires: point(ca),
    coursesCount: point(nb),
    statutsSerie: {
      tranches: buckets.map(({ label, debut, fin }) => ({ label, debut, fin })),
      series: [...parStatut.entries()]
        .filter(([, values]) => values.some((v) => v !== 0))
        .sort(([a], [b]) => ordre(a) - ordre(b) || a.localeCompare(b))
        .map(([status, values]) => ({ status, values })),
    },
  };
}

/** Courses of the period by type and by status (counts of every status, amounts without Annulé). */
export async function repartitions(s: StatsScope, b: Bornes) {
  const t = statsCoursesJour;
  const found = await s.sql.rows<{ statut: string; type_course: string; nb: string; montant: string }>(
    sql`select ${t.statut} as statut, ${t.type_course} as type_course, sum(${t.nb}) as nb, sum(${t.montant}) as montant
        from ${t}
        where ${ofCompany(s, t)} and ${t.jour} between ${b.debut} and ${b.fin}
        group by 1, 2`,
  );
  const types = new Map<string, { count: number; montant: number }>();
  const statuts = new Map<string, number>();
  for (const r of found) {
    const nb = num(r.nb);
    statuts.set(r.statut, (statuts.get(r.statut) ?? 0) + nb);
    const cur = types.get(r.type_course) ?? { count: 0, montant: 0 };
    const montant = r.statut === 'Annulé' ? 0 : num(r.montant);
    types.set(r.type_course, { count: cur.count + nb, montant: cur.montant + montant });
  }
  const ordre = (st: string) => {
    const i = (COURSE_STATUTS as readonly string[]).indexOf(st);
    return i < 0 ? COURSE_STATUTS.length : i;
  };
  return {
    repartitionByType: [...types.entries()]
      .filter(([, v]) => v.count > 0)
      .map(([type, v]) => ({ type, ...v }))
      .sort((a, b) => b.count - a.count || a.type.localeCompare(b.type)),
    repartitionByStatus: [...statuts.entries()]
      .filter(([, count]) => count > 0)
      .map(([status, count]) => ({ status, count }))
      .sort((a, b) => ordre(a.status) - ordre(b.status) || a.status.localeCompare(b.status)),
  };
}

/** The 10 clients with the largest amount of courses in the period. */
export async function topClients(s: StatsScope, b: Bornes) {
  const t = statsCoursesClients;
  const morceaux = decoupage(b);
  const seul = morceaux.length === 1 && morceaux[0]!.debut === morceaux[0]!.fin ? morceaux[0]! : null;
  // One company over one calendar day, month or year: one row per client, read in order from the
  // (company, grain, debut, montant desc) index, ten rows. A range holding a whole year: the clients in
  // the order of their all-time amount, while that can still change the top. Otherwise (or when that does
  // not settle it) every piece's rows, summed: a few weeks or months are few rows.
  const top =
    seul && s.sql.kind === 'company'
      ? sql`select ${t.client_id} as client_id, ${t.montant} as montant, ${t.nb} as nb from ${t}
            where ${ofCompany(s, t)} and ${t.grain} = ${sql.raw(`'${seul.grain}'`)} and ${t.debut} = ${seul.debut}
              and ${t.nb} > 0
            order by ${t.montant} desc nulls last, ${t.client_id} limit ${TOP_LIMIT}`
      : ((s.sql.kind === 'company' && morceaux.some((m) => m.grain === 'A')
          ? await topParBorne(s, b)
          : null) ??
        sql`select ${t.client_id} as client_id, sum(${t.montant}) as montant, sum(${t.nb}) as nb from ${t}
            where ${ofCompany(s, t)} and ${grainCondition(t, b)}
            group by 1 having sum(${t.nb}) > 0
            order by 2 desc, 1 limit ${TOP_LIMIT}`);
  const found = await s.sql.rows<{ id: number; nom: string; montant: string; nb: string }>(
    sql`select top.client_id as id, ${nomCompletSql(users)} as nom, top.montant, top.nb
        from (${top}) top
        join ${users} on ${users.id} = top.client_id
        order by top.montant desc, top.client_id`,
  );
  return found.map((r) => ({
    client_id: r.id,
    nomClient: r.nom,
    montant: num(r.montant),
    coursesCount: num(r.nb),
  }));
}

/** Candidates read by round in the all-time order: 64, then 256, then 1,024, then the plain sum. */
const BORNE_TOURS = [64, 256, 1024];

/**
 * The top clients of one company over several pieces, by the threshold rule: a client's amount over any
 * range is at most its all-time amount (the 'T' row, migration 0057_stats_tous_temps; course amounts are at
 * least 1 FCFA), so once the n clients of largest all-time amount are summed over the range, and the tenth
 * of them is above the all-time amount of the (n+1)-th, no client further down can enter the top. On a
 * range covering most of a company's history that stops at the first round (a few thousand aggregate rows
 * instead of one per client and year). Null when the rounds do not settle it: the caller sums every row.
 */
async function topParBorne(s: StatsScope, b: Bornes): Promise<SQL | null> {
  const t = statsCoursesClients;
  const tous = sql`${ofCompany(s, t)} and ${t.grain} = 'T' and ${t.debut} = '1970-01-01'`;
  for (const n of BORNE_TOURS) {
    const rows = await s.sql.rows<{ client_id: number; borne: string; montant: string; nb: string }>(
      sql`with candidats as (
            select ${t.client_id} as client_id, ${t.montant} as borne from ${t}
            where ${tous} order by ${t.montant} desc nulls last, ${t.client_id} limit ${n + 1})
          select c.client_id, c.borne, coalesce(p.montant, 0) as montant, coalesce(p.nb, 0) as nb
          from candidats c
          left join lateral (
            select sum(${t.montant}) as montant, sum(${t.nb}) as nb from ${t}
            where ${ofCompany(s, t)} and ${t.client_id} = c.client_id and ${grainCondition(t, b)}) p on true
          order by c.borne desc, c.client_id`,
    );
    // The (n+1)-th client's all-time amount bounds every client not summed.
    const suivant = rows.length > n ? num(rows[n]!.borne) : null;
    const sommes = rows
      .slice(0, n)
      .filter((r) => num(r.nb) > 0)
      .map((r) => ({ client_id: r.client_id, montant: num(r.montant), nb: num(r.nb) }))
      .sort((x, y) => y.montant - x.montant || x.client_id - y.client_id)
      .slice(0, TOP_LIMIT);
    const dixieme = sommes.length === TOP_LIMIT ? sommes[TOP_LIMIT - 1]!.montant : null;
    if (suivant === null || (dixieme !== null && dixieme > suivant)) {
      if (!sommes.length) return sql`select 0 as client_id, 0 as montant, 0 as nb where false`;
      const valeurs = sommes.map((r) => sql`(${r.client_id}::int, ${r.montant}::bigint, ${r.nb}::int)`);
      return sql`select * from (values ${sql.join(valeurs, sql`, `)}) as top(client_id, montant, nb)`;
    }
  }
  return null;
}

/** The 10 drivers with the most courses in the period. */
export async function topDrivers(s: StatsScope, b: Bornes) {
  const t = statsCoursesChauffeurs;
  const found = await s.sql.rows<{ id: number; nom: string; montant: string; nb: string }>(
    sql`select top.chauffeur_id as id, ${nomCompletSql(users)} as nom, top.montant, top.nb
        from (select ${t.chauffeur_id} as chauffeur_id, sum(${t.montant}) as montant, sum(${t.nb}) as nb from ${t}
              where ${ofCompany(s, t)} and ${grainCondition(t, b)}
              group by 1 having sum(${t.nb}) > 0
              order by 3 desc, 2 desc, 1 limit ${TOP_LIMIT}) top
        join ${users} on ${users.id} = top.chauffeur_id
        order by top.nb desc, top.montant desc, top.chauffeur_id`,
  );
  return found.map((r) => ({
    chauffeur_id: r.id,
    nomChauffeur: r.nom,
    coursesCount: num(r.nb),
    montant: num(r.montant),
  }));
}

/** Validated payments of the period by mode (operation date). */
export async function paiementsParMode(s: StatsScope, b: Bornes) {
  const t = statsPaiementsJour;
  const found = await s.sql.rows<{ mode: string; nb: string; montant: string }>(
    sql`select ${t.mode} as mode, sum(${t.nb}) as nb, sum(${t.montant}) as montant from ${t}
        where ${ofCompany(s, t)} and ${t.jour} between ${b.debut} and ${b.fin}
          and ${t.statut} = 'Validé'
        group by 1 having sum(${t.nb}) > 0
        order by 3 desc, 1`,
  );
  return found.map((r) => ({ mode: r.mode, count: num(r.nb), montant: num(r.montant) }));
}

/**
 * Share of vehicle-days spent in course per vehicle type, over the days of the period up to today: closed
 * courses from the aggregate, open courses without an unloading time from their loading to now.
 */
export async function utilisationFlotte(s: StatsScope, b: Bornes) {
  const fin = b.fin < s.today ? b.fin : s.today;
  const v = vehicules;
  const tv = typesVehicules;
  const fleet = await s.sql.rows<{ id: number; type_id: number | null; type: string | null }>(
    sql`select ${v.id} as id, ${v.type_vehicule_id} as type_id, ${tv.libelle} as type
        from ${v} left join ${tv} on ${tv.id} = ${v.type_vehicule_id} where ${ofCompany(s, v)}`,
  );
  const secondes = new Map<number, number>();
  if (b.debut <= fin) {
    const t = statsFlotte;
    const agg = await s.sql.rows<{ id: number; sec: string }>(
      sql`select ${t.vehicule_id} as id, sum(${t.secondes}) as sec from ${t}
          where ${ofCompany(s, t)} and ${grainCondition(t, { debut: b.debut, fin })}
          group by 1`,
    );
    for (const r of agg) secondes.set(r.id, num(r.sec));
    const c = courses;
    const debut = new Date(minuitGabon(b.debut)).getTime();
    const borne = Math.min(new Date(minuitGabon(addDays(fin, 1))).getTime(), s.now.getTime());
    // Open courses hold their vehicle (one at most per vehicle: courses_vehicule_ouverte_unique).
    const ouvertes = await s.sql.rows<{ id: number; chargement: string | Date }>(
      sql`select ${c.vehicule_id} as id, ${c.date_chargement} as chargement from ${c}
          where ${c.statut} not in ('Terminé', 'Annulé') and ${c.date_dechargement} is null
            and ${ofCompany(s, c)} and ${c.date_chargement} < ${new Date(borne).toISOString()}`,
    );
    for (const r of ouvertes) {
      const from = Math.max(new Date(r.chargement).getTime(), debut);
      if (borne > from) secondes.set(r.id, (secondes.get(r.id) ?? 0) + (borne - from) / 1000);
    }
  }
  const jours = b.debut <= fin ? joursEntre(b.debut, fin) : 0;
  const parType = new Map<
    string,
    { type_vehicule_id: number | null; type: string; vehicules: number; sec: number }
  >();
  for (const row of fleet) {
    const key = String(row.type_id ?? 'aucun');
    const cur = parType.get(key) ?? {
      type_vehicule_id: row.type_id,
      type: row.type ?? 'Sans type',
      vehicules: 0,
      sec: 0,
    };
    cur.vehicules += 1;
    cur.sec += secondes.get(row.id) ?? 0;
    parType.set(key, cur);
  }
  const round1 = (x: number) => Math.round(x * 10) / 10;
  return [...parType.values()]
    .map((r) => {
      const disponibles = r.vehicules * jours;
      const enCourse = Math.min(r.sec / 86_400, disponibles);
      return {
        type_vehicule_id: r.type_vehicule_id,
        type: r.type,
        vehicules: r.vehicules,
        jours_en_course: round1(enCourse),
        jours_disponibles: disponibles,
        taux: disponibles ? round1((enCourse / disponibles) * 100) : 0,
      };
    })
    .sort((a, b) => b.taux - a.taux || a.type.localeCompare(b.type));
}

/** Cost of the confirmed interventions that started in the period, per vehicle (the 15 most expensive). */
export async function coutMaintenance(s: StatsScope, b: Bornes) {
  const i = interventions;
  const found = await s.sql.rows<{ id: number; plaque: string; montant: string; nb: string }>(
    sql`select ${i.vehicule_id} as id, ${vehicules.plaque} as plaque, sum(${i.montant}) as montant, count(*) as nb
        from ${i} join ${vehicules} on ${vehicules.id} = ${i.vehicule_id}
        where ${await companyKey(s, i)} and ${i.date_debut} between ${b.debut} and ${b.fin}
          and ${i.statut} = 'Confirmé'
        group by 1, 2
        order by 3 desc, 2 limit ${MAINTENANCE_LIMIT}`,
  );
  return found.map((r) => ({
    vehicule_id: r.id,
    plaque: r.plaque,
    montant: num(r.montant),
    interventions: num(r.nb),
  }));
}

/** Revenue of the month of the period's end (or of this month, if the period ends later) against the target. */
export async function objectif(s: StatsScope, b: Bornes) {
  const jour = b.fin < s.today ? b.fin : s.today;
  const mois = { debut: debutMois(jour), fin: finMois(jour) };
  const t = statsCoursesJour;
  const [realise] = await s.sql.rows<{ montant: string }>(
    sql`select coalesce(sum(${t.montant}), 0) as montant from ${t}
        where ${ofCompany(s, t)} and ${t.jour} between ${mois.debut} and ${mois.fin}
          and ${t.statut} ${NON_ANNULE}`,
  );
  const p = parametresEntreprise;
  const [cible] = await s.sql.rows<{ objectif: string }>(
    sql`select coalesce(sum(${p.objectif_mensuel}), 0) as objectif from ${p} where ${ofCompany(s, p)}`,
  );
  const objectifMensuel = num(cible?.objectif);
  const montant = num(realise?.montant);
  return {
    mois: jour.slice(0, 7),
    objectif: objectifMensuel,
    realise: montant,
    taux: objectifMensuel > 0 ? Math.round((montant / objectifMensuel) * 1000) / 10 : null,
  };
}
