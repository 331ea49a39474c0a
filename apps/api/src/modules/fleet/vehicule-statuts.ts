import { todayInGabon } from '@yams/shared';
import { and, eq, exists, gte, inArray, isNull, lte, notExists, notInArray, or, type SQL } from 'drizzle-orm';
import type { Scoped } from '../../db/scoped';
import { interventions, vehicules } from './fleet.table';

/** Confirmed interventions of the vehicle that cover the day (an open end counts as still going). */
function coveringInterventions(s: Scoped, day: string) {
  return s
    .select({ id: interventions.id })
    .from(interventions)
    .where(
      and(
        eq(interventions.vehicule_id, vehicules.id),
        eq(interventions.statut, 'Confirmé'),
        lte(interventions.date_debut, day),
        or(isNull(interventions.date_fin), gte(interventions.date_fin, day)),
      ),
    );
}

/**
 * Puts 'En intervention' the vehicles that a confirmed intervention covers today, and back to 'Disponible'
 * those no longer covered. 'En course' is never overridden (the course decides). Called after every write
 * touching interventions and by the periodic job; the operations domain may call it too.
 */
export async function refreshVehiculeStatuts(
  s: Scoped,
  options: { vehiculeIds?: number[]; today?: string } = {},
): Promise<{ enIntervention: number; disponibles: number }> {
  const today = options.today ?? todayInGabon();
  const scope: SQL | undefined = and(
    options.vehiculeIds
      ? inArray(vehicules.id, options.vehiculeIds.length ? options.vehiculeIds : [0])
      : undefined,
  );
  const now = new Date().toISOString();
  const started = await s
    .update(vehicules)
    .set({ statut: 'En intervention', updated_at: now })
    .where(
      and(
        scope,
        notInArray(vehicules.statut, ['En course', 'En intervention']),
        exists(coveringInterventions(s, today)),
      ),
    )
    .returning({ id: vehicules.id });
  const ended = await s
    .update(vehicules)
    .set({ statut: 'Disponible', updated_at: now })
    .where(and(scope, eq(vehicules.statut, 'En intervention'), notExists(coveringInterventions(s, today))))
    .returning({ id: vehicules.id });
  return { enIntervention: started.length, disponibles: ended.length };
}
