import { MSG } from '@yams/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';

function fail(statusCode: number, errors: string[], data: unknown = null) {
  return { statusCode, body: { success: false, message: errors[0] ?? null, data, errors } };
}

/** Fastify's own request errors, by code. */
const FRENCH_4XX: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: MSG.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Le corps de la requête est vide alors que du JSON est annoncé.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Le corps de la requête est trop volumineux.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Le type de contenu envoyé n'est pas accepté.",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'La longueur annoncée du corps de la requête est incorrecte.',
  FST_ERR_BAD_URL: "L'adresse demandée n'est pas valide.",
  FST_ERR_MAX_PARAM_LENGTH: "L'adresse demandée est trop longue.",
  FST_ERR_VALIDATION: MSG.invalidInput,
  FST_ERR_NOT_FOUND: MSG.routeNotFound,
};

/** Any other client error, by status, so no answer ever carries an English sentence. */
const FRENCH_STATUS: Record<number, string> = {
  400: "La requête n'est pas valide.",
  401: MSG.unauthenticated,
  403: MSG.forbidden,
  404: MSG.notFound,
  405: "Cette méthode n'est pas acceptée pour cette adresse.",
  406: "Le format de réponse demandé n'est pas disponible.",
  408: 'La requête a pris trop de temps.',
  411: 'La longueur du corps de la requête doit être indiquée.',
  413: 'Le corps de la requête est trop volumineux.',
  414: "L'adresse demandée est trop longue.",
  415: "Le type de contenu envoyé n'est pas accepté.",
  422: MSG.invalidInput,
  429: MSG.tooManyAttempts(1),
  431: 'Les en-têtes de la requête sont trop volumineux.',
};

/** Turns every failure into the envelope `{ success: false, message, data, errors }` with the right status. */
export function toEnvelope(err: FastifyError | AppError | Error): ReturnType<typeof fail> {
  if (err instanceof AppError) return fail(err.statusCode, err.errors, err.data);
  if (hasZodFastifySchemaValidationErrors(err)) {
    const fields: Record<string, string> = {};
    for (const issue of err.validation) {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const key = field || '_';
      fields[key] ??= issue.message || MSG.invalidInput;
    }
    return fail(422, [...new Set(Object.values(fields))], { fields });
  }
  const fe = err as FastifyError;
  const status = fe.statusCode;
  if (isResponseSerializationError(fe) || !status || status < 400 || status >= 500) {
    return fail(500, [MSG.serverError]);
  }
  return fail(status, [(fe.code && FRENCH_4XX[fe.code]) || FRENCH_STATUS[status] || MSG.invalidInput]);
}

/**
 * Fastify's `frameworkErrors` option: errors the router raises before any route runs (a path parameter
 * longer than `maxParamLength`, a malformed URL) get the envelope too instead of Fastify's own body.
 */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const { statusCode, body } = toEnvelope(err);
  return reply.status(statusCode).send(body);
}

export default fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((err, request, reply) => {
      const { statusCode, body } = toEnvelope(err as FastifyError);
      if (statusCode >= 500) request.log.error({ err }, 'request failed');
      return reply.status(statusCode).send(body);
    });
    app.setNotFoundHandler((request, reply) => {
      if (request.url.startsWith('/api/')) {
        return reply.status(404).send(fail(404, [MSG.routeNotFound]).body);
      }
      return reply.status(404).send(fail(404, [MSG.notFound]).body);
    });
  },
  { name: 'envelope' },
);
