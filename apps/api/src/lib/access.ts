import { MSG } from '@yams/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * Who may call a route, declared by the route builders (crudRoutes, endpointRoute) in the route's `config`,
 * checked by them and published as the operation's `security` (lib/openapi.ts):
 * - `public`: no account (sign-in, GPS ingest, public tracking);
 * - `compte`: any signed-in account of the back-office, a client's or one not yet verified too (`/api/me`);
 * - `session`: any valid token, the driver's app's too (sign-out);
 * - `transporteur`: a verified back-office account, transporteur or superadmin (a module's `authenticate`);
 * - `superadmin`: a superadmin only;
 * - `chauffeur`: a token of the driver's app, of a driver (`/api/chauffeur/…`, plugins/auth.ts).
 */
export type Access = 'public' | 'compte' | 'session' | 'transporteur' | 'superadmin' | 'chauffeur';

/** What a route is, for its documented error statuses: an update or an action may conflict (409). */
export type RouteKind = 'list' | 'detail' | 'create' | 'update' | 'destroy' | 'action' | 'endpoint';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (default: `transporteur`, the module's `authenticate` hook). */
    access?: Access;
    kind?: RouteKind;
  }
}

/** 403 for anyone but a superadmin; runs after the module's `authenticate`. */
async function requireSuperadmin(request: FastifyRequest) {
  if (request.auth?.user.type !== 'superadmin') {
    throw new AppError('auth.superadmin_only', 403, [MSG.forbidden]);
  }
}

/** The route-level hook that enforces `access` beyond the module's own authentication. */
export function accessHooks(access: Access) {
  return access === 'superadmin' ? { preHandler: requireSuperadmin } : {};
}
