import { addDays, type Bornes, minuitGabon, type Releve } from '@yams/shared';
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from '../../db/core.table';
import type { RawSql } from '../../db/scoped';
import { fraisRoute, pleinsCarburant } from '../chauffeur/chauffeur.table';
import { interventions, vehicules } from '../fleet/fleet.table';
import { nomCompletSql } from '../operations/operations.refs';
import { courses } from '../operations/operations.table';
import { trajets } from '../reference/reference.table';

// The inputs of the profitability rules (packages/shared rentabilite.ts), read in a few grouped statements
// through the company's raw SQL (db/scoped.ts: its condition on every tenant table, under row-level
// security). A cancelled course earns and costs nothing here.

const num = (v: unknown) => Number(v ?? 0);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const c = courses;
const MOIS_GABON = (col: AnyPgColumn) => sql`to_char(${col} at time zone 'Africa/Libreville', 'YYYY-MM')`;
const JOUR_GABON = (col: AnyPgColumn) => sql`((${col} at time zone 'Africa/Libreville')::date)`;

/** `[debut, fin]` as instants: Libreville midnight of the first day to that of the day after the last. */
const entre = (col: AnyPgColumn, b: Bornes) =>
  sql`${col} >= ${minuitGabon(b.debut)} and ${col} < ${minuitGabon(addDays(b.fin, 1))}`;

export interface FiltresCourses {
  vehicule?: number;
  chauffeur?: number;
  client?: number;
  trajet?: number;
}

export interface CourseLue {
  id: number;
  code: string;
  date: string;
  statut: string;
  montant: number;
  vehicule_id: number;
  plaque: string;
  consommation_reference: number | null;
  chauffeur_id: number | null;
  chauffeur: string | null;
  client_id: number;
  client: string | null;
  trajet_id: number | null;
  trajet: string | null;
  chargement: { lat: number; lng: number } | null;
  dechargement: { lat: number; lng: number } | null;
  pleins: number | null;
  frais: number;
  per_diem: number;
}

/** The period's courses (not cancelled), with their fills, road expenses and per diem summed. */
export async function coursesDeLaPeriode(s: RawSql, b: Bornes, f: FiltresCourses): Promise<CourseLue[]> {
  const rows = await s.rows<Record<string, unknown>>(sql`
    select ${c.id} as id, ${c.code} as code, ${c.date_chargement} as date, ${c.statut} as statut,
           ${c.montant} as montant, ${c.vehicule_id} as vehicule_id, ${vehicules.plaque} as plaque,
           ${vehicules.consommation_reference} as consommation_reference,
           ${c.chauffeur_id} as chauffeur_id,
           (select ${nomCompletSql(users)} from ${users} where ${users.id} = ${c.chauffeur_id}) as chauffeur,
           ${c.client_id} as client_id,
           (select ${nomCompletSql(users)} from ${users} where ${users.id} = ${c.client_id}) as client,
           ${c.trajet_id} as trajet_id, ${trajets.libelle} as trajet,
           ${c.chargement_lat} as chargement_lat, ${c.chargement_lng} as chargement_lng,
           ${c.dechargement_lat} as dechargement_lat, ${c.dechargement_lng} as dechargement_lng,
           p.montant as pleins, coalesce(fr.frais, 0) as frais, coalesce(fr.per_diem, 0) as per_diem
    from ${c}
    join ${vehicules} on ${vehicules.id} = ${c.vehicule_id}
    left join ${trajets} on ${trajets.id} = ${c.trajet_id}
    left join lateral (
      select sum(${pleinsCarburant.montant}) as montant from ${pleinsCarburant}
      where ${s.own(pleinsCarburant)} and ${pleinsCarburant.course_id} = ${c.id}
    ) p on true
    left join lateral (
      select sum(${fraisRoute.montant}) filter (where ${fraisRoute.type} <> 'Per diem') as frais,
             sum(${fraisRoute.montant}) filter (where ${fraisRoute.type} = 'Per diem') as per_diem
      from ${fraisRoute}
      where ${s.own(fraisRoute)} and ${fraisRoute.course_id} = ${c.id}
    ) fr on true
    where ${s.own(c)} and ${c.statut} <> 'Annulé' and ${entre(c.date_chargement, b)}
      ${f.vehicule ? sql`and ${c.vehicule_id} = ${f.vehicule}` : sql``}
      ${f.chauffeur ? sql`and ${c.chauffeur_id} = ${f.chauffeur}` : sql``}
      ${f.client ? sql`and ${c.client_id} = ${f.client}` : sql``}
      ${f.trajet ? sql`and ${c.trajet_id} = ${f.trajet}` : sql``}
    order by ${c.date_chargement}, ${c.id}`);
  return rows.map((r) => ({
    id: num(r.id),
    code: String(r.code),
    date: new Date(r.date as string).toISOString(),
    statut: String(r.statut),
    montant: num(r.montant),
    vehicule_id: num(r.vehicule_id),
    plaque: String(r.plaque),
    consommation_reference: numOrNull(r.consommation_reference),
    chauffeur_id: numOrNull(r.chauffeur_id),
    chauffeur: (r.chauffeur as string | null) ?? null,
    client_id: num(r.client_id),
    client: (r.client as string | null) ?? null,
    trajet_id: numOrNull(r.trajet_id),
    trajet: (r.trajet as string | null) ?? null,
    chargement: r.chargement_lat === null ? null : { lat: num(r.chargement_lat), lng: num(r.chargement_lng) },
    dechargement:
      r.dechargement_lat === null ? null : { lat: num(r.dechargement_lat), lng: num(r.dechargement_lng) },
    pleins: numOrNull(r.pleins),
    frais: num(r.frais),
    per_diem: num(r.per_diem),
  }));
}

