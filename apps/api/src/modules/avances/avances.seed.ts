import { randomUUID } from 'node:crypto';
import { addDays, jourAGabon, todayInGabon } from '@yams/shared';
import { and, desc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { users } from '../../db/core.table';
import { scoped } from '../../db/scoped';
import { scopeOf } from '../../plugins/auth';
import { fraisRoute, pleinsCarburant } from '../chauffeur/chauffeur.table';
import type { SeedContext } from '../module';
import { courses } from '../operations/operations.table';
import { getAvanceOut } from './avances.repository';
import { createAvance, solder } from './avances.service';

// TransGabon's advances (no random draw: the seeds before stay as they were): a course advance of the last
// finished course, justified by its road expenses and settled (the remainder returned); a month's advance for
// the two drivers who paid most fuel « Avance du chauffeur » lately, justified by those fills, still open;
// an advance for a course not started yet, nothing justified.

export async function seedAvances({ db, companies }: SeedContext): Promise<void> {
  const company = companies[0];
  if (!company) return;
  const today = todayInGabon();
  const own = scoped(db, { entrepriseId: company.id });
  const [user] = await own.select().from(users).where(eq(users.id, company.id));
  const scope = scopeOf(user!);

  // 1. The last finished course with a driver: its road expenses, an advance given the day before, settled.
  const [fini] = await own
    .select({
      id: courses.id,
      chauffeur_id: courses.chauffeur_id,
      vehicule_id: courses.vehicule_id,
      date: courses.date_chargement,
    })
    .from(courses)
    .where(
      and(eq(courses.statut, 'Terminé'), isNotNull(courses.chauffeur_id), isNotNull(courses.vehicule_id)),
    )
    .orderBy(desc(courses.date_chargement))
    .limit(1);
  if (fini) {
    const jour = jourAGabon(fini.date!);
    const frais = [
      { type: 'Péage', montant: 2_000, note: 'Péage de Ntoum' },
      { type: 'Pesage', montant: 5_000, note: 'Pont-bascule PK 12' },
      { type: 'Per diem', montant: 10_000, note: null },
    ];
    await own.insert(fraisRoute).values(
      frais.map((f, k) => ({
        ...f,
        chauffeur_id: fini.chauffeur_id!,
        id_client: randomUUID(),
        course_id: fini.id,
        vehicule_id: fini.vehicule_id!,
        date_frais: new Date(Date.parse(`${jour}T09:00:00+01:00`) + k * 3 * 3_600_000).toISOString(),
      })),
    );
    const id = await createAvance(db, scope, {
      chauffeur_id: fini.chauffeur_id!,
      course_id: fini.id,
      montant: 25_000,
      mode: 'Espèces',
      date_operation: addDays(jour, -1),
      reference: null,
      note: 'Frais de route de la course',
    });
    const a = await getAvanceOut(db, scope, id);
    await solder(db, scope, id, {
      montant: a.reste,
      mode: 'Espèces',
      date_operation: addDays(jour, 1) > today ? today : addDays(jour, 1),
    });
  }

  // 2. A month's advance for the two drivers who paid most fuel on their advance these 30 days: still open.
  const debut = addDays(today, -30);
  const parChauffeur = await own
    .select({
      chauffeur_id: pleinsCarburant.chauffeur_id,
      total: sql<number>`sum(${pleinsCarburant.montant})::int`,
    })
    .from(pleinsCarburant)
    .where(
      and(
        eq(pleinsCarburant.mode_paiement, 'avance'),
        isNotNull(pleinsCarburant.chauffeur_id),
        gte(pleinsCarburant.date_plein, `${debut}T00:00:00+01:00`),
      ),
    )
    .groupBy(pleinsCarburant.chauffeur_id)
    .orderBy(desc(sql`sum(${pleinsCarburant.montant})`))
    .limit(2);
  for (const [k, c] of parChauffeur.entries()) {
    await createAvance(db, scope, {
      chauffeur_id: c.chauffeur_id!,
      course_id: null,
      date_debut: debut,
      date_fin: addDays(today, 7),
      // One a little above what he spent (a remainder to return), the other below (a shortfall to pay).
      montant: Math.round((Number(c.total) * (k === 0 ? 1.2 : 0.8)) / 5_000) * 5_000 || 50_000,
      mode: k === 0 ? 'Espèces' : 'Airtel Money',
      date_operation: debut,
      reference: k === 0 ? null : 'AM-2026-4471',
      note: 'Avance carburant du mois',
    });
  }

  // 3. A course not started yet: its advance is given, nothing justified.
  const [prochaine] = await own
    .select({ id: courses.id, chauffeur_id: courses.chauffeur_id })
    .from(courses)
    .where(and(eq(courses.statut, 'Chargement en attente'), isNotNull(courses.chauffeur_id)))
    .orderBy(desc(courses.date_chargement))
    .limit(1);
  if (prochaine) {
    await createAvance(db, scope, {
      chauffeur_id: prochaine.chauffeur_id!,
      course_id: prochaine.id,
      montant: 40_000,
      mode: 'Espèces',
      date_operation: today,
      reference: null,
      note: null,
    });
  }
}
