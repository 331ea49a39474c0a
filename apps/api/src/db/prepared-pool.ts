import { createHash } from 'node:crypto';
import { AttributedPool } from './audit-context';
import { PLAN_PAR_APPEL } from './plan-par-appel';

/** Distinct statements named per process: past this many, the others run unnamed. */
const MAX_NAMED = 500;
const READ = /^\s*select\b/i;

type Config = { text: string; name?: string };

/**
 * The server's PostgreSQL pool: writes attributed to their user (audit-context.ts), and each single read
 * sent as a named prepared statement, so that a connection parses and plans a list's statement once, not
 * on every page (PostgreSQL keeps a generic plan after five calls when it costs no more than planning
 * for the parameters; DDL and ANALYZE invalidate plans by themselves). The name is the text's hash, the
 * same on every connection. A statement whose table changed shape since (a migration run by another
 * node) is no longer named. The embedded database does the same in its thread (pglite-worker.ts).
 */
export class PreparedPool extends AttributedPool {
  readonly #names = new Map<string, string | null>();

  #nameOf(text: string): string | null {
    const known = this.#names.get(text);
    if (known !== undefined) return known;
    if (this.#names.size >= MAX_NAMED) return null;
    const name = `yams_${createHash('sha1').update(text).digest('base64url')}`;
    this.#names.set(text, name);
    return name;
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg-pool's query has many overloads; this only forwards them.
  override query(...args: any[]): any {
    const first = args[0] as Config | string | undefined;
    const callback = args.some((a) => typeof a === 'function');
    if (
      callback ||
      typeof first !== 'object' ||
      first.name ||
      !READ.test(first.text) ||
      first.text.includes(PLAN_PAR_APPEL)
    )
      return super.query(...args);
    const name = this.#nameOf(first.text);
    if (!name) return super.query(...args);
    const sent = super.query({ ...first, name }, ...args.slice(1)) as Promise<unknown>;
    return sent.catch((err: { code?: string }) => {
      // 'cached plan must not change result type'
      if (err?.code !== '0A000') throw err;
      this.#names.set(first.text, null);
      return super.query(...args);
    });
  }
}
