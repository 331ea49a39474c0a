import { AVANCE_MSG } from '@yams/shared';
import { createErrorFactory } from '../../lib/errors';

export const avanceNotFound = createErrorFactory({
  code: 'avances.not_found',
  statusCode: 404,
  message: "Cette avance n'existe pas.",
});

/** A move its state forbids (an advance settled or cancelled is closed). */
export const avanceFermee = createErrorFactory({
  code: 'avances.fermee',
  statusCode: 409,
  message: AVANCE_MSG.nonOuverte,
});
