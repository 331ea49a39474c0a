import {
  PLAN_MSG,
  type PlanEntretienBody,
  type PlanEntretienUpdateBody,
  planCibleValide,
  planIntervalleValide,
} from '@yams/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Scoped, scoped } from '../../db/scoped';
import { resolveEntrepriseExistante } from '../../db/tenancy';
import { fieldErrors } from '../../lib/errors';
import type { Scope } from '../../plugins/auth';
import { plansEntretien, vehicules } from '../fleet/fleet.table';
import { assertOwnRow } from '../reference/reference.checks';
import { articles, services, typesVehicules } from '../reference/reference.table';
import { planNotFound } from './plans.repository';

type Champs = Omit<PlanEntretienBody, 'entreprise_id'>;

/** The target (one vehicle or one type), an interval, and the company's own services and articles. */
async function verifier(db: Db, s: Scoped, p: Champs): Promise<void> {
  if (!planCibleValide(p)) throw fieldErrors({ vehicule_id: PLAN_MSG.cible });
  if (!planIntervalleValide(p)) throw fieldErrors({ intervalle_km: PLAN_MSG.intervalle });
  await assertOwnRow(s, vehicules, p.vehicule_id, 'vehicule_id', PLAN_MSG.vehiculeInconnu);
  if (p.type_vehicule_id) {
    const [t] = await db
      .select({ id: typesVehicules.id })
      .from(typesVehicules)
      .where(eq(typesVehicules.id, p.type_vehicule_id)); // platform table
    if (!t) throw fieldErrors({ type_vehicule_id: PLAN_MSG.typeInconnu });
  }
  const sIds = [...new Set(p.service_ids)];
  if (sIds.length) {
    const found = await s.select({ id: services.id }).from(services).where(inArray(services.id, sIds));
    if (found.length !== sIds.length) throw fieldErrors({ service_ids: PLAN_MSG.serviceInconnu });
  }
  const aIds = [...new Set(p.article_ids)];
  if (aIds.length) {
    const found = await s.select({ id: articles.id }).from(articles).where(inArray(articles.id, aIds));
    if (found.length !== aIds.length) throw fieldErrors({ article_ids: PLAN_MSG.articleInconnu });
  }
}

const valeurs = (p: Champs) => ({
  libelle: p.libelle,
  vehicule_id: p.vehicule_id ?? null,
  type_vehicule_id: p.type_vehicule_id ?? null,
  intervalle_km: p.intervalle_km ?? null,
  intervalle_mois: p.intervalle_mois ?? null,
  service_ids: [...new Set(p.service_ids)],
  article_ids: [...new Set(p.article_ids)],
  actif: p.actif,
});

export async function createPlan(db: Db, scope: Scope, body: PlanEntretienBody): Promise<number> {
  let requested = body.entreprise_id;
  if (!requested && scope.entrepriseId === null && body.vehicule_id) {
    const [v] = await scoped(db, scope).select().from(vehicules).where(eq(vehicules.id, body.vehicule_id));
    requested = v?.entreprise_id;
  }
  const entrepriseId = await resolveEntrepriseExistante(db, scope, requested);
  const s = scoped(db, { entrepriseId });
  await verifier(db, s, body);
  const [row] = await s.insert(plansEntretien).values(valeurs(body)).returning({ id: plansEntretien.id });
  return row!.id;
}

export async function updatePlan(
  db: Db,
  scope: Scope,
  id: number,
  body: PlanEntretienUpdateBody,
): Promise<void> {
  const [current] = await scoped(db, scope).select().from(plansEntretien).where(eq(plansEntretien.id, id));
  if (!current) throw planNotFound();
  const sent = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  const merged: Champs = {
    libelle: current.libelle,
    vehicule_id: current.vehicule_id,
    type_vehicule_id: current.type_vehicule_id,
    intervalle_km: current.intervalle_km,
    intervalle_mois: current.intervalle_mois,
    service_ids: current.service_ids,
    article_ids: current.article_ids,
    actif: current.actif,
    ...sent,
  };
  const s = scoped(db, { entrepriseId: current.entreprise_id });
  await verifier(db, s, merged);
  await s.update(plansEntretien).set(valeurs(merged)).where(eq(plansEntretien.id, id));
}

export async function destroyPlan(db: Db, scope: Scope, id: number): Promise<string> {
  const deleted = await scoped(db, scope)
    .delete(plansEntretien)
    .where(eq(plansEntretien.id, id))
    .returning({ id: plansEntretien.id });
  if (deleted.length === 0) throw planNotFound();
  return "Le plan d'entretien a été supprimé.";
}
