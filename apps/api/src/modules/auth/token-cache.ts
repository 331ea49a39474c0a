import type { personalAccessTokens, User } from '../../db/schema';

type PersonalAccessToken = typeof personalAccessTokens.$inferSelect;

/** The channel of migration 0039's triggers: `t<id>` a token changed or went, `u<id>` its user did. */
export const AUTH_CHANNEL = 'yams_auth';

interface Entry {
  token: PersonalAccessToken;
  user: User;
  /** When it was read; past `ttlMs` it is read again. */
  at: number;
}

/**
 * The bearer tokens this process saw lately, with their user, so that a request does not pay a database
 * round trip to learn who calls (one statement of the two to five of a list page). Never stale for longer
 * than a notification takes:
 * - every change of a token or a user, by any process or by hand in SQL, notifies AUTH_CHANNEL (triggers of
 *   migration 0039) and the entry goes;
 * - this process's own writes clear everything before their answer leaves (the auth plugin), so the next
 *   request never races its own notification;
 * - a read that started before an eviction is not stored (`generation`), and an entry lives `ttlMs` at
 *   most, in case notifications were lost while the listening connection was down.
 */
export class TokenCache {
  readonly #entries = new Map<number, Entry>();
  #generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly max = 10_000,
  ) {}

  get(id: number, now = Date.now()): Entry | undefined {
    const entry = this.#entries.get(id);
    if (entry && now - entry.at < this.ttlMs) return entry;
    if (entry) this.#entries.delete(id);
    return undefined;
  }

  /** Taken before reading the database; `set` stores the read only if nothing was evicted meanwhile. */
  get generation(): number {
    return this.#generation;
  }

  set(id: number, value: { token: PersonalAccessToken; user: User }, generation: number): void {
    if (generation !== this.#generation || this.ttlMs <= 0) return;
    if (this.#entries.size >= this.max) this.#entries.clear();
    this.#entries.set(id, { ...value, at: Date.now() });
  }

  /** A notification of AUTH_CHANNEL: `t<id>` or `u<id>`; anything else clears all. */
  evict(payload: string): void {
    this.#generation++;
    const id = Number(payload.slice(1));
    if (payload[0] === 't' && Number.isInteger(id)) this.#entries.delete(id);
    else if (payload[0] === 'u' && Number.isInteger(id)) {
      for (const [key, entry] of this.#entries) if (entry.user.id === id) this.#entries.delete(key);
    } else this.#entries.clear();
  }

  clear(): void {
    this.#generation++;
    this.#entries.clear();
  }
}
