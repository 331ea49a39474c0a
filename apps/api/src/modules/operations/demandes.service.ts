import {
  type AcceptDemandeBody,
  DATE_SOUHAITEE_PASSEE,
  DEMANDE_STATUTS_OUVERTS,
  type DemandeBody,
  type DemandeStatut,
  type DemandeUpdateBody,
  demandeTransitionError,
  GABON_UTC_OFFSET,
  todayInGabon,
} from '@yams/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scoped } from '../../db/scoped';
import { resolveEntreprise, resolveEntrepriseExistante } from '../../db/tenancy';
import { fieldErrors } from '../../lib/errors';
import { transaction } from '../../lib/transaction';
import type { Scope } from '../../plugins/auth';
import { notify } from '../notifications/notify';
import { insertCourse } from './courses.service';
import { lockDemande } from './demandes.repository';
import { demandeNotFound, demandeNotYours, demandeTaken, transitionRefused } from './operations.errors';
import { assertClient, assertRefs } from './operations.refs';
import { type Demande, demandes } from './operations.table';
import { vehiculeConflict } from './vehicule-suivi';

const ouverte = (d: Demande) => DEMANDE_STATUTS_OUVERTS.includes(d.statut as DemandeStatut);

/** Only the company that recorded a request (or a superadmin) changes it; others may only accept it. */
async function lockOwnDemande(tx: Db, scope: Scope, id: number): Promise<Demande> {
  const d = await lockDemande(tx, scope, id);
  if (scope.entrepriseId !== null && d.cree_par_entreprise_id !== scope.entrepriseId) throw demandeNotYours();
  return d;
}

/**
 * A back-office user records a request on behalf of one of its clients (a superadmin names the company). It
 * stays the company's own until it broadcasts it.
 */
export function createDemande(db: Db, scope: Scope, body: DemandeBody): Promise<number> {
  return transaction(db, async (tx) => {
    const entrepriseId = await resolveEntrepriseExistante(tx, scope, body.entreprise_id);
    await assertClient(tx, entrepriseId, body.client_id);
    await assertRefs(tx, entrepriseId, body);
    const { entreprise_id: _company, ...values } = body;
    const [row] = await scoped(tx, { entrepriseId })
      .insert(demandes)
      .values({ ...values, statut: 'En attente' })
      .returning({ id: demandes.id });
    return row!.id;
  });
}

export function updateDemande(db: Db, scope: Scope, id: number, body: DemandeUpdateBody): Promise<void> {
  return transaction(db, async (tx) => {
    const d = await lockOwnDemande(tx, scope, id);
    if (!ouverte(d)) {
      throw fieldErrors({ statut: `Une demande au statut « ${d.statut} » ne peut plus être modifiée.` });
    }
    if (body.client_id !== undefined && body.client_id !== d.client_id) {
      await assertClient(tx, scope.entrepriseId, body.client_id);
    }
    // A wished date already past may stay (the form sends it back unchanged); a new one may not be past.
    if (
      body.date_souhaitee &&
      body.date_souhaitee !== d.date_souhaitee &&
      body.date_souhaitee < todayInGabon()
    ) {
      throw fieldErrors({ date_souhaitee: DATE_SOUHAITEE_PASSEE });
    }
    await assertRefs(tx, d.cree_par_entreprise_id ?? 0, body);
    // An empty update is a no-op (drizzle refuses a SET without columns).
    if (Object.values(body).some((v) => v !== undefined)) {
      await scoped(tx, scope).update(demandes).set(body).where(eq(demandes.id, d.id));
    }
  });
}

/** 'Recherche en cours' (broadcast to every transporteur) or 'Annulé'. */
export function changeDemandeStatut(
  db: Db,
  scope: Scope,
  id: number,
  to: 'Recherche en cours' | 'Annulé',
): Promise<string> {
  return transaction(db, async (tx) => {
    const d = await lockOwnDemande(tx, scope, id);
    const error = demandeTransitionError(d.statut as DemandeStatut, to);
    if (error) throw transitionRefused(error);
    await scoped(tx, scope).update(demandes).set({ statut: to }).where(eq(demandes.id, d.id));
    if (to === 'Recherche en cours') {
      await notify(tx, {
        type: 'demande_diffusee',
        titre: `Nouvelle demande n°${d.id} diffusée`,
        contenu: [d.adresse_chargement, d.adresse_dechargement].filter(Boolean).join(' → ') || null,
        lien: `/operations/demandes?id=${d.id}`,
        saufEntreprises: d.cree_par_entreprise_id ? [d.cree_par_entreprise_id] : [],
        auteur: scope.user.id,
      });
    }
    return to === 'Annulé'
      ? `La demande n°${d.id} a été annulée.`
      : `La demande n°${d.id} est diffusée aux transporteurs.`;
  });
}

