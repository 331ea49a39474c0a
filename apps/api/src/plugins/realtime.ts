import { createAdapter } from '@socket.io/redis-adapter';
import { CHAUFFEUR_SOURCE, MSG, PRESENCE_CHANNEL } from '@yams/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { findByToken, stillValidTokens } from '../modules/auth/tokens.repository';
import { COMMIT_CHANNEL } from '../modules/realtime/after-commit';
import {
  groupByUser,
  memoryPresence,
  type PresenceStore,
  type PresentUser,
  redisPresence,
} from '../modules/realtime/presence';
import { scopeOf } from './auth';

export const rooms = {
  company: (entrepriseId: number) => `entreprise:${entrepriseId}`,
  user: (userId: number) => `user:${userId}`,
  token: (tokenId: number) => `token:${tokenId}`,
  superadmins: 'superadmins',
};

export interface SocketData {
  userId: number;
  tokenId: number;
  entrepriseId: number | null;
}

/**
 * The realtime layer (Socket.IO on the API's HTTP server). Other modules push through it:
 * `emitToCompany`, `emitToUser`; events decided inside a transaction go through `afterCommit` (see
 * `modules/realtime/after-commit.ts`) so nobody hears of a change that was rolled back.
 */
export interface Realtime {
  io: Server;
  emitToCompany(entrepriseId: number, event: string, payload: unknown): void;
  emitToUser(userId: number, event: string, payload: unknown): void;
  /**
   * Drops the sockets of a token (sign-out) or of every token of a user (blocked account, password reset), on
   * every node; `exceptTokenId` keeps the sockets of that token (the device that changed the password).
   */
  disconnectToken(tokenId: number): void;
  disconnectUser(userId: number, exceptTokenId?: number): void;
  /** Connected users (one line per user with their tab count), over every API process. */
  connected(): Promise<PresentUser[]>;
  /** Subscribes a socket (on whichever node it lives) to a channel; false when the socket is not this user's. */
  subscribe(socketId: string, userId: number, channel: string): Promise<boolean>;
  /**
   * Checks the tokens of this process's sockets now and drops those revoked, expired or blocked (what the
   * periodic recheck does every REALTIME_RECHECK_MS); resolves once they are dropped.
   */
  recheck(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const origins = new Set([config.appUrl, ...config.realtimeOrigins]);
    const io = new Server<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>(
      app.server,
      {
        serveClient: false,
        cors: { origin: [...origins], credentials: true },
        // Browsers always send Origin: only the app's own pages may connect. The mobile apps send none.
        allowRequest: (req, callback) => {
          const origin = req.headers.origin;
          callback(null, !origin || origins.has(origin));
        },
        pingInterval: 10_000,
        pingTimeout: 8_000,
      },
    );

    let presence: PresenceStore;
    const redisClients: Redis[] = [];
    if (config.redisUrl) {
      const { Redis } = await import('ioredis'); // only when Redis is configured
      const pub = new Redis(config.redisUrl, { maxRetriesPerRequest: 2 });
      const sub = pub.duplicate();
      for (const c of [pub, sub]) {
        c.on('error', (err) => app.log.warn({ err }, 'Redis indisponible'));
        redisClients.push(c);
      }
      io.adapter(createAdapter(pub, sub));
      presence = redisPresence(pub, config.presenceTtlMs);
    } else {
      presence = memoryPresence();
    }

    io.use(async (socket, next) => {
      const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      const header = socket.handshake.headers.authorization;
      const bearer = typeof token === 'string' ? token : header?.startsWith('Bearer ') ? header.slice(7) : '';
      try {
        const found = bearer ? await findByToken(app.db, bearer.trim()) : null;
        if (!found) return next(new Error(MSG.unauthenticated));
        // Presence, positions and bells are the back-office's: the driver's app has its own API only.
        if (found.source === CHAUFFEUR_SOURCE) return next(new Error(MSG.chauffeurTokenOnly));
        const scope = scopeOf(found.user);
        socket.data = { userId: found.user.id, tokenId: found.tokenId, entrepriseId: scope.entrepriseId };
        next();
      } catch (err) {
        app.log.error({ err }, 'authentification du socket');
        next(new Error(MSG.serverError));
      }
    });

    const presenceChanged = (entrepriseId: number | null, userId: number) => {
      const payload = { user_id: userId };
      if (entrepriseId !== null)
        io.to(rooms.company(entrepriseId)).emit('presence:changed' as never, payload);
      io.to(rooms.superadmins).emit('presence:changed' as never, payload);
    };

    const local = io.of('/');
    // A socket of this node joined the presence channel, whichever node authorised it.
    local.adapter.on('join-room', (room: string, id: string) => {
      if (room !== PRESENCE_CHANNEL) return;
      const socket = local.sockets.get(id);
      if (!socket) return;
      const { userId, entrepriseId } = socket.data;
      void presence
        .add({ socketId: id, userId, entrepriseId, since: new Date().toISOString() })
        // Closed while it was being written: take it out again.
        .then(() => (socket.connected ? undefined : presence.remove(id)))
        .then(() => presenceChanged(entrepriseId, userId))
        .catch((err) => app.log.warn({ err }, 'présence'));
    });

    io.on('connection', (socket: Socket<never, never, never, SocketData>) => {
      const { userId, tokenId, entrepriseId } = socket.data;
      void socket.join([
        rooms.user(userId),
        rooms.token(tokenId),
        entrepriseId === null ? rooms.superadmins : rooms.company(entrepriseId),
      ]);
      socket.on('disconnecting', () => {
        if (!socket.rooms.has(PRESENCE_CHANNEL)) return;
        void presence
          .remove(socket.id)
          .then(() => presenceChanged(entrepriseId, userId))
          .catch((err) => app.log.warn({ err }, 'présence'));
      });
    });

    // Tokens revoked or expired and accounts blocked by any node lose their sockets within a recheck.
    const recheckSockets = async () => {
      const sockets = [...local.sockets.values()];
      if (sockets.length === 0) return;
      const ids = [...new Set(sockets.map((s) => s.data.tokenId))];
      const valid = await stillValidTokens(app.db, ids);
      for (const s of sockets) if (!valid.has(s.data.tokenId)) s.disconnect(true);
    };
    const recheck = setInterval(
      () => void recheckSockets().catch((err) => app.log.warn({ err }, 'vérification des sockets')),
      config.realtimeRecheckMs,
    );
    recheck.unref();

    // Events committed by any process (Postgres NOTIFY): each node delivers them to its own sockets.
    const unlisten = await app.database.listen?.(COMMIT_CHANNEL, (raw) => {
      try {
        const { to, event, data } = JSON.parse(raw) as { to: string[]; event: string; data: unknown };
        if (to.length) io.local.to(to).emit(event as never, data as never);
      } catch (err) {
        app.log.warn({ err }, 'événement temps réel illisible');
      }
    });

    const realtime: Realtime = {
      io: io as unknown as Server,
      recheck: recheckSockets,
      emitToCompany: (entrepriseId, event, payload) =>
        void io.to(rooms.company(entrepriseId)).emit(event as never, payload as never),
      emitToUser: (userId, event, payload) =>
        void io.to(rooms.user(userId)).emit(event as never, payload as never),
      disconnectToken: (tokenId) => io.in(rooms.token(tokenId)).disconnectSockets(true),
      disconnectUser: (userId, exceptTokenId) => {
        const sockets = io.in(rooms.user(userId));
        (exceptTokenId === undefined
          ? sockets
          : sockets.except(rooms.token(exceptTokenId))
        ).disconnectSockets(true);
      },
      connected: async () => groupByUser(await presence.list()),
      async subscribe(socketId, userId, channel) {
        const [socket] = await io.in(socketId).fetchSockets();
        if (!socket || socket.data.userId !== userId) return false;
        if (!socket.rooms.has(channel)) io.in(socketId).socketsJoin(channel);
        return true;
      },
    };
    app.decorate('realtime', realtime);

    // Open websockets would keep the HTTP server from closing: end them first.
    app.addHook('preClose', async () => {
      clearInterval(recheck);
      io.local.disconnectSockets(true);
      await presence.close();
    });
    app.addHook('onClose', async () => {
      await unlisten?.();
      io.engine.close();
      await Promise.all(redisClients.map((c) => c.quit().catch(() => c.disconnect())));
    });
  },
  { name: 'realtime', dependencies: ['db', 'auth'] },
);