/** What a vehicle earned and spent in a month of the period (days outside it not counted). */
export interface VehiculeMoisLu {
  vehicule_id: number;
  mois: string;
  revenu: number;
  courses: number;
  jours: number;
  carburant: number;
  litres: number;
  entretien: number;
  frais: number;
}

/**
 * Per vehicle and month over `[debut, fin]`: courses (revenue, count, days with a loading), fills (FCFA,
 * litres), confirmed interventions (by their first day) and road expenses. Four grouped reads, each on its
 * (company, …, date) index, merged by (vehicle, month).
 */
export async function vehiculesParMois(s: RawSql, b: Bornes, vehicule?: number): Promise<VehiculeMoisLu[]> {
  const du = (col: AnyPgColumn) => (vehicule ? sql`and ${col} = ${vehicule}` : sql``);
  // One after the other: each runs in its own transaction as the company (db/rls.ts).
  const cs = await s.rows<Record<string, unknown>>(sql`
      select ${c.vehicule_id} as v, ${MOIS_GABON(c.date_chargement)} as m, sum(${c.montant}) as revenu,
             count(*) as nb, count(distinct ${JOUR_GABON(c.date_chargement)}) as jours
      from ${c} where ${s.own(c)} and ${c.statut} <> 'Annulé' and ${entre(c.date_chargement, b)} ${du(c.vehicule_id)}
      group by 1, 2`);
  const ps = await s.rows<Record<string, unknown>>(sql`
      select ${pleinsCarburant.vehicule_id} as v, ${MOIS_GABON(pleinsCarburant.date_plein)} as m,
             sum(${pleinsCarburant.montant}) as montant, sum(${pleinsCarburant.litres}) as litres
      from ${pleinsCarburant}
      where ${s.own(pleinsCarburant)} and ${entre(pleinsCarburant.date_plein, b)} ${du(pleinsCarburant.vehicule_id)}
      group by 1, 2`);
  const is = await s.rows<Record<string, unknown>>(sql`
      select ${interventions.vehicule_id} as v, to_char(${interventions.date_debut}, 'YYYY-MM') as m,
             sum(${interventions.montant}) as montant
      from ${interventions}
      where ${s.own(interventions)} and ${interventions.statut} = 'Confirmé'
        and ${interventions.date_debut} between ${b.debut} and ${b.fin} ${du(interventions.vehicule_id)}
      group by 1, 2`);
  const fs = await s.rows<Record<string, unknown>>(sql`
      select ${fraisRoute.vehicule_id} as v, ${MOIS_GABON(fraisRoute.date_frais)} as m,
             sum(${fraisRoute.montant}) as montant
      from ${fraisRoute}
      where ${s.own(fraisRoute)} and ${entre(fraisRoute.date_frais, b)} ${du(fraisRoute.vehicule_id)}
      group by 1, 2`);
  const out = new Map<string, VehiculeMoisLu>();
  const ligne = (r: Record<string, unknown>) => {
    const key = `${r.v}|${r.m}`;
    let l = out.get(key);
    if (!l) {
      l = {
        vehicule_id: num(r.v),
        mois: String(r.m),
        revenu: 0,
        courses: 0,
        jours: 0,
        carburant: 0,
        litres: 0,
        entretien: 0,
        frais: 0,
      };
      out.set(key, l);
    }
    return l;
  };
  for (const r of cs)
    Object.assign(ligne(r), { revenu: num(r.revenu), courses: num(r.nb), jours: num(r.jours) });
  for (const r of ps) Object.assign(ligne(r), { carburant: num(r.montant), litres: num(r.litres) });
  for (const r of is) ligne(r).entretien = num(r.montant);
  for (const r of fs) ligne(r).frais = num(r.montant);
  return [...out.values()];
}

