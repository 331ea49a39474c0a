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

export const suiviSansLogo = createErrorFactory({
  code: 'suivi.logo_not_found',
  statusCode: 404,
  message: "Ce transporteur n'a pas de logo.",
});

export const IDENTIFIANT_PRIS = 'Cet identifiant est déjà utilisé par un autre appareil.';

/** The unknown identifiers are the platform's: a company never sees another's phone. */
export const inconnusReserves = createErrorFactory({
  code: 'appareils.inconnus_reserves',
  statusCode: 403,
  message:
    "Les appareils inconnus ne sont visibles que par l'administrateur de la plateforme : ajoutez votre appareil avec l'identifiant affiché par Traccar Client.",
});
