import type { QueryOf, ZoneOut, zonesContract } from '@yams/shared';
import { and, eq, ilike, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { toIso } from '../../db/columns';
import { users } from '../../db/core.table';
import { scoped } from '../../db/scoped';
import { createErrorFactory } from '../../lib/errors';
import { likePattern } from '../../lib/filters-ids';
import type { ListSource } from '../../lib/pagination';
import { orderFor } from '../../lib/sorting';
import type { Scope } from '../../plugins/auth';
import { nomCompletSql } from '../operations/operations.refs';
import { zones } from './geolocation.table';

export const zoneNotFound = createErrorFactory({
  code: 'zones.not_found',
  statusCode: 404,
  message: "Cette zone n'existe pas.",
});

const client = alias(users, 'client');

const columns = {
  id: zones.id,
  entreprise_id: zones.entreprise_id,
  nom: zones.nom,
  type: zones.type,
  categorie: zones.categorie,
  latitude: zones.latitude,
  longitude: zones.longitude,
  rayon_m: zones.rayon_m,
  points: zones.points,
  client_id: zones.client_id,
  client_nom: sql<string | null>`case when ${client.id} is null then null else ${nomCompletSql(client)} end`,
  created_at: zones.created_at,
  updated_at: zones.updated_at,
};

const select = (db: Db, scope: Scope) =>
  scoped(db, scope).select(columns).from(zones).leftJoin(client, eq(client.id, zones.client_id));

type Row = Awaited<ReturnType<ReturnType<typeof select>['where']>>[number];

const toOut = (r: Row): ZoneOut => ({
  id: r.id,
  entreprise_id: r.entreprise_id,
  nom: r.nom,
  type: r.type,
  categorie: r.categorie,
  latitude: r.latitude,
  longitude: r.longitude,
  rayon_m: r.rayon_m,
  points: r.points ?? null,
  client: r.client_id && r.client_nom ? { id: r.client_id, nom: r.client_nom } : null,
  created_at: toIso(r.created_at),
  updated_at: toIso(r.updated_at),
});

type Query = QueryOf<typeof zonesContract>;

function conditions(q: Partial<Query>) {
  return and(
    q.search ? ilike(zones.nom, likePattern(q.search)) : undefined,
    q.type ? eq(zones.type, q.type) : undefined,
    q.categorie ? eq(zones.categorie, q.categorie) : undefined,
    q.client ? eq(zones.client_id, q.client) : undefined,
  );
}

export function listZones(db: Db, scope: Scope, q: Query): ListSource<ZoneOut> {
  return {
    count: async () =>
      Number(
        (await scoped(db, scope).select({ n: sql<number>`count(*)` }).from(zones).where(conditions(q)))[0]
          ?.n ?? 0,
      ),
    rows: async (limit, offset) =>
      (
        await select(db, scope)
          .where(conditions(q))
          .orderBy(
            ...orderFor(
              q.sort,
              { nom: zones.nom, categorie: zones.categorie, created_at: zones.created_at },
              { asc: [zones.nom, zones.id] },
            ),
          )
          .limit(limit)
          .offset(offset)
      ).map(toOut),
  };
}

/** Every zone of the scope (one if asked), for the reports. */
export async function zonesDuRapport(db: Db, scope: Scope, id?: number): Promise<ZoneOut[]> {
  return (await select(db, scope).where(id ? eq(zones.id, id) : undefined)).map(toOut);
}

export async function getZone(db: Db, scope: Scope, id: number): Promise<ZoneOut> {
  const [row] = await select(db, scope).where(eq(zones.id, id));
  if (!row) throw zoneNotFound();
  return toOut(row);
}