/** Readings before the period that still count (the month before it opens). */
const AVANT_JOURS = 120;

/** Each vehicle's odometer readings (fills and interventions) from a while before the period to its end. */
export async function relevesParVehicule(
  s: RawSql,
  b: Bornes,
  vehicule?: number,
): Promise<Map<number, Releve[]>> {
  const depuis: Bornes = { debut: addDays(b.debut, -AVANT_JOURS), fin: b.fin };
  const p = pleinsCarburant;
  const i = interventions;
  const rows = await s.rows<{ v: number; jour: string; km: number }>(sql`
    select ${p.vehicule_id} as v, ${JOUR_GABON(p.date_plein)}::text as jour, ${p.kilometrage} as km
    from ${p} where ${s.own(p)} and ${p.kilometrage} is not null and ${entre(p.date_plein, depuis)}
      ${vehicule ? sql`and ${p.vehicule_id} = ${vehicule}` : sql``}
    union all
    select ${i.vehicule_id}, coalesce(${i.date_fin}, ${i.date_debut})::text, ${i.kilometrage}
    from ${i} where ${s.own(i)} and ${i.kilometrage} is not null
      and coalesce(${i.date_fin}, ${i.date_debut}) between ${depuis.debut} and ${depuis.fin}
      ${vehicule ? sql`and ${i.vehicule_id} = ${vehicule}` : sql``}
    order by 2`);
  const out = new Map<number, Releve[]>();
  for (const r of rows) {
    const list = out.get(num(r.v)) ?? [];
    list.push({ jour: String(r.jour), km: num(r.km) });
    out.set(num(r.v), list);
  }
  return out;
}

/** The average price of a litre the company paid over the year up to `fin` (FCFA), null without fills. */
export async function prixLitreMoyen(s: RawSql, fin: string): Promise<number | null> {
  const p = pleinsCarburant;
  const [r] = await s.rows<{ montant: unknown; litres: unknown }>(sql`
    select sum(${p.montant}) as montant, sum(${p.litres}) as litres from ${p}
    where ${s.own(p)} and ${entre(p.date_plein, { debut: addDays(fin, -365), fin })}`);
  const litres = num(r?.litres);
  return litres > 0 ? num(r?.montant) / litres : null;
}

/** The plates of the company's vehicles. */
export async function plaques(s: RawSql): Promise<Map<number, string>> {
  const rows = await s.rows<{ id: number; plaque: string }>(
    sql`select ${vehicules.id} as id, ${vehicules.plaque} as plaque from ${vehicules} where ${s.own(vehicules)}`,
  );
  return new Map(rows.map((r) => [num(r.id), r.plaque]));
}
