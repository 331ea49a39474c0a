import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Fixtures, setupFixtures } from './fixtures';

// Migration 0047 re-posts the entries written the old way (payments before invoicing on 411, TPS on 4478,
// stock on 602, every voucher on 658, no third party, no lettrage). On the demo data (posted the new way by
// the seed), its way back (drizzle/down) gives the old books, and the re-post gives back the same books:
// afterwards every entry balances, 411 holds exactly the unpaid part of each client's invoices and 4191
// exactly the advances not matched with an invoice.

let ctx: Fixtures;

const drizzle = path.resolve(import.meta.dirname, '../drizzle');
const statements = (text: string) =>
  text
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter((s) => s.replace(/--.*$/gm, '').trim() !== '');
/** The hand-written part of 0047: after its schema changes. */
const REPOST = '-- Re-post (hand-written)';
const up = () => {
  const text = fs.readFileSync(path.join(drizzle, '0047_comptabilite_lettrage.sql'), 'utf8');
  return statements(text.slice(text.indexOf(REPOST)));
};
const down = () =>
  statements(fs.readFileSync(path.join(drizzle, 'down/0047_comptabilite_lettrage.sql'), 'utf8'));

async function run(list: string[]) {
  await ctx.t.database.db.transaction(async (tx) => {
    for (const s of list) await tx.execute(sql.raw(s));
  });
}

async function all<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  const res = await ctx.t.database.db.execute(q);
  return ((res as { rows?: T[] }).rows ?? res) as T[];
}

/**
 * Debit − credit per company and account. The driver advances' entries (module avances, posted after 0047 and
 * untouched by it: fuel on 6053, 4211) are left out: the old books had none.
 */
const balances = () =>
  all<{ entreprise_id: number; compte: string; solde: number }>(sql`
    select l.entreprise_id, l.compte, sum(l.debit - l.credit)::bigint::float8 as solde from ecriture_lignes l
    join ecritures e on e.id = l.ecriture_id where e.source_type is null or e.source_type not like 'avance%'
    group by l.entreprise_id, l.compte having sum(l.debit - l.credit) <> 0 order by 1, 2`);

/** The open (unmatched) balance of each third party on each matched account. */
const ouverts = () =>
  all<{ entreprise_id: number; compte: string; tiers_id: number; solde: number }>(sql`
    select entreprise_id, compte, tiers_id, sum(debit - credit)::bigint::float8 as solde from ecriture_lignes
    where compte in ('411', '4191', '401') and lettrage is null
    group by 1, 2, 3 having sum(debit - credit) <> 0 order by 1, 2, 3`);

const reglesFactures = () =>
  all<{ id: number; montant_regle: number; statut: string }>(
    sql`select id, montant_regle, statut from factures where est_valide order by id`,
  );

beforeAll(async () => {
  ctx = await setupFixtures();
  // Beside the demo year: a course paid, then invoiced (its advance imputed), and a course invoiced, then
  // paid from Paiements (the invoice settled on 411), so both of the migration's cases are in the books.
  const client = (await ctx.client(ctx.A, 'Migration')).id;
  for (const [montant, avant] of [
    [400_000, true],
    [250_000, false],
  ] as const) {
    const course = await ctx.postCourse(ctx.A, client, (await ctx.vehicule(ctx.A)).id, { montant });
    await ctx.moveCourse(ctx.A, course.id, 'Chargement terminé', 'Transport en cours', 'Terminé');
    if (avant) await ctx.paiement(ctx.A, course.id, 150_000, { statut: 'Validé' });
    const f = await ctx.t.post(
      '/api/factures',
      {
        date_operation: '2026-06-01',
        type: 'Normale',
        client_id: client,
        lignes: [{ description: course.code, qte: 1, prix_unitaire: montant, course_id: course.id }],
      },
      ctx.A.token,
    );
    expect((await ctx.t.post(`/api/factures/${f.json().data.id}/validate`, {}, ctx.A.token)).statusCode).toBe(
      200,
    );
    if (!avant) await ctx.paiement(ctx.A, course.id, 100_000, { statut: 'Validé' });
  }
});

