import { createErrorFactory } from '../../lib/errors';

export const appareilNotFound = createErrorFactory({
  code: 'appareils.not_found',
  statusCode: 404,
  message: "Cet appareil n'existe pas.",
});

export const suiviNotFound = createErrorFactory({
  code: 'suivi.not_found',
  statusCode: 404,
  message: "Ce lien de suivi n'existe pas ou n'est plus actif.",
});

export const IDENTIFIANT_PRIS = 'Cet identifiant est déjà utilisé par un autre appareil.';
