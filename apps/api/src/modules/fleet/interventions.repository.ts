import type { InterventionOut } from '@yams/shared';
import { interventionCan } from '@yams/shared';
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scoped } from '../../db/scoped';
import { searchCondition } from '../../lib/filters-ids';
import { dateInMonth, spanOverlaps } from '../../lib/filters-spans';
import { countsOf, type ListSource } from '../../lib/pagination';
import { orderFor, type Sortable } from '../../lib/sorting';
import type { Scope } from '../../plugins/auth';
import { garages } from '../reference/reference.table';
import { interventionNotFound, MAX_ID } from './fleet.errors';
import { type Intervention, interventionLignes, interventions, vehicules } from './fleet.table';

function selectInterventions(db: Db, scope: Scope) {
  return scoped(db, scope)
    .select({
      ...getTableColumns(interventions),
      vehicule: { id: vehicules.id, plaque: vehicules.plaque },
      garage: { id: garages.id, nom: garages.nom },
    })
    .from(interventions)
    .leftJoin(vehicules, eq(vehicules.id, interventions.vehicule_id))
    .leftJoin(garages, eq(garages.id, interventions.garage_id));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectInterventions>['execute']>>[number];

/** Rows with their lines, and the dates and vehicle also under the names the calendar and spec read. */
async function withLignes(db: Db, rows: Row[]): Promise<InterventionOut[]> {
  const ids = rows.map((r) => r.id);
  const lignes = ids.length
    ? await db
        .select()
        .from(interventionLignes)
        .where(inArray(interventionLignes.intervention_id, ids))
        .orderBy(asc(interventionLignes.position), asc(interventionLignes.id))
    : [];
  return rows.map((r) => ({
    ...r,
    camion: r.vehicule,
    debut: r.date_debut,
    fin: r.date_fin,
    lignes: lignes.filter((l) => l.intervention_id === r.id),
    can: interventionCan(r),
  }));
}

export interface InterventionFilters extends Sortable {
  vehicule?: number;
  garage?: number;
  type?: string;
  statut?: string;
  date_debut?: string;
  date_fin?: string;
  req_period?: string;
  search?: string;
}

export function listInterventions(db: Db, scope: Scope, f: InterventionFilters): ListSource<InterventionOut> {
  const order = orderFor(
    f.sort,
    {
      id: interventions.id,
      type: interventions.type,
      date_debut: interventions.date_debut,
      date_fin: interventions.date_fin,
      montant: interventions.montant,
      statut: interventions.statut,
      vehicule: vehicules.plaque,
      garage: garages.nom,
    },
    { desc: [interventions.date_debut, interventions.id] },
  );
  const where = and(
    f.vehicule ? eq(interventions.vehicule_id, f.vehicule) : undefined,
    f.garage ? eq(interventions.garage_id, f.garage) : undefined,
    f.type ? eq(interventions.type, f.type) : undefined,
    f.statut ? eq(interventions.statut, f.statut) : undefined,
    spanOverlaps(interventions.date_debut, interventions.date_fin, f.date_debut, f.date_fin),
    dateInMonth([interventions.date_debut, interventions.date_fin], f.req_period),
    searchCondition(f.search, [vehicules.plaque, garages.nom, interventions.description]),
  );
  return {
    ...countsOf(db, () =>
      scoped(db, scope)
        .select({ one: sql`1` })
        .from(interventions)
        .leftJoin(vehicules, eq(vehicules.id, interventions.vehicule_id))
        .leftJoin(garages, eq(garages.id, interventions.garage_id))
        .where(where),
    ),
    async rows(limit, offset) {
      const rows = await selectInterventions(db, scope)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
      return withLignes(db, rows);
    },
  };
}

/** The stored row of an intervention of the scope, or 404 exactly like a missing one. */
export async function findIntervention(
  db: Db,
  scope: Scope,
  id: number,
  notFound = interventionNotFound,
): Promise<Intervention> {
  if (id > MAX_ID) throw notFound();
  const [row] = await scoped(db, scope).select().from(interventions).where(eq(interventions.id, id)).limit(1);
  if (!row) throw notFound();
  return row;
}

export async function getInterventionOut(db: Db, scope: Scope, id: number): Promise<InterventionOut> {
  const rows = await selectInterventions(db, scope).where(eq(interventions.id, id)).limit(1);
  if (!rows.length) throw interventionNotFound();
  return (await withLignes(db, rows))[0]!;
}
