import type { FastifyRequest, preValidationHookHandler } from 'fastify';
import { z } from 'zod';

// A partial update (docs/decisions.md): `POST {path}/{id}/update` changes only the fields
// it sends. A missing field stays as it is, an explicit `null` clears it. The route builder hands the
// service exactly the fields the client sent: a default of the schema (`appliquer_tva: false`) is never
// applied to a field that was not sent, and each service writes only the fields that are defined.

interface Sent {
  keys: Set<string>;
  /** The body's `updated_at`: the version the edit was based on (lib/versions.ts), not a field. */
  version: unknown;
}

const sentOf = new WeakMap<FastifyRequest, Sent>();

/** Before validation: remembers which fields the body holds, and takes its `updated_at` out of it. */
export const rememberSent: preValidationHookHandler = (request, _reply, done) => {
  const raw = request.body;
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    const body = raw as Record<string, unknown>;
    const version = body.updated_at;
    delete body.updated_at;
    sentOf.set(request, { keys: new Set(Object.keys(body)), version });
  }
  done();
};

/** The body's `updated_at` as sent (before validation). */
export const sentVersion = (request: FastifyRequest): unknown => sentOf.get(request)?.version;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The validated body without the fields the client did not send: a field the schema filled with its
 * default is dropped (a field it derived from another one, an alias, stays).
 */
export function onlySent(request: FastifyRequest, body: unknown, schema: z.ZodType): unknown {
  const sent = sentOf.get(request);
  if (!sent || !body || typeof body !== 'object' || !(schema instanceof z.ZodObject)) return body;
  const shape = schema.shape as Record<string, z.ZodType>;
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const [key, value] of Object.entries(out)) {
    if (sent.keys.has(key) || !shape[key]) continue;
    const fallback = shape[key].safeParse(undefined);
    if (value === undefined || (fallback.success && same(fallback.data, value))) delete out[key];
  }
  return out;
}

/**
 * The update body as published and accepted: the contract's, with the optional `updated_at` (the version
 * the edit was based on) documented beside its fields.
 */
export function versionedBody(schema: z.ZodType): z.ZodType {
  if (!(schema instanceof z.ZodObject)) return schema;
  return schema.safeExtend({
    updated_at: z
      .string()
      .optional()
      .meta({ description: 'La version lue (`updated_at` de la fiche) : 409 si la fiche a changé depuis.' }),
  });
}

/**
 * A partial body without its absent fields, to spread over the stored values by a service that rewrites a
 * whole document (an invoice, a purchase: totals computed from every line): `{ ...stored, ...sent(body) }`.
 */
export function sent<T extends object>(body: T): Partial<T> {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as Partial<T>;
}
