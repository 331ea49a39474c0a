import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Access } from './access';

// The OpenAPI document (`/api/docs/json`): every operation's error answers and who may call
// it, derived from what the route builders declared (lib/access.ts: `config.access`, `config.kind`) and from
// its schemas — never written route by route.

type Components = NonNullable<NonNullable<FastifyDynamicSwaggerOptions['openapi']>['components']>;

/** The envelope of every failure (plugins/envelope.ts), published once as `#/components/schemas/Erreur`. */
export const ERREUR_SCHEMA: Extract<NonNullable<Components['schemas']>[string], { type?: unknown }> = {
  type: 'object',
  description:
    "L'enveloppe d'une erreur : `errors` en français ; sur un 422, `data.fields` nomme chaque champ.",
  required: ['success', 'message', 'data', 'errors'],
  properties: {
    success: { type: 'boolean', enum: [false] },
    message: { type: 'string', nullable: true, description: 'La première erreur.' },
    data: {
      nullable: true,
      description:
        '422 : `{ fields: { champ: message } }` ; 409 sur une version dépassée : `{ version, modifie_par, modifie_le }` ; sinon null.',
    },
    errors: { type: 'array', items: { type: 'string' } },
  },
};

/** The security schemes: one bearer token, named by the account it must belong to. */
export const SECURITY_SCHEMES: Components['securitySchemes'] = {
  transporteur: {
    type: 'http',
    scheme: 'bearer',
    description: "Jeton d'un compte du back-office vérifié : transporteur (ou super administrateur).",
  },
  superadmin: { type: 'http', scheme: 'bearer', description: "Jeton d'un super administrateur." },
  compte: {
    type: 'http',
    scheme: 'bearer',
    description:
      "Jeton de n'importe quel compte connecté du back-office (client et compte non vérifié compris).",
  },
  session: {
    type: 'http',
    scheme: 'bearer',
    description: "Jeton de n'importe quelle session, celle de l'application chauffeur comprise.",
  },
  chauffeur: {
    type: 'http',
    scheme: 'bearer',
    description: "Jeton de l'application chauffeur (connexion avec source « chauffeur ») d'un chauffeur.",
  },
};

const DESCRIPTIONS: Record<number, string> = {
  400: "Requête illisible : le corps n'est pas du JSON valide.",
  401: 'Non authentifié : jeton absent, invalide, expiré ou révoqué.',
  403: 'Accès refusé : ce compte ne peut pas appeler cette route (ou ce compte est bloqué, ou non vérifié).',
  404: "Introuvable : la fiche n'existe pas (ou appartient à une autre entreprise).",
  409: "Conflit : la fiche a changé depuis la version envoyée (If-Match, updated_at), ou son état refuse l'opération.",
  422: 'Données invalides : chaque champ refusé est nommé dans data.fields, avec son message.',
  429: 'Trop de demandes : réessayez plus tard.',
};

type Input = Parameters<typeof jsonSchemaTransform>[0];

/** The error statuses an operation can answer, from who may call it, what it is and what it reads. */
export function errorStatuses(schema: FastifySchema | undefined, route: Pick<RouteOptions, 'config'>) {
  const access: Access = route.config?.access ?? 'transporteur';
  const kind = route.config?.kind;
  const statuses = new Set<number>();
  if (schema?.body) statuses.add(400);
  if (access === 'public') statuses.add(429);
  else statuses.add(401).add(403);
  if (schema?.params) statuses.add(404);
  if (kind === 'update' || kind === 'action' || kind === 'destroy') statuses.add(409);
  if (schema?.params || schema?.querystring || schema?.body) statuses.add(422);
  return [...statuses].sort();
}

/** `transform` of @fastify/swagger: the zod schemas as JSON Schema, then the errors and the security. */
export function openapiTransform(input: Input): ReturnType<typeof jsonSchemaTransform> {
  const out = jsonSchemaTransform(input);
  // A route without any schema (the web app's files) is not an operation of the API.
  if (!out.schema) return { ...out, schema: { hide: true } };
  const route = input.route as RouteOptions;
  const access: Access = route.config?.access ?? 'transporteur';
  const transformed = out.schema as Record<string, unknown> & { response?: Record<string, unknown> };
  const errors = Object.fromEntries(
    errorStatuses(input.schema as FastifySchema, route).map((status) => [
      status,
      {
        description: DESCRIPTIONS[status],
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Erreur' } } },
      },
    ]),
  );
  const answers = transformed.response ?? {};
  // A file or a bare answer (no schema of its own) still documents its success.
  const success = Object.keys(answers).some((s) => s.startsWith('2'))
    ? {}
    : { 200: { type: 'null', description: 'Succès : le fichier demandé, ou une réponse sans corps.' } };
  transformed.response = { ...success, ...answers, ...errors };
  transformed.security = access === 'public' ? [] : [{ [access]: [] }];
  return out;
}