export function destroyDemande(db: Db, scope: Scope, id: number): Promise<string> {
  return transaction(db, async (tx) => {
    const d = await lockOwnDemande(tx, scope, id);
    if (d.statut === 'Accepté') {
      throw fieldErrors({
        statut: `La demande n°${d.id} a été acceptée : elle ne peut pas être supprimée (annulez sa course).`,
      });
    }
    await scoped(tx, scope).delete(demandes).where(eq(demandes.id, d.id));
    return `La demande n°${d.id} a été supprimée.`;
  });
}

/**
 * A transporteur takes an open request: in one transaction the demande becomes 'Accepté' for its company
 * (a conditional update: of two companies accepting at once exactly one wins) and its course is created.
 */
export function acceptDemande(db: Db, scope: Scope, id: number, body: AcceptDemandeBody): Promise<number> {
  const entrepriseId = resolveEntreprise(scope, body.entreprise_id);
  return transaction(db, async (tx) => {
    // Only a demande the company may see (its own, or one on the market: demandeAcces) can be accepted.
    const market = scoped(tx, scope);
    const [d] = await market.select().from(demandes).where(eq(demandes.id, id)).limit(1);
    if (!d) throw demandeNotFound();
    if (d.statut === 'Accepté') {
      throw d.entreprise_id === entrepriseId
        ? demandeTaken('Vous avez déjà accepté cette demande.')
        : demandeTaken();
    }
    const [taken] = await market
      .update(demandes, 'visible')
      .set({ statut: 'Accepté', entreprise_id: entrepriseId })
      .where(and(eq(demandes.id, id), inArray(demandes.statut, [...DEMANDE_STATUTS_OUVERTS])))
      .returning();
    if (!taken) {
      // Another transaction changed it since we read it (we saw it a moment ago): a concurrent acceptance,
      // or a cancellation.
      const [now] = await market
        .select({ statut: demandes.statut })
        .from(demandes)
        .where(eq(demandes.id, id));
      if (!now || now.statut === 'Accepté') throw demandeTaken();
      throw transitionRefused(demandeTransitionError(now.statut as DemandeStatut, 'Accepté')!);
    }
    const courseId = await insertCourse(
      tx,
      entrepriseId,
      {
        client_id: taken.client_id,
        vehicule_id: body.vehicule_id,
        chauffeur_id: body.chauffeur_id ?? null,
        type_course: taken.type_course as DemandeBody['type_course'],
        type_marchandise_id: taken.type_marchandise_id,
        trajet_id: null,
        ville_depart_id: taken.ville_depart_id,
        ville_arrivee_id: taken.ville_arrivee_id,
        adresse_chargement: taken.adresse_chargement,
        adresse_dechargement: taken.adresse_dechargement,
        chargement_lat: taken.chargement_lat,
        chargement_lng: taken.chargement_lng,
        dechargement_lat: taken.dechargement_lat,
        dechargement_lng: taken.dechargement_lng,
        // Loading on the wished day at 8:00 in Libreville unless the transporteur says otherwise.
        date_chargement:
          body.date_chargement ??
          new Date(`${taken.date_souhaitee}T08:00:00${GABON_UTC_OFFSET}`).toISOString(),
        date_dechargement: null,
        poids_kg: taken.poids_kg,
        description: taken.description,
        montant: body.montant,
      },
      { demandeId: taken.id, clientVerifie: true },
    );
    await scoped(tx, { entrepriseId })
      .update(demandes, 'visible')
      .set({ course_id: courseId })
      .where(eq(demandes.id, id));
    return courseId;
  }).catch(vehiculeConflict);
}
