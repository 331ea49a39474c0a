import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { idempotencyKeys } from '../db/idempotency.table';
import { AppError } from '../lib/errors';

/** A retried write is answered from its first result for this long. */
export const IDEMPOTENCY_TTL_HOURS = 24;
/** How long a retry waits for the first request with the same key to finish. */
const WAIT_MS = 15_000;
const HEADER = 'idempotency-key';

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request claimed: its answer is stored when sent. */
    idempotency: { userId: number; cle: string } | null;
  }
}

const enCours = () =>
  new AppError('idempotency.in_progress', 409, [
    'Une requête identique est en cours de traitement. Réessayez dans un instant.',
  ]);

function fingerprint(request: FastifyRequest): string {
  return createHash('sha256')
    .update(JSON.stringify(request.body ?? null))
    .digest('hex');
}

/**
 * `Idempotency-Key` on any authenticated POST (payments, settlements, invoice validations, credit notes,
 * group deletes…): the first request with a key runs; every other one with the same key and user gets the
 * first one's answer (status and body, header `Idempotent-Replayed: true`), waiting for it if it is still
 * running — 50 identical requests in parallel have exactly one effect. The claim is a row inserted in the
 * database, so it holds across API processes. A server error frees the key for a real retry; the same key
 * on another request is refused. Keys are kept 24 hours.
 */
export default fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('idempotency', null);

    async function claim(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
      const raw = request.headers[HEADER];
      if (raw === undefined || !request.auth) return;
      const cle = Array.isArray(raw) ? raw[0]! : raw;
      if (!/^[\x21-\x7e]{1,255}$/.test(cle)) {
        throw new AppError('idempotency.invalid', 422, [
          "L'en-tête Idempotency-Key doit contenir de 1 à 255 caractères visibles, sans espace.",
        ]);
      }
      const userId = request.auth.user.id;
      const requete = `${request.method} ${request.url}`.slice(0, 600);
      const empreinte = fingerprint(request);
      const [claimed] = await app.db
        .insert(idempotencyKeys)
        .values({ user_id: userId, cle, requete, empreinte })
        .onConflictDoNothing()
        .returning({ cle: idempotencyKeys.cle });
      if (claimed) {
        request.idempotency = { userId, cle };
        return;
      }
      const until = Date.now() + WAIT_MS;
      for (;;) {
        const [first] = await app.db
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.user_id, userId), eq(idempotencyKeys.cle, cle)));
        if (!first) {
          // Freed by a server error meanwhile: this request is the real retry.
          return claim(request, reply);
        }
        if (first.requete !== requete || first.empreinte !== empreinte) {
          throw new AppError('idempotency.mismatch', 422, [
            "Cette clé d'idempotence a déjà servi pour une autre requête : utilisez une nouvelle clé.",
          ]);
        }
        if (first.status !== null) {
          return replay(reply, first.status, first.reponse, first.content_type);
        }
        if (Date.now() > until) throw enCours();
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    const claimHook: preHandlerHookHandler = async (request, reply) => {
      await claim(request, reply);
    };

    function replay(reply: FastifyReply, status: number, body: string | null, type: string | null) {
      reply.header('idempotent-replayed', 'true');
      if (type) reply.type(type);
      return reply.status(status).send(body ?? '');
    }

    // After the route's own hooks (authentication): a route-level preHandler on every POST.
    app.addHook('onRoute', (route) => {
      if (![route.method].flat().includes('POST')) return;
      const own = route.preHandler ? [route.preHandler].flat() : [];
      route.preHandler = [...own, claimHook];
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const key = request.idempotency;
      if (!key) return payload;
      request.idempotency = null;
      const where = and(eq(idempotencyKeys.user_id, key.userId), eq(idempotencyKeys.cle, key.cle));
      if (reply.statusCode >= 500) {
        await app.db.delete(idempotencyKeys).where(where);
        return payload;
      }
      const body =
        typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : null;
      const type = reply.getHeader('content-type');
      await app.db
        .update(idempotencyKeys)
        .set({ status: reply.statusCode, reponse: body, content_type: type ? String(type) : null })
        .where(where);
      return payload;
    });

    // A request that failed before sending (aborted connection): free its key.
    app.addHook('onResponse', async (request) => {
      const key = request.idempotency;
      if (!key) return;
      await app.db
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.user_id, key.userId), eq(idempotencyKeys.cle, key.cle)));
    });

    const purge = setInterval(
      () =>
        void app.db
          .delete(idempotencyKeys)
          .where(
            lt(idempotencyKeys.created_at, sql`now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`),
          )
          .catch((err) => app.log.warn({ err }, 'purge des clés d’idempotence')),
      60 * 60 * 1000,
    );
    purge.unref();
    app.addHook('onClose', async () => clearInterval(purge));
  },
  { name: 'idempotency', dependencies: ['auth'] },
);
