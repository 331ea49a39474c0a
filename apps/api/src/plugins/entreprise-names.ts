import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { users } from '../db/schema';

type Row = Record<string, unknown>;

/**
 * A superadmin's lists and details carry the name of each row's company (`entreprise_nom`, the 'Entreprise' column):
 * one query for the distinct `entreprise_id` of the page, added before serialisation so no repository has
 * to join it. Other users see only their own company's rows and get nothing more.
 */
export default fp(
  async (app: FastifyInstance) => {
    app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
      if (request.method !== 'GET' || request.auth?.user.type !== 'superadmin') return payload;
      const data = (payload as { data?: unknown } | null)?.data;
      // A list (an array or a page of rows) or one row (a detail).
      const inner = Array.isArray(data) ? data : (data as { data?: unknown } | null)?.data;
      const rows = (
        Array.isArray(inner)
          ? inner
          : data && typeof data === 'object' && typeof (data as Row).entreprise_id === 'number'
            ? [data]
            : undefined
      ) as Row[] | undefined;
      if (!Array.isArray(rows) || !rows.length || !rows.every((r) => r && typeof r === 'object'))
        return payload;
      const ids = [
        ...new Set(rows.map((r) => r.entreprise_id).filter((v): v is number => typeof v === 'number')),
      ];
      if (!ids.length) return payload;
      const names = await app.db
        .select({
          id: users.id,
          nom: sql<string>`coalesce(nullif(trim(concat_ws(' ', ${users.nom}, ${users.prenom})), ''), ${users.name})`,
        })
        .from(users)
        .where(sql`${users.id} in ${ids}`);
      const byId = new Map(names.map((n) => [n.id, n.nom]));
      for (const r of rows) {
        if (typeof r.entreprise_id === 'number') r.entreprise_nom = byId.get(r.entreprise_id) ?? null;
      }
      return payload;
    });
  },
  { name: 'entreprise-names', dependencies: ['db'] },
);