describe('migration 0047: the re-post of the existing entries', () => {
  it('goes back to the old postings and forward again to the same books', async () => {
    const [soldes, ouvertes, regles] = [await balances(), await ouverts(), await reglesFactures()];
    const demo = soldes.find((s) => s.entreprise_id === ctx.A.id && s.compte === '4191');
    expect(demo?.solde ?? 0).toBeLessThan(0); // the demo's courses paid and not invoiced: advances

    await run(down());
    const vieux = await balances();
    const de = (compte: string) =>
      vieux.find((s) => s.entreprise_id === ctx.A.id && s.compte === compte)?.solde;
    // The old books: the advances credit 411 (it ends in credit), TPS on 4478, stock on 602, vouchers on 658.
    expect(de('4191')).toBeUndefined();
    expect(de('4492')).toBeUndefined();
    expect(de('6041')).toBeUndefined();
    expect(de('6053')).toBeUndefined();
    expect(de('411')).toBeLessThan(0);
    expect(de('4478')).toBeGreaterThan(0);
    expect(de('602')).toBeGreaterThan(0);
    expect(de('658')).toBeGreaterThan(0);
    const [lettrees] = await all<{ n: number }>(
      sql`select count(*)::int as n from ecriture_lignes where lettrage is not null or tiers_id is not null`,
    );
    expect(lettrees!.n).toBe(0);

    await run(up());
    expect(await balances()).toEqual(soldes);
    expect(await ouverts()).toEqual(ouvertes);
    expect(await reglesFactures()).toEqual(regles);
  });

  it('leaves balanced entries, 411 = the unpaid invoices and 4191 = the unmatched advances, per client', async () => {
    const desequilibrees = await all<{ id: number }>(sql`
      select ecriture_id as id from ecriture_lignes group by ecriture_id having sum(debit) <> sum(credit)`);
    expect(desequilibrees).toEqual([]);

    // 411 per client: the balance, its open lines, and what remains due on the client's validated invoices.
    const clients = await all<{
      entreprise_id: number;
      tiers_id: number;
      solde: number;
      ouvert: number;
      du: number;
    }>(sql`
      select c.entreprise_id, c.client_id as tiers_id,
        coalesce((select sum(debit - credit) from ecriture_lignes l
          where l.entreprise_id = c.entreprise_id and l.compte = '411' and l.tiers_id = c.client_id), 0)::float8 as solde,
        coalesce((select sum(debit - credit) from ecriture_lignes l
          where l.entreprise_id = c.entreprise_id and l.compte = '411' and l.tiers_id = c.client_id
            and l.lettrage is null), 0)::float8 as ouvert,
        (select sum(net_a_payer - montant_regle) from factures f
          where f.entreprise_id = c.entreprise_id and f.client_id = c.client_id and f.est_valide
            and f.type = 'Normale')::float8 as du
      from (select distinct entreprise_id, client_id from factures where est_valide and type = 'Normale') c
      order by 1, 2`);
    expect(clients.length).toBeGreaterThan(3);
    expect(clients.filter((c) => c.solde !== c.du || c.ouvert !== c.du)).toEqual([]);
    // Nothing on 411 without an invoice.
    const orphelins = await all<{ n: number }>(sql`
      select count(*)::int as n from ecriture_lignes l where l.compte = '411' and (l.tiers_id is null
        or not exists (select 1 from factures f where f.client_id = l.tiers_id and f.entreprise_id = l.entreprise_id
          and f.est_valide))`);
    expect(orphelins[0]!.n).toBe(0);

    // 4191 per client: the payments received for courses no validated invoice bills, as open lines.
    const avances = await all<{ entreprise_id: number; tiers_id: number; ouvert: number; recu: number }>(sql`
      with recu as (
        select p.entreprise_id, p.client_id, sum(p.montant) as recu from paiements p
        where p.statut = 'Validé' and p.reglement_id is null
          and not exists (select 1 from courses_facturees cf where cf.course_id = p.course_id)
        group by 1, 2),
      ouvert as (
        select entreprise_id, tiers_id, sum(credit - debit) as ouvert from ecriture_lignes
        where compte = '4191' and lettrage is null group by 1, 2 having sum(credit - debit) <> 0)
      select coalesce(r.entreprise_id, o.entreprise_id) as entreprise_id, coalesce(r.client_id, o.tiers_id) as tiers_id,
        coalesce(o.ouvert, 0)::float8 as ouvert, coalesce(r.recu, 0)::float8 as recu
      from recu r full join ouvert o on o.entreprise_id = r.entreprise_id and o.tiers_id = r.client_id
      order by 1, 2`);
    expect(avances.length).toBeGreaterThan(3);
    expect(avances.filter((a) => a.ouvert !== a.recu)).toEqual([]);
    const [total] = await all<{ solde: number; ouvert: number }>(sql`
      select sum(credit - debit)::float8 as solde, sum(case when lettrage is null then credit - debit else 0 end)::float8 as ouvert
      from ecriture_lignes where compte = '4191' and entreprise_id = ${ctx.A.id}`);
    expect(total!.solde).toBe(total!.ouvert);
  });
});
