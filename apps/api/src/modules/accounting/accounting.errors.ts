import { AppError, createErrorFactory, fieldErrors } from '../../lib/errors';

export const factureNotFound = createErrorFactory({
  code: 'factures.not_found',
  statusCode: 404,
  message: "Cette facture n'existe pas.",
});
export const achatNotFound = createErrorFactory({
  code: 'achats.not_found',
  statusCode: 404,
  message: "Cet achat n'existe pas.",
});
export const pieceNotFound = createErrorFactory({
  code: 'caisses.not_found',
  statusCode: 404,
  message: "Cette pièce de caisse n'existe pas.",
});
export const ecritureNotFound = createErrorFactory({
  code: 'operations.not_found',
  statusCode: 404,
  message: "Cette opération n'existe pas.",
});

/** A validated document can no longer be edited, validated or deleted (409). */
export const documentValide = (message: string) => new AppError('accounting.validated', 409, [message]);

export const ecritureInvalide = (message: string) => fieldErrors({ lignes: message });
