import { addDays, todayInGabon } from '@yams/shared';
import { asc, ilike } from 'drizzle-orm';
import { scoped } from '../../db/scoped';
import { plansEntretien, vehicules } from '../fleet/fleet.table';
import type { SeedContext } from '../module';
import { articles, services } from '../reference/reference.table';

/** Noon in Libreville `jours` days ago, as the plan's start (its `created_at`). */
const ilYA = (today: string, jours: number) => `${addDays(today, -jours)}T12:00:00+01:00`;

/**
 * Plans on every demo vehicle (no random draw: the seeds before stay as they were, and no intervention is
 * added, so the totals the specs read do not move): a « Vidange moteur » every 10 000 km or 6 months per
 * vehicle type, and a yearly « Visite technique » per vehicle started on staggered days — the first vehicle's
 * is overdue, the second's due within the month, the others' later.
 */
export async function seedEntretien({ db, companies }: SeedContext): Promise<void> {
  const today = todayInGabon();
  for (const c of companies) {
    const s = scoped(db, { entrepriseId: c.id });
    const vs = await s
      .select({ id: vehicules.id, type: vehicules.type_vehicule_id })
      .from(vehicules)
      .orderBy(asc(vehicules.id));
    if (!vs.length) continue;
    // The oil change's usual service and oil filter, when the company's workshop has them.
    const [vidange] = await s
      .select({ id: services.id })
      .from(services)
      .where(ilike(services.libelle, 'Vidange%'))
      .limit(1);
    const [filtre] = await s
      .select({ id: articles.id })
      .from(articles)
      .where(ilike(articles.reference, 'FL-HUILE'))
      .limit(1);
    const types = [...new Set(vs.map((v) => v.type).filter((t): t is number => t !== null))];
    const rows: Array<typeof plansEntretien.$inferInsert> = [
      ...types.map((t) => ({
        entreprise_id: c.id,
        libelle: 'Vidange moteur',
        type_vehicule_id: t,
        intervalle_km: 10_000,
        intervalle_mois: 6,
        service_ids: vidange ? [vidange.id] : [],
        article_ids: filtre ? [filtre.id] : [],
        created_at: ilYA(today, 150),
        updated_at: ilYA(today, 150),
      })),
      ...vs.map((v, i) => {
        const jours = i === 0 ? 400 : i === 1 ? 350 : 30 * (1 + (i % 9));
        return {
          entreprise_id: c.id,
          libelle: 'Visite technique',
          vehicule_id: v.id,
          intervalle_mois: 12,
          created_at: ilYA(today, jours),
          updated_at: ilYA(today, jours),
        };
      }),
    ];
    await s.insert(plansEntretien).values(rows.map(({ entreprise_id: _e, ...r }) => r));
  }
}
