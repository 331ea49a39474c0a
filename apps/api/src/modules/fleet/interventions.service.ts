import {
  type InterventionBody,
  type InterventionLigneBody,
  type InterventionOut,
  type InterventionUpdateBody,
  montantHorsColonne,
  montantIntervention,
  montantLigne,
  PLAN_MSG,
} from '@yams/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Scoped, scoped } from '../../db/scoped';
import { resolveEntrepriseExistante } from '../../db/tenancy';
import { AppError, fieldErrors } from '../../lib/errors';
import type { Scope } from '../../plugins/auth';
import { assertOwnRow } from '../reference/reference.checks';
import { articles, garages, services } from '../reference/reference.table';
import { interventionLocked, interventionNotFound, stockInsuffisant } from './fleet.errors';
import { interventionLignes, interventions, plansEntretien, vehicules } from './fleet.table';
import { findIntervention, getInterventionOut } from './interventions.repository';
import { refreshVehiculeStatuts } from './vehicule-statuts';

type NewLigne = Omit<typeof interventionLignes.$inferInsert, 'intervention_id'>;

/** Lines priced from the company's services and articles when the body gives no libellé or price. */
async function resolveLignes(s: Scoped, lignes: InterventionLigneBody[]): Promise<NewLigne[]> {
  const resolved: NewLigne[] = [];
  for (const [i, l] of lignes.entries()) {
    let libelle: string;
    let prix: number;
    if (l.kind === 'service') {
      const [service] = await s.select().from(services).where(eq(services.id, l.service_id!));
      if (!service) throw fieldErrors({ [`lignes.${i}.service_id`]: "Ce service n'existe pas." });
      [libelle, prix] = [service.libelle, service.montant];
    } else {
      const [a] = await s.select().from(articles).where(eq(articles.id, l.article_id!));
      if (!a) throw fieldErrors({ [`lignes.${i}.article_id`]: "Cet article n'existe pas." });
      [libelle, prix] = [a.nom, a.prix_unitaire];
    }
    const ligne = { qte: l.qte, prix_unitaire: l.prix_unitaire ?? prix };
    const horsColonne = montantHorsColonne(`Le montant de la ligne ${i + 1}`, montantLigne(ligne));
    if (horsColonne) throw fieldErrors({ [`lignes.${i}.qte`]: horsColonne });
    resolved.push({
      position: i,
      kind: l.kind,
      service_id: l.kind === 'service' ? l.service_id : null,
      article_id: l.kind === 'article' ? l.article_id : null,
      libelle: l.libelle ?? libelle,
      ...ligne,
      montant: montantLigne(ligne),
    });
  }
  const total = montantHorsColonne("Le montant total de l'intervention", montantIntervention(resolved));
  if (total) throw fieldErrors({ lignes: total });
  return resolved;
}

/** `s`: scoped to the intervention's company. */
async function checkRefs(
  s: Scoped,
  body: Pick<InterventionBody, 'vehicule_id' | 'garage_id' | 'plan_entretien_id'>,
) {
  await assertOwnRow(s, vehicules, body.vehicule_id, 'vehicule_id', "Ce véhicule n'existe pas.");
  await assertOwnRow(s, garages, body.garage_id, 'garage_id', "Ce garage n'existe pas.");
  if (body.plan_entretien_id) {
    const [plan] = await s
      .select({ vehicule_id: plansEntretien.vehicule_id, type_vehicule_id: plansEntretien.type_vehicule_id })
      .from(plansEntretien)
      .where(eq(plansEntretien.id, body.plan_entretien_id));
    if (!plan) throw fieldErrors({ plan_entretien_id: PLAN_MSG.planInconnu });
    const [v] = await s
      .select({ type: vehicules.type_vehicule_id })
      .from(vehicules)
      .where(eq(vehicules.id, body.vehicule_id));
    const applicable = plan.vehicule_id
      ? plan.vehicule_id === body.vehicule_id
      : plan.type_vehicule_id === (v?.type ?? null);
    if (!applicable) throw fieldErrors({ plan_entretien_id: PLAN_MSG.planAutreVehicule });
  }
}

async function writeLignes(tx: Db, interventionId: number, lignes: NewLigne[]) {
  if (lignes.length) {
    await tx
      .insert(interventionLignes)
      .values(lignes.map((l) => ({ ...l, intervention_id: interventionId })));
  }
}

const fields = (body: Omit<InterventionBody, 'lignes'>, montant: number) => ({
  vehicule_id: body.vehicule_id,
  garage_id: body.garage_id,
  type: body.type,
  date_debut: body.date_debut,
  date_fin: body.date_fin ?? null,
  description: body.description ?? null,
  kilometrage: body.kilometrage ?? null,
  plan_entretien_id: body.plan_entretien_id ?? null,
  montant,
});

export async function createIntervention(
  db: Db,
  scope: Scope,
  body: InterventionBody,
): Promise<InterventionOut> {
  // A superadmin may name the company, or let the vehicle's company decide.
  let requested = body.entreprise_id;
  if (!requested && scope.entrepriseId === null) {
    const [v] = await scoped(db, scope).select().from(vehicules).where(eq(vehicules.id, body.vehicule_id));
    if (!v) throw fieldErrors({ vehicule_id: "Ce véhicule n'existe pas." });
    requested = v.entreprise_id;
  }
  const entrepriseId = await resolveEntrepriseExistante(db, scope, requested);
  const company = scoped(db, { entrepriseId });
  await checkRefs(company, body);
  const lignes = await resolveLignes(company, body.lignes);
  const id = await company.transaction(async (t, tx) => {
    const [row] = await t
      .insert(interventions)
      .values({ ...fields(body, montantIntervention(lignes)) })
      .returning({ id: interventions.id });
    await writeLignes(tx, row!.id, lignes);
    return row!.id;
  });
  return getInterventionOut(db, scope, id);
}

