import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** One open back-office tab in the channel `presence-app`. */
export interface PresenceEntry {
  socketId: string;
  userId: number;
  /** The company of the user, null for a superadmin. */
  entrepriseId: number | null;
  /** ISO instant the tab joined. */
  since: string;
}

/**
 * Who is connected now. In memory for one API process; in Redis when several share one, each process
 * keeping its tabs in a hash that expires unless its heartbeat renews it, so a crashed process's users
 * disappear after `ttlMs`.
 */
export interface PresenceStore {
  add(entry: PresenceEntry): Promise<void>;
  remove(socketId: string): Promise<void>;
  list(): Promise<PresenceEntry[]>;
  close(): Promise<void>;
}

export function memoryPresence(): PresenceStore {
  const entries = new Map<string, PresenceEntry>();
  return {
    async add(entry) {
      entries.set(entry.socketId, entry);
    },
    async remove(socketId) {
      entries.delete(socketId);
    },
    async list() {
      return [...entries.values()];
    },
    async close() {
      entries.clear();
    },
  };
}

const PREFIX = 'yams:presence:';

export function redisPresence(redis: Redis, ttlMs: number): PresenceStore {
  const key = `${PREFIX}${randomUUID()}`;
  const local = new Map<string, PresenceEntry>();
  const ttl = Math.max(1, Math.ceil(ttlMs / 1000));

  /** Rewrites this process's hash and its expiry: survives a Redis restart too. */
  async function beat() {
    if (local.size === 0) return;
    const multi = redis.multi();
    for (const e of local.values()) multi.hset(key, e.socketId, JSON.stringify(e));
    multi.expire(key, ttl);
    await multi.exec();
  }
  const timer = setInterval(() => void beat().catch(() => undefined), Math.max(200, ttlMs / 3));
  timer.unref();

  return {
    async add(entry) {
      local.set(entry.socketId, entry);
      await redis.multi().hset(key, entry.socketId, JSON.stringify(entry)).expire(key, ttl).exec();
    },
    async remove(socketId) {
      local.delete(socketId);
      await redis.hdel(key, socketId);
    },
    async list() {
      const keys: string[] = [];
      let cursor = '0';
      do {
        const [next, found] = await redis.scan(cursor, 'MATCH', `${PREFIX}*`, 'COUNT', 200);
        cursor = next;
        keys.push(...found);
      } while (cursor !== '0');
      if (keys.length === 0) return [];
      const pipeline = redis.pipeline();
      for (const k of keys) pipeline.hgetall(k);
      const results = (await pipeline.exec()) ?? [];
      const out: PresenceEntry[] = [];
      for (const [err, hash] of results) {
        if (err || !hash) continue;
        for (const raw of Object.values(hash as Record<string, string>)) {
          try {
            out.push(JSON.parse(raw) as PresenceEntry);
          } catch {
            // A foreign or damaged value: not a tab.
          }
        }
      }
      return out;
    },
    async close() {
      clearInterval(timer);
      local.clear();
      await redis.del(key).catch(() => undefined);
    },
  };
}

/** One line per connected user: since their first tab, and how many tabs are open. */
export interface PresentUser {
  userId: number;
  entrepriseId: number | null;
  since: string;
  onglets: number;
}

export function groupByUser(entries: PresenceEntry[]): PresentUser[] {
  const byUser = new Map<number, PresentUser>();
  for (const e of entries) {
    const seen = byUser.get(e.userId);
    if (!seen)
      byUser.set(e.userId, { userId: e.userId, entrepriseId: e.entrepriseId, since: e.since, onglets: 1 });
    else {
      seen.onglets += 1;
      if (e.since < seen.since) seen.since = e.since;
    }
  }
  return [...byUser.values()];
}
