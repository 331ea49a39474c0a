import { AppError, createErrorFactory } from '../../lib/errors';

/** Another driver's course, another company's, or none: the same answer. */
export const courseChauffeurNotFound = createErrorFactory({
  code: 'chauffeur.course_not_found',
  statusCode: 404,
  message: "Cette course n'existe pas ou ne vous est pas confiée.",
});

export const photoNotFound = createErrorFactory({
  code: 'chauffeur.photo_not_found',
  statusCode: 404,
  message: "Cette photo n'existe pas.",
});

/**
 * What the office did meanwhile refuses what the driver recorded offline (a cancelled course…): shown to the
 * driver in plain French by the app's outbox, never silently dropped.
 */
export const conflitChauffeur = (message: string) => new AppError('chauffeur.conflit', 409, [message]);
