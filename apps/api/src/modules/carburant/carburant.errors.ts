import { createErrorFactory } from '../../lib/errors';

export const pleinNotFound = createErrorFactory({
  code: 'carburant.not_found',
  statusCode: 404,
  message: "Ce plein de carburant n'existe pas.",
});
