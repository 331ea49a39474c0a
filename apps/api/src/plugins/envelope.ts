import { MSG } from '@yams/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';

function fail(statusCode: number, errors: string[], data: unknown = null) {
  return { statusCode, body: { success: false, message: errors[0] ?? null, data, errors } };
}

const FRENCH_4XX: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: MSG.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Le corps de la requête est vide alors que du JSON est annoncé.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Le corps de la requête est trop volumineux.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Le type de contenu envoyé n'est pas accepté.",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'La longueur annoncée du corps de la requête est incorrecte.',
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
  if (fe.code && FRENCH_4XX[fe.code]) return fail(fe.statusCode ?? 400, [FRENCH_4XX[fe.code]!]);
  if (fe.statusCode === 429) return fail(429, [MSG.tooManyAttempts(1)]);
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500 && !isResponseSerializationError(fe)) {
    return fail(fe.statusCode, [MSG.invalidInput]);
  }
  return fail(500, [MSG.serverError]);
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
