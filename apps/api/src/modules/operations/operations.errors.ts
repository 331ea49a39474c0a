import { formatMoney } from '@yams/shared';
import { AppError, createErrorFactory, fieldErrors } from '../../lib/errors';

export const courseNotFound = createErrorFactory({
  code: 'courses.not_found',
  statusCode: 404,
  message: "Cette course n'existe pas.",
});
export const paiementNotFound = createErrorFactory({
  code: 'paiements.not_found',
  statusCode: 404,
  message: "Ce paiement n'existe pas.",
});
/** Money received is cancelled, never deleted (the shared `paiementSuppressionRefus`). */
export const paiementNotDeletable = createErrorFactory({
  code: 'paiements.not_deletable',
  statusCode: 422,
  message: 'Seul un paiement en attente peut être supprimé.',
});
export const demandeNotFound = createErrorFactory({
  code: 'demandes.not_found',
  statusCode: 404,
  message: "Cette demande n'existe pas.",
});

/** A payment recorded by an invoice settlement (`paiements.reglement_id`) is not cancelled from Paiements. */
export const paiementDuReglement = (libelle: string) =>
  new AppError('paiements.reglement', 409, [
    `Ce paiement fait partie d'un règlement de facture (${libelle}) : il ne peut pas être annulé depuis Paiements.`,
  ]);

/** An illegal lifecycle move, with the shared sentence that names both states. */
export const transitionRefused = (message: string) =>
  new AppError('operations.transition', 422, [message], { fields: { statut: message } });

export const overpayment = (reste: number) =>
  fieldErrors({
    montant: `Le montant dépasse le reste à payer de la course (reste : ${formatMoney(reste)}).`,
  });

export const montantBelowPaid = (paye: number) =>
  fieldErrors({
    montant: `Le montant ne peut pas être inférieur à ce qui est déjà payé (${formatMoney(paye)}).`,
  });

export const courseLocked = createErrorFactory({
  code: 'courses.locked',
  statusCode: 422,
  message: 'Une course annulée ne peut plus être modifiée.',
});

export const demandeTaken = createErrorFactory({
  code: 'demandes.taken',
  statusCode: 409,
  message: 'Cette demande a déjà été acceptée par un autre transporteur.',
});

export const demandeNotYours = createErrorFactory({
  code: 'demandes.forbidden',
  statusCode: 403,
  message: "Seule l'entreprise qui a enregistré cette demande peut la modifier.",
});
