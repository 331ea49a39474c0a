import {
  type EcheancePlanOut,
  echeancePlan,
  echeancePlanTexte,
  jourAGabon,
  PLAN_ETAT_LIBELLES,
  type PlanEtat,
  parUrgence,
  todayInGabon,
} from '@yams/shared';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scoped } from '../../db/scoped';
import type { Scope } from '../../plugins/auth';
import { interventions, plansEntretien, vehicules } from '../fleet/fleet.table';
import { compteurVehicule } from '../fleet/vehicule-compteur';
import { intervalleTexte } from './plans.repository';

/** The intervention form prefilled from a plan for a vehicle (web: InterventionsPage reads `depuis`). */
export const lienIntervention = (planId: number, vehiculeId: number) =>
  `/parc-auto/interventions?id=nouveau&depuis=plan:${planId}:${vehiculeId}`;

export interface Echeance extends EcheancePlanOut {
  entreprise_id: number;
  urgence: number;
}

/**
 * Every vehicle of the scope under each active plan that applies to it (its own, or its type's), with the
 * due point from the last intervention made for that plan on that vehicle and its current odometer; the
 * most urgent first.
 */
export async function echeancesPlans(
  db: Db,
  scope: Pick<Scope, 'entrepriseId'>,
  filtre: { vehicule?: number; etat?: PlanEtat; dues?: boolean } = {},
  today: string = todayInGabon(),
): Promise<Echeance[]> {
  const s = scoped(db, scope);
  const plans = await s.select().from(plansEntretien).where(eq(plansEntretien.actif, true));
  if (!plans.length) return [];
  const vs = await s
    .select({
      id: vehicules.id,
      entreprise_id: vehicules.entreprise_id,
      plaque: vehicules.plaque,
      type: vehicules.type_vehicule_id,
    })
    .from(vehicules)
    .where(filtre.vehicule ? eq(vehicules.id, filtre.vehicule) : undefined);
  const faits = await s
    .select({
      id: interventions.id,
      plan: interventions.plan_entretien_id,
      vehicule: interventions.vehicule_id,
      date: sql<string>`coalesce(${interventions.date_fin}, ${interventions.date_debut})`,
      kilometrage: interventions.kilometrage,
    })
    .from(interventions)
    .where(
      and(
        isNotNull(interventions.plan_entretien_id),
        inArray(
          interventions.plan_entretien_id,
          plans.map((p) => p.id),
        ),
      ),
    )
    .orderBy(
      desc(sql`coalesce(${interventions.date_fin}, ${interventions.date_debut})`),
      desc(interventions.id),
    );
  const dernier = new Map<string, (typeof faits)[number]>();
  for (const f of faits) {
    const k = `${f.plan}:${f.vehicule}`;
    if (!dernier.has(k)) dernier.set(k, f);
  }
  const compteurs = new Map<number, number | null>();
  const compteur = async (v: { id: number; entreprise_id: number }) => {
    if (!compteurs.has(v.id)) {
      const r = await compteurVehicule()(db, { entrepriseId: v.entreprise_id }, v.id);
      compteurs.set(v.id, r?.kilometrage ?? null);
    }
    return compteurs.get(v.id)!;
  };

  const out: Echeance[] = [];
  for (const p of plans) {
    const cibles = vs.filter((v) =>
      p.vehicule_id
        ? v.id === p.vehicule_id
        : v.type !== null && v.type === p.type_vehicule_id && v.entreprise_id === p.entreprise_id,
    );
    for (const v of cibles) {
      const d = dernier.get(`${p.id}:${v.id}`) ?? null;
      const km = await compteur(v);
      const e = echeancePlan({
        plan: p,
        dernier: d ? { date: d.date, kilometrage: d.kilometrage } : null,
        compteur: km,
        depuis: jourAGabon(p.created_at),
        aujourdhui: today,
      });
      out.push({
        entreprise_id: p.entreprise_id,
        plan_id: p.id,
        libelle: p.libelle,
        vehicule: { id: v.id, plaque: v.plaque },
        intervalle: intervalleTexte(p),
        compteur: km,
        dernier: d ? { intervention_id: d.id, date: d.date, kilometrage: d.kilometrage } : null,
        prochaine_date: e.prochaine_date,
        prochain_km: e.prochain_km,
        jours_restants: e.jours_restants,
        km_restants: e.km_restants,
        etat: e.etat,
        etat_libelle: PLAN_ETAT_LIBELLES[e.etat],
        motif: e.motif,
        texte: echeancePlanTexte(e),
        lien_intervention: lienIntervention(p.id, v.id),
        urgence: e.urgence,
      });
    }
  }
  return out
    .filter(
      (e) => (filtre.etat ? e.etat === filtre.etat : true) && (filtre.dues ? e.etat !== 'a_jour' : true),
    )
    .sort((a, b) => parUrgence(a, b) || a.vehicule.plaque.localeCompare(b.vehicule.plaque));
}

/** The answer's rows: without the company and the sort key (infinite when nothing is known). */
export const echeanceOut = ({ entreprise_id: _e, urgence: _u, ...rest }: Echeance): EcheancePlanOut => rest;
