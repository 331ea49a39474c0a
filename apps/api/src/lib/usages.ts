import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { AppError } from './errors';
import { accord, capitalise, enumeration, type Nom, pronom } from './french';

// "Is this row still used somewhere?", answered from the database's own foreign keys, so a table added by
// any domain is taken into account without being declared here. References that go with the row
// (ON DELETE CASCADE: a vehicle's documents, an intervention's lines) do not count.

interface Reference {
  table: string;
  column: string;
}

const cache = new Map<string, Reference[]>();

async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

async function referencesTo(db: Db, table: string): Promise<Reference[]> {
  const known = cache.get(table);
  if (known) return known;
  const refs = await rowsOf<Reference>(
    db,
    sql`select cl.relname as "table", a.attname as "column"
        from pg_constraint c
        join pg_class cl on cl.oid = c.conrelid
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        where c.contype = 'f' and c.confrelid = to_regclass(${`public.${table}`})
          and c.confdeltype <> 'c' and cardinality(c.conkey) = 1
        order by 1, 2`,
  );
  cache.set(table, refs);
  return refs;
}

/**
 * French names of the tables that may point at another row: [singular, plural]. Every such table has one
 * (fleet-vehicules-lifecycle.test.ts reads the foreign keys and checks it).
 */
export const NOMS: Record<string, [string, string]> = {
  vehicules: ['véhicule', 'véhicules'],
  documents: ['document', 'documents'],
  interventions: ['intervention', 'interventions'],
  intervention_lignes: ["ligne d'intervention", "lignes d'intervention"],
  articles: ['article', 'articles'],
  garages: ['garage', 'garages'],
  services: ['service', 'services'],
  fournisseurs: ['fournisseur', 'fournisseurs'],
  trajets: ['trajet', 'trajets'],
  courses: ['course', 'courses'],
  demandes: ['demande', 'demandes'],
  paiements: ['paiement', 'paiements'],
  adresses: ['adresse', 'adresses'],
  factures: ['facture', 'factures'],
  achats: ['achat', 'achats'],
  piece_de_caisses: ['pièce de caisse', 'pièces de caisse'],
  appareils: ['appareil', 'appareils'],
  users: ['utilisateur', 'utilisateurs'],
  pleins_carburant: ['plein de carburant', 'pleins de carburant'],
  frais_route: ['frais de route', 'frais de route'],
  incidents_route: ['incident de route', 'incidents de route'],
  course_etapes: ['étape de course', 'étapes de course'],
  livraisons: ['livraison', 'livraisons'],
  photos_chauffeur: ['photo du chauffeur', 'photos du chauffeur'],
  zones: ['zone', 'zones'],
  achat_lignes: ["ligne d'achat", "lignes d'achat"],
  facture_lignes: ['ligne de facture', 'lignes de facture'],
  reglements: ['règlement', 'règlements'],
  ecritures: ['écriture comptable', 'écritures comptables'],
  course_evenements: ['événement de course', 'événements de course'],
  gps_evenements: ['événement GPS', 'événements GPS'],
  liens_suivi: ['lien de suivi', 'liens de suivi'],
  messages: ['message', 'messages'],
  rapprochements: ['relevé rapproché', 'relevés rapprochés'],
  plans_entretien: ["plan d'entretien", "plans d'entretien"],
  rapprochement_lignes: ['ligne de relevé rapprochée', 'lignes de relevé rapprochées'],
  avances: ['avance de frais de route', 'avances de frais de route'],
};

/** How many rows of each table still point at `table`.`id`. */
export async function findUsages(
  db: Db,
  table: string,
  id: number,
): Promise<Array<{ table: string; n: number }>> {
  const refs = await referencesTo(db, table);
  if (!refs.length) return [];
  const counts = sql.join(
    refs.map(
      (r) =>
        sql`select ${r.table}::text as "table", count(*)::int as n from ${sql.identifier(r.table)} where ${sql.identifier(r.column)} = ${id}`,
    ),
    sql` union all `,
  );
  const rows = await rowsOf<{ table: string; n: number }>(db, counts);
  const byTable = new Map<string, number>();
  for (const row of rows) byTable.set(row.table, (byTable.get(row.table) ?? 0) + Number(row.n));
  return [...byTable].filter(([, n]) => n > 0).map(([t, n]) => ({ table: t, n }));
}

/** « 3 interventions et 1 course ». */
export function usagePhrase(usages: Array<{ table: string; n: number }>): string {
  return enumeration(
    usages.map(({ table, n }) => {
      const [one, many] = NOMS[table] ?? [`enregistrement de ${table}`, `enregistrements de ${table}`];
      return `${n} ${n > 1 ? many : one}`;
    }),
  );
}

export const inUse = (message: string) => new AppError('in_use', 409, [message]);

/** « Cette ville est utilisée par 3 garages et 12 adresses : elle ne peut pas être supprimée. » */
export function inUseMessage(subject: string, genre: Nom['genre'], par?: string): string {
  const utilise = accord(genre, 'utilisé');
  return `${capitalise(subject)} est ${par ? `${utilise} par ${par}` : `encore ${utilise}`} : ${pronom(genre)} ne peut pas être ${accord(genre, 'supprimé')}.`;
}

/**
 * 409 « Ce garage est utilisé par 2 interventions : il ne peut pas être supprimé. » when the row is still
 * referenced. `subject` is what to call the row (« ce garage », « le véhicule GA-123-AB »).
 */
export async function assertUnused(db: Db, table: string, id: number, subject: string, genre: Nom['genre']) {
  const usages = await findUsages(db, table, id);
  if (!usages.length) return;
  throw inUse(inUseMessage(subject, genre, usagePhrase(usages)));
}

/**
 * `true` when some row still points at the row of `table` whose id is `id` (an outer query's column), in SQL:
 * the same references as `assertUnused`, for a list that says per row whether it may be deleted (`can`).
 */
export async function inUseSql(db: Db, table: string, id: AnyColumn): Promise<SQL<boolean>> {
  const refs = await referencesTo(db, table);
  if (!refs.length) return sql<boolean>`false`;
  return sql<boolean>`(${sql.join(
    refs.map(
      (r) => sql`exists (select 1 from ${sql.identifier(r.table)} where ${sql.identifier(r.column)} = ${id})`,
    ),
    sql` or `,
  )})`.mapWith(Boolean);
}
