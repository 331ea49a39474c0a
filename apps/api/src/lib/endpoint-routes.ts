import type { EndpointContract, EndpointPartOut, EndpointResponse } from '@yams/shared';
import type { FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { type ok, reply } from './http';
import { acceptsUploads } from './uploads';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** The request as the endpoint's schemas validated it. */
export type EndpointRequest<E extends EndpointContract> = FastifyRequest & {
  params: EndpointPartOut<E, 'params'>;
  query: EndpointPartOut<E, 'query'>;
  body: EndpointPartOut<E, 'body'>;
};

export interface EndpointSpec<E extends EndpointContract> {
  tags: string[];
  summary: string;
  /** Another authentication than the plugin's hook (`app.authenticateAny` for /api/me). */
  preHandler?: preHandlerHookHandler;
  /** The answer in the envelope: `ok(data, message?)`. */
  handler(
    request: EndpointRequest<E>,
    reply: FastifyReply,
  ): Promise<ReturnType<typeof ok<EndpointResponse<E>>>>;
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
  app.route({
    method: contract.method,
    url: contract.path,
    ...(spec.preHandler ? { preHandler: spec.preHandler } : {}),
    schema,
    handler: (request, res) => spec.handler(request as unknown as EndpointRequest<E>, res),
  });
}
