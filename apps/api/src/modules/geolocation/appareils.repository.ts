import {
  type AppareilInconnuOut,
  type AppareilOut,
  type AppareilStatut,
  GPS,
  PARAMETRES_DEFAUTS,
  type PositionOut,
} from '@yams/shared';
import { and, asc, desc, eq, gt, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { toIso } from '../../db/columns';
import { scoped } from '../../db/scoped';
import { likePattern } from '../../lib/filters-ids';
import { countsOf, type ListSource } from '../../lib/pagination';
import { orderFor, type Sortable } from '../../lib/sorting';
import type { Scope } from '../../plugins/auth';
import { parametresEntreprise } from '../entreprise/entreprise.table';
import { vehicules } from '../fleet/fleet.table';
import { courses } from '../operations/operations.table';
import { appareilNotFound, inconnusReserves } from './geolocation.errors';
import { appareils, appareilsInconnus, positions } from './geolocation.table';

// Devices as GET /api/appareils answers them (the specification: id, nom, statut, latlng, queue), with the vehicle, the
// open course it carries and the last position. A page reads its devices, then their recent points in one
// query (one index range per device, newest first).

const delaiSql = sql<number>`coalesce((select ${parametresEntreprise.delai_en_ligne_min} from ${parametresEntreprise} where ${parametresEntreprise.entreprise_id} = ${appareils.entreprise_id}), ${PARAMETRES_DEFAUTS.delai_en_ligne_min})`;
const derniereReception = sql`(select p.recu_le from positions p where p.appareil_id = ${appareils.id} order by p.heure desc limit 1)`;
const enLigneSql = sql`coalesce(${derniereReception} > now() - make_interval(mins => ${delaiSql}), false)`;

const columns = {
  id: appareils.id,
  entreprise_id: appareils.entreprise_id,
  nom: appareils.nom,
  identifiant: appareils.identifiant,
  cle: appareils.cle,
  vehicule_id: appareils.vehicule_id,
  plaque: vehicules.plaque,
  course: sql<{
    id: number;
    code: string;
    statut: string;
  } | null>`(select json_build_object('id', c.id, 'code', c.code, 'statut', c.statut) from ${courses} c where c.vehicule_id = ${appareils.vehicule_id} and c.statut not in ('Terminé', 'Annulé') limit 1)`,
  delai: delaiSql.mapWith(Number),
  created_at: appareils.created_at,
  updated_at: appareils.updated_at,
};

function selectAppareils(db: Db, scope: Scope) {
  return scoped(db, scope)
    .select(columns)
    .from(appareils)
    .leftJoin(vehicules, eq(vehicules.id, appareils.vehicule_id));
}
type Row = Awaited<ReturnType<typeof selectAppareils>>[number];

interface PositionRow {
  appareil_id: number;
  heure: unknown;
  recu_le: unknown;
  latitude: number;
  longitude: number;
  vitesse: number | null;
  cap: number | null;
  altitude: number | null;
  precision: number | null;
  batterie: number | null;
  en_charge: boolean | null;
}

/** The last GPS.queuePoints points of each device, newest first. */
async function recentPoints(db: Db, scope: Scope, ids: number[]): Promise<Map<number, PositionRow[]>> {
  const byDevice = new Map<number, PositionRow[]>();
  if (ids.length === 0) return byDevice;
  const result = (await db.execute(sql`
    select a.id as appareil_id, p.heure, p.recu_le, p.latitude, p.longitude, p.vitesse, p.cap, p.altitude,
           p.precision, p.batterie, p.en_charge
    from unnest(${`{${ids.join(',')}}`}::int[]) as a(id)
    cross join lateral (
      select * from ${positions}
      where ${positions.appareil_id} = a.id and ${scoped(db, scope).own(positions) ?? sql`true`}
      order by ${positions.heure} desc limit ${GPS.queuePoints}
    ) p`)) as unknown as { rows: PositionRow[] };
  for (const r of result.rows) {
    const list = byDevice.get(r.appareil_id) ?? [];
    list.push(r);
    byDevice.set(r.appareil_id, list);
  }
  return byDevice;
}

const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export function toPositionOut(r: PositionRow): PositionOut {
  return {
    heure: toIso(r.heure),
    latitude: Number(r.latitude),
    longitude: Number(r.longitude),
    vitesse: numOrNull(r.vitesse),
    cap: numOrNull(r.cap),
    altitude: numOrNull(r.altitude),
    precision: numOrNull(r.precision),
    batterie: numOrNull(r.batterie),
    en_charge: r.en_charge ?? null,
    recu_le: toIso(r.recu_le),
  };
}

function toOut(r: Row, recent: PositionRow[], now = Date.now()): AppareilOut {
  const last = recent[0];
  const enLigne = last ? Date.parse(toIso(last.recu_le)) > now - r.delai * 60_000 : false;
  const since = last ? Date.parse(toIso(last.heure)) - GPS.queueHeures * 3600_000 : 0;
  const point = (p: PositionRow) => ({ latitude: Number(p.latitude), longitude: Number(p.longitude) });
  return {
    id: r.id,
    entreprise_id: r.entreprise_id,
    nom: r.nom,
    identifiant: r.identifiant,
    cle: r.cle,
    avec_cle: r.cle !== null,
    statut: (enLigne ? 'En ligne' : 'Hors ligne') as AppareilStatut,
    vehicule: r.vehicule_id && r.plaque ? { id: r.vehicule_id, plaque: r.plaque } : null,
    course: r.course ? { id: r.course.id, code: r.course.code, statut: r.course.statut } : null,
    derniere_position: last ? toPositionOut(last) : null,
    latlng: last ? [point(last)] : [],
    queue: recent
      .filter((p) => Date.parse(toIso(p.heure)) >= since)
      .reverse()
      .map(point),
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

async function withPositions(db: Db, scope: Scope, rows: Row[]): Promise<AppareilOut[]> {
  const recent = await recentPoints(
    db,
    scope,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toOut(r, recent.get(r.id) ?? []));
}

export interface AppareilFilters extends Sortable {
  search?: string;
  vehicule?: number;
  statut?: AppareilStatut;
}

export function listAppareils(db: Db, scope: Scope, f: AppareilFilters): ListSource<AppareilOut> {
  const order = orderFor(
    f.sort,
    {
      nom: appareils.nom,
      identifiant: appareils.identifiant,
      vehicule: vehicules.plaque,
      created_at: appareils.created_at,
    },
    { asc: [appareils.nom, appareils.id] },
  );
  const like = f.search ? likePattern(f.search) : undefined;
  const where = and(
    like
      ? or(ilike(appareils.nom, like), ilike(appareils.identifiant, like), ilike(vehicules.plaque, like))
      : undefined,
    f.vehicule ? eq(appareils.vehicule_id, f.vehicule) : undefined,
    f.statut ? (f.statut === 'En ligne' ? sql`${enLigneSql}` : sql`not ${enLigneSql}`) : undefined,
  );
  return {
    ...countsOf(db, () =>
      scoped(db, scope)
        .select({ one: sql`1` })
        .from(appareils)
        .leftJoin(vehicules, eq(vehicules.id, appareils.vehicule_id))
        .where(where),
    ),
    async rows(limit, offset) {
      const rows = await selectAppareils(db, scope)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
      return withPositions(db, scope, rows);
    },
  };
}

export async function getAppareilOut(db: Db, scope: Scope, id: number): Promise<AppareilOut> {
  const rows = await selectAppareils(db, scope).where(eq(appareils.id, id)).limit(1);
  if (!rows[0]) throw appareilNotFound();
  return (await withPositions(db, scope, rows))[0]!;
}

/** A device of the scope, locked for the transaction, or 404. */
export async function lockAppareil(tx: Db, scope: Scope, id: number) {
  const [row] = await scoped(tx, scope).select().from(appareils).where(eq(appareils.id, id)).for('update');
  if (!row) throw appareilNotFound();
  return row;
}

/** A device of the scope (no lock), or 404. */
export async function findAppareil(db: Db, scope: Scope, id: number) {
  const [row] = await selectAppareils(db, scope).where(eq(appareils.id, id)).limit(1);
  if (!row) throw appareilNotFound();
  return row;
}

/** A boolean attribute as stored: JSON true/false, or the text "true"/"false" of older rows. */
const attributBool = (key: string) =>
  sql<
    boolean | null
  >`case jsonb_typeof(${positions.attributs}->${key}) when 'boolean' then (${positions.attributs}->${key})::boolean when 'string' then (${positions.attributs}->>${key}) = 'true' end`;

/** The fixes of a device between two instants, oldest first, with what the track reads of their attributes. */
export async function positionsBetween(
  db: Db,
  scope: Scope,
  appareilId: number,
  debutMs: number,
  finMs: number,
) {
  return scoped(db, scope)
    .select({
      heure: positions.heure,
      latitude: positions.latitude,
      longitude: positions.longitude,
      vitesse: positions.vitesse,
      contact: attributBool('ignition'),
      mouvement: attributBool('motion'),
      conducteur: sql<string | null>`${positions.attributs}->>'driverUniqueId'`,
    })
    .from(positions)
    .where(
      and(
        eq(positions.appareil_id, appareilId),
        sql`${positions.heure} >= ${new Date(debutMs).toISOString()}`,
        sql`${positions.heure} < ${new Date(finMs).toISOString()}`,
      ),
    )
    .orderBy(asc(positions.heure));
}

/**
 * Identifiers that reported without being registered, newest first: the superadmins' only (a company adds
 * its devices by typing their identifier), those seen within GPS.inconnusHeures.
 */
export async function listInconnus(db: Db, scope: Scope): Promise<AppareilInconnuOut[]> {
  assertPlateforme(scope);
  const since = new Date(Date.now() - GPS.inconnusHeures * 3600_000).toISOString();
  return db
    .select()
    .from(appareilsInconnus)
    .where(gt(appareilsInconnus.derniere_vue, since))
    .orderBy(desc(appareilsInconnus.derniere_vue))
    .limit(GPS.inconnusMax);
}

/** 403 unless the signed-in user is a superadmin (whatever company its lists are narrowed to). */
export function assertPlateforme(scope: Scope): void {
  if (scope.user.type !== 'superadmin') throw inconnusReserves();
}
