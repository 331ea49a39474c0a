import type { ReleveKilometrage } from '@yams/shared';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { toIso } from '../../db/columns';
import { scoped } from '../../db/scoped';
import type { Scope } from '../../plugins/auth';
import { pleinsCarburant } from '../chauffeur/chauffeur.table';
import { interventions } from '../fleet/fleet.table';

// A vehicle's odometer, from every entry that reads it: the fills (the office's, the imports', the driver's
// app's) and the interventions. The current value is the latest reading by date, whatever its source.

/** Noon in Libreville of an intervention's day, to sort it among the fills' instants. */
const midi = (day: string) => Date.parse(`${day}T12:00:00+01:00`);
const quand = (r: ReleveKilometrage) => (r.date.length === 10 ? midi(r.date) : Date.parse(r.date));

/** The readings of a vehicle of the scope, newest first (`limit`: the latest ones of each source only). */
export async function relevesKilometrage(
  db: Db,
  scope: Pick<Scope, 'entrepriseId'>,
  vehiculeId: number,
  limit = 500,
): Promise<ReleveKilometrage[]> {
  const s = scoped(db, scope);
  const pleins = await s
    .select({
      id: pleinsCarburant.id,
      km: pleinsCarburant.kilometrage,
      date: pleinsCarburant.date_plein,
      saisie: pleinsCarburant.saisie,
    })
    .from(pleinsCarburant)
    .where(and(eq(pleinsCarburant.vehicule_id, vehiculeId), isNotNull(pleinsCarburant.kilometrage)))
    .orderBy(desc(pleinsCarburant.date_plein), desc(pleinsCarburant.id))
    .limit(limit);
  const garage = await s
    .select({
      id: interventions.id,
      km: interventions.kilometrage,
      debut: interventions.date_debut,
      fin: interventions.date_fin,
    })
    .from(interventions)
    .where(and(eq(interventions.vehicule_id, vehiculeId), isNotNull(interventions.kilometrage)))
    .orderBy(desc(interventions.date_debut), desc(interventions.id))
    .limit(limit);
  const releves: ReleveKilometrage[] = [
    ...pleins.map((p) => ({
      kilometrage: p.km!,
      source: p.saisie === 'chauffeur' ? ('application' as const) : ('carburant' as const),
      date: toIso(p.date),
      reference_id: p.id,
    })),
    ...garage.map((i) => ({
      kilometrage: i.km!,
      source: 'intervention' as const,
      date: i.fin ?? i.debut,
      reference_id: i.id,
    })),
  ];
  return releves.sort((a, b) => quand(b) - quand(a) || b.reference_id - a.reference_id).slice(0, limit);
}
