import { BACKOFFICE_TYPES, CHAUFFEUR_SOURCE, estChauffeur, MSG, type UserType } from '@yams/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { auditContext } from '../db/audit-context';
import type { User } from '../db/schema';
import { AppError } from '../lib/errors';
import { AUTH_CHANNEL, TokenCache } from '../modules/auth/token-cache';
import { findByToken } from '../modules/auth/tokens.repository';

/** How long a token read stays trusted without a notification (token-cache.ts: lost notifications). */
const TOKEN_CACHE_MS = 30_000;

/**
 * What a signed-in user may see: a transporteur its own company's rows, a superadmin everything.
 * Every repository of tenant data takes one, so a route cannot forget it.
 */
export interface Scope {
  user: User;
  /** null for a superadmin: no restriction. */
  entrepriseId: number | null;
}

export function scopeOf(user: User): Scope {
  if (user.type === 'superadmin') return { user, entrepriseId: null };
  return { user, entrepriseId: user.entreprise_id ?? user.id };
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: { user: User; tokenId: number; source: string } | null;
  }
  interface FastifyContextConfig {
    /** A write route that can change no account or token (GPS ingest): the token cache survives it. */
    sessionsUntouched?: true;
  }
  interface FastifyInstance {
    /** preHandler: a valid bearer token of a verified back-office account. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: a valid bearer token of the back-office, even of an account not yet verified. */
    authenticateAny: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: any valid bearer token, the driver's app's too (sign-out). */
    authenticateSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: a valid token of the driver's app (`source: "chauffeur"`), of a driver (`estChauffeur`). */
    authenticateChauffeur: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

const unauthenticated = () => new AppError('auth.unauthenticated', 401, [MSG.unauthenticated]);

/**
 * The signed-in user and its scope, inside a route that ran `authenticate`. A superadmin's reads may be
 * narrowed to one company with `?entreprise=id` (the 'Entreprise' filter of its lists): every scoped query
 * then holds that company's rows only. A company's `?entreprise` changes nothing.
 */
export function currentScope(request: FastifyRequest): Scope {
  if (!request.auth) throw unauthenticated();
  const scope = scopeOf(request.auth.user);
  const narrowed = (request.query as { entreprise?: unknown } | undefined)?.entreprise;
  if (scope.entrepriseId === null && request.method === 'GET' && typeof narrowed === 'number') {
    return { ...scope, entrepriseId: narrowed };
  }
  return scope;
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('auth', null);
    // Each request runs in its own audit context; `resolve` names its user, so every write it makes is
    // attributed in the audit log (db/audit-context.ts).
    app.addHook('onRequest', (_request, _reply, done) => {
      auditContext.run({ userId: null }, done);
    });

    // Who calls, without a database round trip for a token seen lately (token-cache.ts). Without LISTEN
    // nothing would evict, so nothing is kept.
    const cache = new TokenCache(app.database.listen ? TOKEN_CACHE_MS : 0);
    const unlisten = await app.database.listen?.(AUTH_CHANNEL, (payload) => cache.evict(payload));
    app.addHook('onClose', async () => unlisten?.());
    // A write of this process may have revoked a token, blocked or changed a user: the next request must
    // see it, not race its notification. Cleared before the answer leaves.
    app.addHook('onSend', (request, _reply, payload, done) => {
      const reads = request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS';
      if (!reads && !request.routeOptions.config?.sessionsUntouched) cache.clear();
      done(null, payload);
    });

    async function resolve(request: FastifyRequest) {
      // Already resolved earlier in this request (an upload authenticates before its body is read).
      if (request.auth) return request.auth;
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) throw unauthenticated();
      const found = await findByToken(app.db, header.slice(7).trim(), cache);
      if (!found) throw unauthenticated();
      request.auth = found;
      const actor = auditContext.getStore();
      if (actor) actor.userId = found.user.id;
      return found;
    }

    /** A token of the driver's app reaches `/api/chauffeur/…` only: every other signed-in route is a 403. */
    async function resolveBackOffice(request: FastifyRequest) {
      const found = await resolve(request);
      if (found.source === CHAUFFEUR_SOURCE) {
        throw new AppError('auth.chauffeur_token', 403, [MSG.chauffeurTokenOnly]);
      }
      return found;
    }

    // The driver's app and the back-office never cross: a token of the app on any other route of the API,
    // or another token on the app's routes, is a 403 before anything else (the body's validation included).
    app.addHook('preValidation', async (request) => {
      const url = request.routeOptions.url ?? '';
      const header = request.headers.authorization;
      if (!url.startsWith('/api/') || url === '/api/logout' || !header?.startsWith('Bearer ')) return;
      const found = await findByToken(app.db, header.slice(7).trim(), cache);
      if (!found) return;
      const appRoute = url.startsWith('/api/chauffeur/');
      const appToken = found.source === CHAUFFEUR_SOURCE;
      if (appToken && !appRoute) throw new AppError('auth.chauffeur_token', 403, [MSG.chauffeurTokenOnly]);
      if (appRoute && (!appToken || !estChauffeur(found.user))) {
        throw new AppError('auth.not_chauffeur', 403, [MSG.chauffeurOnly]);
      }
    });

    app.decorate('authenticateSession', async (request: FastifyRequest) => {
      await resolve(request);
    });
    app.decorate('authenticateAny', async (request: FastifyRequest) => {
      await resolveBackOffice(request);
    });
    app.decorate('authenticateChauffeur', async (request: FastifyRequest) => {
      const { user, source } = await resolve(request);
      if (source !== CHAUFFEUR_SOURCE || !estChauffeur(user)) {
        throw new AppError('auth.not_chauffeur', 403, [MSG.chauffeurOnly]);
      }
    });
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const { user } = await resolveBackOffice(request);
      if (!BACKOFFICE_TYPES.includes(user.type as UserType)) {
        throw new AppError('auth.forbidden_type', 403, [MSG.transporteurOnly]);
      }
      if (!user.email_verified_at) throw new AppError('auth.not_verified', 403, [MSG.accountNotVerified]);
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
