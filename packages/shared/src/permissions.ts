import { z } from 'zod';
import { INTERVENTION_TRANSITIONS, type InterventionStatut } from './fleet.rules';
import {
  DEMANDE_STATUTS_OUVERTS,
  type DemandeStatut,
  demandeTransitionError,
  type PaiementStatut,
  paiementSuppressionRefus,
  paiementTransitionError,
} from './operations.lifecycle';

/*
 * Row permissions: what the signed-in account may do with a row, sent by the API on every row it answers
 * (`can`), from the rules below. Screens offer exactly these moves (the list kit reads `can.update` for
 * 'Modifier', `can.destroy` for 'Supprimer' and `can[action.key]` for a detail action), so no screen
 * re-implements a lifecycle rule. `can` rules on the row's state and on who asks; what a move needs from the
 * data (an intervention's end date before confirming it) stays a validation error naming the field. The
 * services stay the authority: they refuse the same moves with their own French sentence (and a few cases a row
 * cannot know, e.g. a course whose cancelled payments forbid deleting it). `row-permissions.test.ts` tries
 * every move of every state against the API.
 */

/** The `can` object of one entity: one boolean per move. */
export function canSchema<const K extends string>(...moves: K[]) {
  return z.object(Object.fromEntries(moves.map((m) => [m, z.boolean()])) as { [M in K]: z.ZodBoolean });
}

export const CourseCan = canSchema('update', 'destroy');
/** A cancelled course is frozen; only a course not started and not paid may be deleted (else cancel it). */
export function courseCan(c: { statut: string; montant_paye: number }): z.infer<typeof CourseCan> {
  return {
    update: c.statut !== 'Annulé',
    destroy: c.statut === 'Chargement en attente' && c.montant_paye === 0,
  };
}

export const PaiementCan = canSchema('update', 'destroy', 'validate', 'cancel');
/**
 * A payment is edited while pending; money received is cancelled, never deleted (`paiementSuppressionRefus`);
 * a payment that is part of an invoice settlement (`reglement_id`) is not cancelled from Paiements.
 */
export function paiementCan(p: { statut: string; reglement_id: number | null }): z.infer<typeof PaiementCan> {
  const statut = p.statut as PaiementStatut;
  return {
    update: statut === 'En attente',
    destroy: paiementSuppressionRefus(statut) === null,
    validate: paiementTransitionError(statut, 'Validé') === null,
    cancel: paiementTransitionError(statut, 'Annulé') === null && p.reglement_id === null,
  };
}

export const DemandeCan = canSchema('update', 'destroy', 'broadcast', 'accept', 'cancel');
/**
 * Only the company that recorded a demande (or a superadmin: `entrepriseId` null) edits, broadcasts, cancels
 * or deletes it; whoever sees an open one may accept it.
 */
export function demandeCan(
  d: { statut: string; cree_par_entreprise_id: number | null },
  entrepriseId: number | null,
): z.infer<typeof DemandeCan> {
  const statut = d.statut as DemandeStatut;
  const recorder = entrepriseId === null || d.cree_par_entreprise_id === entrepriseId;
  const legal = (to: DemandeStatut) => demandeTransitionError(statut, to) === null;
  return {
    update: recorder && DEMANDE_STATUTS_OUVERTS.includes(statut),
    destroy: recorder && statut !== 'Accepté',
    broadcast: recorder && legal('Recherche en cours'),
    accept: legal('Accepté'),
    cancel: recorder && legal('Annulé'),
  };
}

export const InterventionCan = canSchema('update', 'destroy', 'confirm');
/** A draft is edited, confirmed or deleted; a confirmed intervention is history. */
export function interventionCan(i: { statut: string }): z.infer<typeof InterventionCan> {
  const draft = i.statut === 'Brouillon';
  return {
    update: draft,
    destroy: draft,
    confirm: (INTERVENTION_TRANSITIONS[i.statut as InterventionStatut] ?? []).includes('Confirmé'),
  };
}

export const FactureCan = canSchema('update', 'destroy', 'validate', 'reglement');
/** A draft invoice is edited, validated or deleted; a validated definitive one with something due is settled. */
export function factureCan(f: {
  est_valide: boolean;
  type: string;
  reste_a_payer: number;
}): z.infer<typeof FactureCan> {
  return {
    update: !f.est_valide,
    destroy: !f.est_valide,
    validate: !f.est_valide,
    reglement: f.est_valide && f.type === 'Normale' && f.reste_a_payer > 0,
  };
}

export const FactureDetailCan = FactureCan.extend({ avoir: z.boolean() });
/** …and something of a validated definitive invoice not credited yet may be credited (a paid one too). */
export function factureDetailCan(
  f: Parameters<typeof factureCan>[0] & { avoir_maximum: number },
): z.infer<typeof FactureDetailCan> {
  return { ...factureCan(f), avoir: f.avoir_maximum > 0 };
}

export const AchatCan = canSchema('update', 'destroy', 'validate', 'reglement');
/** A draft purchase is edited, validated or deleted; a validated one not fully paid is settled. */
export function achatCan(a: { statut: string; statut_reglement: string }): z.infer<typeof AchatCan> {
  const draft = a.statut === 'Brouillon';
  return {
    update: draft,
    destroy: draft,
    validate: draft,
    reglement: a.statut === 'Validé' && a.statut_reglement !== 'Réglé',
  };
}

export const VehiculeCan = canSchema('update', 'destroy');
/**
 * A vehicle is always edited (its status field offers only the manual moves, `vehiculeStatutRefus`); it is
 * deleted only while nothing points at it (`en_usage`: a course, an intervention, a GPS device…).
 */
export function vehiculeCan(v: { en_usage: boolean }): z.infer<typeof VehiculeCan> {
  return { update: true, destroy: !v.en_usage };
}

export const UtilisateurCan = canSchema('update', 'disable', 'activate');
/**
 * A company changes only its own accounts (`own`: not another company's client who booked with it), and
 * blocks or reactivates any of them but the company account itself and the viewer's own. Accounts are never
 * deleted. `viewer`: who asks (`entrepriseId` null for a superadmin).
 */
export function utilisateurCan(
  u: { id: number; bloque: boolean; own: boolean },
  viewer: { id: number; entrepriseId: number | null },
): z.infer<typeof UtilisateurCan> {
  const blockable = u.own && u.id !== viewer.id && u.id !== viewer.entrepriseId;
  return { update: u.own, disable: blockable && !u.bloque, activate: blockable && u.bloque };
}

export const PieceDeCaisseCan = canSchema('update', 'destroy', 'disable', 'activate');
/** A voucher is edited or deleted in any state; an active one is disabled (its posting reversed), a disabled one activated. */
export function pieceDeCaisseCan(p: { actif: boolean }): z.infer<typeof PieceDeCaisseCan> {
  return { update: true, destroy: true, disable: p.actif, activate: !p.actif };
}
