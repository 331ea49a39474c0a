import type { z } from 'zod';
import { type EndpointContract, type EntityContract, endpointContract } from './contract';
import { type ListAnswer, listAnswer } from './list-answer';

// An entity's routes (`contracts.ts`) as endpoint contracts (`contract.ts`), for a call made outside the
// entity's own resource with `call` (the web's `base/http.ts`): the home screen's counters, a probe of a
// table, a select's 'Ajouter un client'. The path, the query's names and the answer come from the entity's
// contract, so the caller imports packages/shared and no other screen's module.

/**
 * A list's endpoint, an entity's (`listEndpoint`) or one of its own (`connectedUsersEndpoint`): its query
 * takes `req_count` and it answers in one of the list's shapes (`ListAnswer`, `countOf`).
 */
export type ListEndpointContract = EndpointContract & {
  method: 'GET';
  params?: undefined;
  query: z.ZodType<{ req_count: boolean }>;
  response: z.ZodType<ListAnswer<unknown>>;
};

/** `GET {path}`: the entity's list, in the shape its query asks for (`req_count=1`: the count alone). */
export function listEndpoint<const C extends EntityContract>(contract: C) {
  return endpointContract({
    method: 'GET',
    path: contract.path as C['path'],
    query: contract.query as C['query'],
    response: listAnswer(contract.item as C['item']),
  });
}

/** An entity whose rows are created with `POST {path}` (its contract declares `create`), answering the row. */
export type CreatableContract = EntityContract & {
  create: z.ZodType;
  detail: z.ZodType<{ id: number }>;
  writeOut?: z.ZodType<{ id: number }>;
};

/** `POST {path}`: creates one row of the entity; the answer is its detail (or its `writeOut`). */
export function createEndpoint<const C extends CreatableContract>(contract: C) {
  return endpointContract({
    method: 'POST',
    path: contract.path as C['path'],
    body: contract.create as C['create'],
    response: (contract.writeOut ?? contract.detail) as C['writeOut'] extends z.ZodType
      ? C['writeOut']
      : C['detail'],
  });
}
