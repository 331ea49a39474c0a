import type { EndpointContract, EndpointPartOut, EndpointResponse } from '@yams/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { type LimitName, limitConfig } from '../plugins/limits';
import { type Access, accessHooks } from './access';
import { type ok, reply } from './http';
import { acceptsUploads } from './uploads';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** The hook a route's `access` runs (plugins/auth.ts); `superadmin` runs after the module's own. */
const AUTHENTICATE = {
  compte: 'authenticateAny',
  session: 'authenticateSession',
  transporteur: 'authenticate',
  chauffeur: 'authenticateChauffeur',
} as const;

/** The request as the endpoint's schemas validated it. */
export type EndpointRequest<E extends EndpointContract> = FastifyRequest & {
  params: EndpointPartOut<E, 'params'>;
  query: EndpointPartOut<E, 'query'>;
  body: EndpointPartOut<E, 'body'>;
};

interface RouteSpec {
  tags: string[];
  summary: string;
  /**
   * Who may call it, when not the module's `authenticate` hook (a transporteur): `compte` any signed-in
   * account of the back-office (`/api/me`, authenticated by the route), `session` any token, the driver's
   * app's too (sign-out), `transporteur` authenticated by the route (a module without the hook), `chauffeur`
   * a token of the driver's app, `superadmin` checked after the module's hook. Published as its `security`.
   */
  access?: Exclude<Access, 'public'>;
  /**
   * A route without an account (sign-in, the public tracking page): published with no security requirement,
   * and limited per source address (`limit`, 'public' by default).
   */
  public?: true;
  /** Requests per minute and address (plugins/limits.ts); every public route has one. */
  limit?: LimitName;
  /** A body limit other than the API's (an import's lines read from a file). */
  bodyLimit?: number;
}

export interface EndpointSpec<E extends EndpointContract> extends RouteSpec {
  /** The answer in the envelope: `ok(data, message?)`. */
  handler(
    request: EndpointRequest<E>,
    reply: FastifyReply,
  ): Promise<ReturnType<typeof ok<EndpointResponse<E>>>>;
}

/** A file's route (a contract without `response`): the handler sends the file and returns the reply. */
export interface FileSpec<E extends EndpointContract> extends RouteSpec {
  handler(request: EndpointRequest<E>, reply: FastifyReply): Promise<FastifyReply>;
}

/**
 * A route that is not an entity's, declared from its contract (packages/shared `endpoints.ts`): method,
 * path, params, query, body and answer come from the contract, the documentation and the handler from here.
 */
export function endpointRoute<E extends EndpointContract>(
  app: App,
  contract: E,
  spec: NoInfer<EndpointSpec<E>>,
) {
  declare(app, contract, spec);
}

/**
 * A route answering a file (a PDF, a CSV or Excel export, an image), declared from its contract like
 * `endpointRoute`: its params and query are checked and published; its answer is the file, not the envelope
 * (errors still are).
 */
export function fileRoute<E extends EndpointContract & { response?: undefined }>(
  app: App,
  contract: E,
  spec: NoInfer<FileSpec<E>>,
) {
  declare(app, contract, spec);
}

function declare<E extends EndpointContract>(
  app: App,
  contract: E,
  spec: RouteSpec & { handler(request: EndpointRequest<E>, reply: FastifyReply): Promise<unknown> },
) {
  const schema = {
    tags: spec.tags,
    summary: spec.summary,
    ...(contract.params ? { params: contract.params } : {}),
    ...(contract.query ? { querystring: contract.query } : {}),
    ...(contract.body ? { body: contract.body } : {}),
    ...(contract.response ? { response: reply(contract.response as z.ZodType) } : {}),
    ...(contract.multipart ? { consumes: ['multipart/form-data'] } : {}),
  };
  if (contract.multipart && !acceptsUploads(app)) {
    throw new Error(
      `${contract.path}: an upload route must be declared in a plugin that called acceptUploads().`,
    );
  }
  const access: Access = spec.public ? 'public' : (spec.access ?? 'transporteur');
  const authenticatedBy = spec.access && spec.access !== 'superadmin' ? AUTHENTICATE[spec.access] : null;
  const preHandler = authenticatedBy ? { preHandler: app[authenticatedBy] } : accessHooks(access);
  const limit = spec.limit ?? (spec.public ? 'public' : undefined);
  app.route({
    method: contract.method,
    url: contract.path,
    config: { access, kind: 'endpoint', ...(limit ? limitConfig(app, limit) : {}) },
    ...preHandler,
    ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
    schema,
    handler: (request, res) => spec.handler(request as unknown as EndpointRequest<E>, res),
  });
}