/** A draft is rewritten whole: its fields and its lines. */
export async function updateIntervention(
  db: Db,
  scope: Scope,
  id: number,
  body: InterventionUpdateBody,
): Promise<InterventionOut> {
  const current = await findIntervention(db, scope, id);
  if (current.statut !== 'Brouillon') throw interventionLocked();
  const company = scoped(db, { entrepriseId: current.entreprise_id });
  // What is not sent is kept: the stored fields, and the stored lines when `lignes` is absent.
  const { lignes: sentLignes, ...sent } = body;
  const merged = {
    vehicule_id: current.vehicule_id,
    garage_id: current.garage_id,
    type: current.type as InterventionBody['type'],
    date_debut: current.date_debut,
    date_fin: current.date_fin,
    description: current.description,
    kilometrage: current.kilometrage,
    plan_entretien_id: current.plan_entretien_id,
    ...Object.fromEntries(Object.entries(sent).filter(([, v]) => v !== undefined)),
  };
  if (merged.date_fin && merged.date_fin < merged.date_debut) {
    throw fieldErrors({ date_fin: 'La date de fin doit être postérieure ou égale à la date de début.' });
  }
  await checkRefs(company, merged);
  const lignes = sentLignes === undefined ? undefined : await resolveLignes(company, sentLignes);
  await company.transaction(async (t, tx) => {
    const updated = await t
      .update(interventions)
      .set(fields(merged, lignes ? montantIntervention(lignes) : current.montant))
      .where(and(eq(interventions.id, id), eq(interventions.statut, 'Brouillon')))
      .returning({ id: interventions.id });
    if (!updated.length) throw interventionLocked();
    if (lignes) {
      await tx.delete(interventionLignes).where(eq(interventionLignes.intervention_id, id));
      await writeLignes(tx, id, lignes);
    }
  });
  await refreshVehiculeStatuts(scoped(db, { entrepriseId: current.entreprise_id }), {
    vehiculeIds: [current.vehicule_id, merged.vehicule_id],
  });
  return getInterventionOut(db, scope, id);
}

/**
 * Brouillon → Confirmé in one transaction: the articles' quantities leave the stock, or nothing changes
 * when one of them is short. The vehicle goes 'En intervention' if the dates cover today.
 */
export async function confirmIntervention(db: Db, scope: Scope, id: number): Promise<InterventionOut> {
  const current = await findIntervention(db, scope, id);
  if (current.statut !== 'Brouillon') {
    throw new AppError('interventions.confirmed', 422, ['Cette intervention est déjà confirmée.']);
  }
  if (!current.date_fin) {
    throw fieldErrors({ date_fin: "Indiquez la date de fin de l'intervention avant de la confirmer." });
  }
  await scoped(db, { entrepriseId: current.entreprise_id }).transaction(async (t, tx) => {
    const [locked] = await t
      .select({ statut: interventions.statut })
      .from(interventions)
      .where(eq(interventions.id, id))
      .for('update');
    if (locked?.statut !== 'Brouillon') {
      throw new AppError('interventions.confirmed', 422, ['Cette intervention est déjà confirmée.']);
    }
    const needs = await tx
      .select({
        article_id: interventionLignes.article_id,
        qte: sql<number>`sum(${interventionLignes.qte})`.mapWith(Number),
      })
      .from(interventionLignes)
      .where(and(eq(interventionLignes.intervention_id, id), eq(interventionLignes.kind, 'article')))
      .groupBy(interventionLignes.article_id);
    const ids = needs.map((n) => n.article_id!).sort((a, b) => a - b);
    const stock = ids.length
      ? await t.select().from(articles).where(inArray(articles.id, ids)).orderBy(articles.id).for('update')
      : [];
    for (const need of needs) {
      const article = stock.find((a) => a.id === need.article_id)!;
      if (article.qte < need.qte) throw stockInsuffisant(article.nom, article.qte);
    }
    for (const need of needs) {
      await t
        .update(articles)
        .set({ qte: sql`${articles.qte} - ${need.qte}` })
        .where(eq(articles.id, need.article_id!));
    }
    await t
      .update(interventions)
      .set({ statut: 'Confirmé', confirmed_at: new Date().toISOString() })
      .where(eq(interventions.id, id));
    await refreshVehiculeStatuts(t, { vehiculeIds: [current.vehicule_id] });
  });
  return getInterventionOut(db, scope, id);
}

/** Only a draft may be deleted (a confirmed one has taken articles out of stock). */
export async function destroyIntervention(
  db: Db,
  scope: Scope,
  id: number,
  options: { group?: boolean } = {},
): Promise<string> {
  const which = options.group ? `L'intervention n°${id}` : "L'intervention";
  const current = await findIntervention(db, scope, id, () =>
    interventionNotFound(options.group ? `L'intervention n°${id} n'existe pas.` : undefined),
  );
  if (current.statut !== 'Brouillon') {
    throw new AppError('interventions.locked', 422, [
      `${which} est confirmée : elle ne peut pas être supprimée.`,
    ]);
  }
  await scoped(db, scope)
    .delete(interventions)
    .where(and(eq(interventions.id, id), eq(interventions.statut, 'Brouillon')));
  await refreshVehiculeStatuts(scoped(db, { entrepriseId: current.entreprise_id }), {
    vehiculeIds: [current.vehicule_id],
  });
  return `${which} a été supprimée.`;
}
