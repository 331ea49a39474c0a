import { AppError, createErrorFactory } from '../../lib/errors';

/** Ids are PostgreSQL integers: a larger one (a group delete has no upper bound) is simply not found. */
export const MAX_ID = 2_147_483_647;

export const vehiculeNotFound = createErrorFactory({
  code: 'vehicules.not_found',
  statusCode: 404,
  message: "Ce véhicule n'existe pas.",
});
export const documentNotFound = createErrorFactory({
  code: 'documents.not_found',
  statusCode: 404,
  message: "Ce document n'existe pas.",
});
export const fichierNotFound = createErrorFactory({
  code: 'documents.no_file',
  statusCode: 404,
  message: "Ce document n'a pas de fichier joint.",
});
export const interventionNotFound = createErrorFactory({
  code: 'interventions.not_found',
  statusCode: 404,
  message: "Cette intervention n'existe pas.",
});
export const interventionLocked = createErrorFactory({
  code: 'interventions.locked',
  statusCode: 422,
  message: 'Une intervention confirmée ne peut plus être modifiée.',
});

/** 422 naming the article whose stock cannot cover the confirmed lines. */
export const stockInsuffisant = (nom: string, disponible: number) => {
  const message = `Stock insuffisant pour l'article ${nom} (disponible : ${disponible}).`;
  return new AppError('interventions.stock', 422, [message], { fields: { lignes: message } });
};
