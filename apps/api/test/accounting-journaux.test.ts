import { and, eq, type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ecritureLignes, ecritures, users } from '../src/db/schema';
import { scoped } from '../src/db/scoped';
import { listLignesJournal } from '../src/modules/accounting/journal.repository';
import { expectFailure, type Fixtures, inDays, setupFixtures } from './fixtures';

let ctx: Fixtures;

beforeAll(async () => {
  ctx = await setupFixtures();
});

async function linesOf(sourceType: string, sourceId: number) {
  return ctx.t.database.db
    .select({
      e: ecritures.id,
      rev: ecritures.contre_passation_de,
      type: ecritures.type,
      compte: ecritureLignes.compte,
      debit: ecritureLignes.debit,
      credit: ecritureLignes.credit,
    })
    .from(ecritures)
    .innerJoin(ecritureLignes, eq(ecritureLignes.ecriture_id, ecritures.id))
    .where(and(eq(ecritures.source_type, sourceType), eq(ecritures.source_id, sourceId)))
    .orderBy(ecritures.id, ecritureLignes.id);
}

const voucher = (extra: Record<string, unknown> = {}) => ({
  date_operation: '2026-06-03',
  beneficiaire: 'Station Total Owendo',
  decaisseur: 'Caissière Nzé',
  montant: 45_000,
  libelle: 'Carburant groupe électrogène',
  motif:
    '<p>Plein du <strong>groupe</strong><script>alert(1)</script><img src=x onerror=alert(1)> <a href="javascript:alert(1)">ici</a> <a href="https://total.ga">reçu</a></p>',
  ...extra,
});

/** An opération diverse: cash (571) paid into the bank (521). */
const versement = (date_operation: string, libelle: string, montant: number) => ({
  date_operation,
  libelle,
  lignes: [
    { compte: '521', debit: montant },
    { compte: '571', credit: montant },
  ],
});

const rowsOf = <T>(r: unknown) => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];

// First in the file: the company's documents and postings are still the demo seed's own.
describe('demo data', () => {
  it('a year of every kind of document, each with exactly the postings it implies', async () => {
    const db = ctx.t.database.db;
    const e = ctx.A.id;
    const all = async <T>(q: SQL) => rowsOf<T>(await db.execute(q));
    /** Entries of a source, and the net (debit − credit) of the given accounts over them. */
    const posted = (type: string, id: SQL, comptes: string[]) => sql`
      (select count(*)::int from ecritures x where x.source_type = ${type} and x.source_id = ${id}) as n,
      (select count(*)::int from ecritures x
        where x.source_type = ${type} and x.source_id = ${id} and x.contre_passation_de is not null) as reversals,
      (select coalesce(sum(l.debit - l.credit), 0)::int from ecritures x
        join ecriture_lignes l on l.ecriture_id = x.id
        where x.source_type = ${type} and x.source_id = ${id}
          and l.compte in (${sql.join(
            comptes.map((c) => sql`${c}`),
            sql`, `,
          )})) as net`;
    type Posted = { n: number; reversals: number; net: number };

    // Invoices: pro formas (validated: transformed), definitive drafts, validated, settled, a credit note.
    const fs = await all<Posted & { type: string; statut: string; est_valide: boolean; net_a_payer: number }>(
      sql`select f.type, f.statut, f.est_valide, f.net_a_payer, ${posted('facture', sql`f.id`, ['411'])}
        from factures f where f.entreprise_id = ${e}`,
    );
    const kinds = new Set(fs.map((f) => `${f.type}/${f.statut}`));
    for (const kind of [
      'Pro forma/Brouillon',
      'Pro forma/Transformée',
      'Normale/Brouillon',
      'Normale/Validée',
      'Normale/Soldé',
      'Avoir/Soldé',
    ])
      expect([...kinds], kind).toContain(kind);
    for (const f of fs) {
      const vente = f.est_valide && f.type !== 'Pro forma';
      const want = vente
        ? { n: 1, net: f.type === 'Avoir' ? -f.net_a_payer : f.net_a_payer }
        : { n: 0, net: 0 };
      expect({ n: f.n, net: f.net }, `${f.type} ${f.statut}`).toEqual(want);
    }

    // Settlements of invoices (411 credited) and of purchases (401 debited), one entry each.
    const regs = await all<Posted & { montant: number; facture_id: number | null }>(
      sql`select r.montant, r.facture_id, ${posted('reglement', sql`r.id`, ['411', '401'])}
        from reglements r where r.entreprise_id = ${e}`,
    );
    expect(regs.some((r) => r.facture_id !== null)).toBe(true);
    expect(regs.some((r) => r.facture_id === null)).toBe(true);
    for (const r of regs)
      expect({ n: r.n, net: r.net }).toEqual({ n: 1, net: r.facture_id ? -r.montant : r.montant });

    // Purchases: validated ones posted (401 credited), the draft not.
    const achats = await all<Posted & { statut: string; montant: number }>(
      sql`select a.statut, a.montant, ${posted('achat', sql`a.id`, ['401'])} from achats a where a.entreprise_id = ${e}`,
    );
    expect(new Set(achats.map((a) => a.statut))).toEqual(new Set(['Brouillon', 'Validé']));
    for (const a of achats)
      expect({ n: a.n, net: a.net }).toEqual(
        a.statut === 'Validé' ? { n: 1, net: -a.montant } : { n: 0, net: 0 },
      );

    // Vouchers: cash 571 credited; the disabled one posted and reversed.
    const pieces = await all<Posted & { actif: boolean; montant: number }>(
      sql`select p.actif, p.montant, ${posted('piece_de_caisse', sql`p.id`, ['571'])}
        from pieces_de_caisse p where p.entreprise_id = ${e}`,
    );
    expect(pieces.filter((p) => !p.actif)).toHaveLength(1);
    expect(pieces.length).toBeGreaterThan(5);
    for (const p of pieces)
      expect({ n: p.n, reversals: p.reversals, net: p.net }).toEqual(
        p.actif ? { n: 1, reversals: 0, net: -p.montant } : { n: 2, reversals: 1, net: 0 },
      );

    // Payments: validated ones posted (4191 credited: the demo's courses paid are not invoiced, issue 29) unless
    // part of an invoice settlement (posted there).
    const pays = await all<Posted & { statut: string; montant: number; reglement_id: number | null }>(
      sql`select p.statut, p.montant, p.reglement_id, ${posted('paiement', sql`p.id`, ['411', '4191'])}
        from paiements p where p.entreprise_id = ${e}`,
    );
    expect(pays.some((p) => p.reglement_id !== null)).toBe(true);
    expect(pays.filter((p) => p.statut === 'Validé' && p.reglement_id === null).length).toBeGreaterThan(10);
    for (const p of pays) {
      const want =
        p.statut === 'Validé' && p.reglement_id === null ? { n: 1, net: -p.montant } : { n: 0, net: 0 };
      expect({ n: p.n, net: p.net }, `${p.statut} ${p.reglement_id}`).toEqual(want);
    }

    // Nothing else was posted: every entry of a document points at one that exists.
    const orphans = await all<{ id: number }>(sql`
      select x.id from ecritures x where x.entreprise_id = ${e} and not (
        (x.source_type = 'facture' and exists (select 1 from factures f where f.id = x.source_id))
        or (x.source_type = 'reglement' and exists (select 1 from reglements r where r.id = x.source_id))
        or (x.source_type = 'achat' and exists (select 1 from achats a where a.id = x.source_id))
        or (x.source_type = 'piece_de_caisse' and exists (select 1 from pieces_de_caisse p where p.id = x.source_id))
        or (x.source_type = 'paiement' and exists (select 1 from paiements p where p.id = x.source_id))
        or (x.source_type = 'avance' and exists (select 1 from avances a where a.id = x.source_id))
        or (x.source_type = 'avance_plein' and exists (select 1 from pleins_carburant p where p.id = x.source_id and p.avance_id is not null))
        or (x.source_type = 'avance_frais' and exists (select 1 from frais_route r where r.id = x.source_id and r.avance_id is not null)))`);
    expect(orphans).toEqual([]);
  });
});

describe('cash vouchers', () => {
  it('requires its fields with French messages', async () => {
    const res = await ctx.t.post('/api/piece_de_caisses', {}, ctx.A.token);
    const body = expectFailure(res, 422);
    expect(body.errors).toEqual(
      expect.arrayContaining([
        'La date est obligatoire.',
        'Le bénéficiaire est obligatoire.',
        'Le décaisseur est obligatoire.',
        'Le montant est obligatoire.',
        'Le libellé est obligatoire.',
      ]),
    );
  });

  it('sanitises the motif, posts in Caisse, reverses when disabled and posts again when activated', async () => {
    const res = await ctx.t.post('/api/piece_de_caisses', voucher(), ctx.A.token);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().data;
    expect(p.motif).toContain('<strong>groupe</strong>');
    expect(p.motif).toContain('href="https://total.ga"');
    for (const bad of ['<script', 'onerror', 'javascript:', '<img']) expect(p.motif).not.toContain(bad);
    expect(
      (await linesOf('piece_de_caisse', p.id)).map((l) => [l.type, l.compte, l.debit, l.credit]),
    ).toEqual([
      ['Caisse', '658', 45_000, 0],
      ['Caisse', '571', 0, 45_000],
    ]);
    const off = await ctx.t.post(`/api/caisses/${p.id}/disable`, {}, ctx.A.token);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ actif: false, statut: 'Désactivée' });
    let lines = await linesOf('piece_de_caisse', p.id);
    expect(lines).toHaveLength(4);
    expect(lines[2]).toMatchObject({ rev: lines[0]!.e, compte: '658', debit: 0, credit: 45_000 });
    const net = (rows: typeof lines) =>
      rows.reduce((s, l) => s + (l.compte === '571' ? l.debit - l.credit : 0), 0);
    expect(net(lines)).toBe(0);
    await ctx.t.post(`/api/caisses/${p.id}/activate`, {}, ctx.A.token);
    lines = await linesOf('piece_de_caisse', p.id);
    expect(net(lines)).toBe(-45_000);
    // An edit of the amount reverses the old posting and posts the new one.
    const upd = await ctx.t.post(
      `/api/piece_de_caisses/${p.id}/update`,
      voucher({ montant: 50_000, motif: null }),
      ctx.A.token,
    );
    expect(upd.json().data).toMatchObject({ montant: 50_000, motif: null });
    expect(net(await linesOf('piece_de_caisse', p.id))).toBe(-50_000);
  });

  it('carries the number the journals quote (PC-{id}), in the list, the detail and sortable', async () => {
    const made = [];
    for (const libelle of ['Péage Ndjolé', 'Péage Lalara']) {
      const res = await ctx.t.post('/api/piece_de_caisses', voucher({ libelle }), ctx.A.token);
      expect(res.statusCode, res.body).toBe(200);
      made.push(res.json().data as { id: number; numero: string });
    }
    const [first, second] = made as [{ id: number; numero: string }, { id: number; numero: string }];
    expect(first.numero).toBe(`PC-${first.id}`);
    const [entry] = await ctx.t.database.db
      .select({ piece: ecritures.piece })
      .from(ecritures)
      .where(and(eq(ecritures.source_type, 'piece_de_caisse'), eq(ecritures.source_id, first.id)));
    expect(entry?.piece).toBe(first.numero);
    expect((await ctx.t.get(`/api/piece_de_caisses/${second.id}`, ctx.A.token)).json().data.numero).toBe(
      `PC-${second.id}`,
    );
    const list = (await ctx.t.get('/api/piece_de_caisses?per_page=2&sort=-numero', ctx.A.token)).json().data;
    expect(list.data.map((p: { numero: string }) => p.numero)).toEqual([second.numero, first.numero]);
  });

  it('group-deletes with one {severity, value} message per line, reversing postings; other companies get 404', async () => {
    const a = (
      await ctx.t.post('/api/piece_de_caisses', voucher({ libelle: 'Timbres fiscaux' }), ctx.A.token)
    ).json().data;
    const b = (
      await ctx.t.post('/api/piece_de_caisses', voucher({ libelle: 'Eau minérale' }), ctx.B.token)
    ).json().data;
    for (const url of [
      `/api/piece_de_caisses/${a.id}/update`,
      `/api/caisses/${a.id}/disable`,
      `/api/caisses/${a.id}/activate`,
      `/api/piece_de_caisses/${a.id}/destroy`,
    ]) {
      expect((await ctx.t.post(url, voucher(), ctx.B.token)).statusCode).toBe(404);
    }
    expect((await ctx.t.get(`/api/piece_de_caisses/${a.id}`, ctx.B.token)).statusCode).toBe(404);
    const list = (await ctx.t.get('/api/piece_de_caisses?per_page=100', ctx.B.token)).json().data;
    expect(list.data.map((x: { id: number }) => x.id)).toContain(b.id);
    expect(list.data.some((x: { entreprise_id: number }) => x.entreprise_id !== ctx.B.id)).toBe(false);
    const res = await ctx.t.post('/api/caisses/destroy-group', { selected_lines: [a.id, b.id] }, ctx.A.token);
    expect(res.json().message).toEqual([
      { severity: 'success', value: 'La pièce de caisse « Timbres fiscaux » a été supprimée.' },
      { severity: 'error', value: `La pièce de caisse n°${b.id} n'existe pas.` },
    ]);
    const lines = await linesOf('piece_de_caisse', a.id);
    expect(lines.reduce((s, l) => s + l.debit - l.credit, 0)).toBe(0);
    expect(lines.filter((l) => l.compte === '571').reduce((s, l) => s + l.debit - l.credit, 0)).toBe(0);
    expect((await ctx.t.get(`/api/piece_de_caisses/${b.id}`, ctx.B.token)).statusCode).toBe(200);
  });
});

describe('purchases', () => {
  it('validating a purchase raises the stock of its articles and posts Achat; settlements set statut_reglement', async () => {
    const f = await ctx.referenceCreate(ctx.A, 'fournisseurs', { nom: 'CFAO Motors Libreville' });
    const art = await ctx.referenceCreate(ctx.A, 'articles', {
      reference: `FLT-${Date.now()}`,
      nom: 'Filtre à huile',
      qte: 3,
      prix_unitaire: 12_000,
    });
    const body = {
      date_operation: '2026-06-10',
      acheteur_id: ctx.A.id,
      fournisseur_id: f.id,
      appliquer_tva: true,
      taux_tva: 18,
      lignes: [
        { article_id: art.id, qte: 10, prix_unitaire: 12_000 },
        { description: 'Main-d’œuvre montage', qte: 1, prix_unitaire: 30_000 },
      ],
    };
    const created = await ctx.t.post('/api/achats', body, ctx.A.token);
    expect(created.statusCode, created.body).toBe(200);
    const a = created.json().data;
    expect(a).toMatchObject({
      montant_ht: 150_000,
      tva_deductible: 27_000,
      montant: 177_000,
      statut: 'Brouillon',
      statut_reglement: 'Non réglé',
      fournisseur: { nom: 'CFAO Motors Libreville' },
    });
    const v = await ctx.t.post(`/api/achats/${a.id}/validate`, {}, ctx.A.token);
    expect(v.statusCode, v.body).toBe(200);
    expect(await ctx.articleStock(art.id)).toBe(13);
    expect((await linesOf('achat', a.id)).map((l) => [l.compte, l.debit, l.credit])).toEqual([
      ['6041', 120_000, 0],
      ['605', 30_000, 0],
      ['4452', 27_000, 0],
      ['401', 0, 177_000],
    ]);
    expectFailure(
      await ctx.t.post(`/api/achats/${a.id}/update`, body, ctx.A.token),
      409,
      'Cet achat est validé : il ne peut plus être modifié.',
    );
    const part = await ctx.t.post(
      `/api/achats/${a.id}/reglements`,
      { mode: 'Chèque', montant: 77_000 },
      ctx.A.token,
    );
    expect(part.json().data.statut_reglement).toBe('Partiellement réglé');
    const all = await ctx.t.post(
      `/api/achats/${a.id}/reglements`,
      { mode: 'Espèces', montant: 100_000 },
      ctx.A.token,
    );
    expect(all.json().data).toMatchObject({ statut_reglement: 'Réglé', montant_regle: 177_000 });
    for (const url of [`/api/achats/${a.id}`])
      expect((await ctx.t.get(url, ctx.B.token)).statusCode).toBe(404);
    for (const url of [
      `/api/achats/${a.id}/validate`,
      `/api/achats/${a.id}/destroy`,
      `/api/achats/${a.id}/reglements`,
    ]) {
      expect((await ctx.t.post(url, { mode: 'Espèces', montant: 1 }, ctx.B.token)).statusCode).toBe(404);
    }
    const other = await ctx.t.post('/api/achats', body, ctx.B.token);
    expectFailure(other, 422, "Cet acheteur n'existe pas.");
  });
});

describe('journals', () => {
  it('requires both dates for the balance, and refuses an unbalanced manual entry in French', async () => {
    expectFailure(
      await ctx.t.get('/api/operations/balance?date_debut=2026-01-01', ctx.A.token),
      422,
      'La date de début et la date de fin sont obligatoires.',
    );
    const bad = await ctx.t.post(
      '/api/operations',
      {
        date_operation: '2026-06-30',
        libelle: 'Régularisation',
        lignes: [
          { compte: '521', debit: 1000 },
          { compte: '571', credit: 900 },
        ],
      },
      ctx.A.token,
    );
    expectFailure(bad, 422, "L'écriture n'est pas équilibrée : 1.000 FCFA au débit, 900 FCFA au crédit.");
    const good = await ctx.t.post(
      '/api/operations',
      versement('2026-06-30', 'Versement espèces en banque', 500_000),
      ctx.A.token,
    );
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().data).toMatchObject({
      type: 'Operation Diverse',
      total_debit: 500_000,
      total_credit: 500_000,
    });
    expect((await ctx.t.get(`/api/operations/${good.json().data.id}`, ctx.B.token)).statusCode).toBe(404);
  });

  it("keeps a superadmin's books per company: the journals and the balance need one", async () => {
    const message =
      'Choisissez une entreprise : les journaux et la balance générale se tiennent par entreprise.';
    for (const url of [
      '/api/operations',
      '/api/operations?date_debut=2026-01-01&date_fin=2026-12-31',
      '/api/operations/balance?date_debut=2026-01-01&date_fin=2026-12-31',
      `/api/operations/export?format=csv&columns=${encodeURIComponent(JSON.stringify([{ label: 'Date', path: 'date_operation' }]))}`,
    ]) {
      const res = await ctx.t.get(url, ctx.admin);
      const body = expectFailure(res, 422, message);
      expect(
        (body as unknown as { data: { fields: Record<string, string> } }).data.fields.entreprise,
        url,
      ).toBe(message);
    }
    // Named, the company's lines alone (with its name), and the balance of its books alone.
    const a = (await ctx.t.get(`/api/operations?entreprise=${ctx.A.id}&per_page=100`, ctx.admin)).json().data;
    expect(a.data.length).toBeGreaterThan(0);
    const own = (await ctx.t.get('/api/operations?per_page=100', ctx.A.token)).json().data;
    expect(a.data.map((l: { id: number }) => l.id)).toEqual(own.data.map((l: { id: number }) => l.id));
    const balance = (url: string, token: string) =>
      ctx.t.get(`/api/operations/balance?date_debut=2025-01-01&date_fin=2026-12-31${url}`, token);
    expect((await balance(`&entreprise=${ctx.B.id}`, ctx.admin)).json().data).toEqual(
      (await balance('', ctx.B.token)).json().data,
    );
    // An opération diverse of a superadmin names its company.
    const od = {
      date_operation: '2026-06-30',
      libelle: 'Régularisation de caisse',
      lignes: [
        { compte: '521', debit: 1_000 },
        { compte: '571', credit: 1_000 },
      ],
    };
    const refused = await ctx.t.post('/api/operations', od, ctx.admin);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().data.fields.entreprise_id).toBe("L'entreprise est obligatoire.");
    const made = await ctx.t.post('/api/operations', { ...od, entreprise_id: ctx.B.id }, ctx.admin);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data.entreprise_id).toBe(ctx.B.id);
  });

  it('open newest first: the first page holds the latest lines', async () => {
    const posted = await ctx.t.post(
      '/api/operations',
      // Today in Libreville (UTC+1), as every accounting date: the UTC day is yesterday there after 23:00 UTC.
      versement(inDays(0), 'Dernière écriture du jour', 2_000),
      ctx.A.token,
    );
    expect(posted.statusCode, posted.body).toBe(200);
    const page = (await ctx.t.get('/api/operations?page=1', ctx.A.token)).json().data;
    expect(page.data.slice(0, 2).map((l: { libelle: string }) => l.libelle)).toEqual([
      'Dernière écriture du jour',
      'Dernière écriture du jour',
    ]);
    const dates = page.data.map((l: { date_operation: string }) => l.date_operation);
    expect(dates).toEqual([...dates].sort().reverse());
    // The oldest first on demand.
    const ancien = (await ctx.t.get('/api/operations?page=1&sort=date_operation', ctx.A.token)).json().data;
    expect(ancien.data[0].date_operation < page.data[0].date_operation).toBe(true);
  });

  it('posts validated payments from Operations and reverses them when cancelled', async () => {
    const client = await ctx.client(ctx.A);
    const course = await ctx.postCourse(ctx.A, client.id, (await ctx.vehicule(ctx.A)).id, {
      montant: 80_000,
    });
    const pay = (
      await ctx.t.post(
        '/api/paiements',
        { course_id: course.id, libelle: 'Acompte', mode: 'Espèces', montant: 30_000, statut: 'Validé' },
        ctx.A.token,
      )
    ).json().data;
    expect((await linesOf('paiement', pay.id)).map((l) => [l.type, l.compte, l.debit, l.credit])).toEqual([
      ['Caisse', '571', 30_000, 0],
      ['Caisse', '4191', 0, 30_000],
    ]);
    expect((await ctx.t.post(`/api/paiements/${pay.id}/cancel`, {}, ctx.A.token)).statusCode).toBe(200);
    const lines = await linesOf('paiement', pay.id);
    expect(lines).toHaveLength(4);
    expect(lines.filter((l) => l.compte === '571').reduce((s, l) => s + l.debit - l.credit, 0)).toBe(0);
  });

  it('every entry of the seeded year balances, running balances add up and the balance générale balances', async () => {
    const db = ctx.t.database.db;
    const unbalanced = await db.execute(
      sql`select e.id from ecritures e join ecriture_lignes l on l.ecriture_id = e.id group by e.id having sum(l.debit) <> sum(l.credit) or count(*) < 2`,
    );
    expect(rowsOf(unbalanced)).toEqual([]);
    const [n] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(ecritures)
      .where(eq(ecritures.entreprise_id, ctx.A.id));
    expect(n!.n).toBeGreaterThan(50);
    // The running balance of the last line of an account is the account's total.
    const page = (
      await ctx.t.get('/api/operations?compte=571&per_page=100&page=1&sort=date_operation', ctx.A.token)
    ).json().data;
    const last = (
      await ctx.t.get(
        `/api/operations?compte=571&per_page=100&page=${page.last_page}&sort=date_operation`,
        ctx.A.token,
      )
    )
      .json()
      .data.data.at(-1);
    const [total] = await db
      .select({ s: sql<number>`sum(${ecritureLignes.debit} - ${ecritureLignes.credit})`.mapWith(Number) })
      .from(ecritureLignes)
      .where(and(eq(ecritureLignes.entreprise_id, ctx.A.id), eq(ecritureLignes.compte, '571')));
    expect(last.solde).toBe(total!.s);
    let running = 0;
    const first = (
      await ctx.t.get('/api/operations?compte=571&per_page=100&page=1&sort=date_operation', ctx.A.token)
    ).json().data.data;
    for (const l of first) {
      running += l.debit - l.credit;
      expect(l.solde).toBe(running);
    }
    // An export (every line at once: the running balances in one pass) gives the same balances as pages.
    const ancien = { sort: 'date_operation' } as const;
    const sA = scoped(db, { entrepriseId: ctx.A.id });
    const tout = await listLignesJournal(sA, ancien).rows(100_000, 0);
    const parPages = await listLignesJournal(sA, ancien).rows(200, 0);
    expect(parPages.length).toBe(200);
    expect(tout.slice(0, 200)).toEqual(parPages);
    const milieu = Math.floor(tout.length / 2);
    expect(await listLignesJournal(sA, ancien).rows(12, milieu)).toEqual(tout.slice(milieu, milieu + 12));
    const fin = new Date().toISOString().slice(0, 10);
    const debut = new Date(Date.now() - 366 * 86_400_000).toISOString().slice(0, 10);
    const bal = (
      await ctx.t.get(`/api/operations/balance?date_debut=${debut}&date_fin=${fin}`, ctx.A.token)
    ).json().data;
    expect(bal.comptes.length).toBeGreaterThan(4);
    expect(bal.totaux.debit).toBe(bal.totaux.credit);
    expect(bal.totaux.debit).toBeGreaterThan(0);
    expect(bal.totaux.solde_ouverture).toBe(0);
    expect(bal.totaux.solde_cloture).toBe(0);
    for (const c of bal.comptes) expect(c.solde_cloture).toBe(c.solde_ouverture + c.debit - c.credit);
    const csv = await ctx.t.get(
      `/api/operations/balance?date_debut=${debut}&date_fin=${fin}&format=csv`,
      ctx.A.token,
    );
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('"411";"Clients"');
    // The journal list: 12 per page by default, filters by type, never another company's lines.
    const vente = (
      await ctx.t.get(`/api/operations?type=Vente&date_debut=${debut}&date_fin=${fin}&page=1`, ctx.A.token)
    ).json().data;
    expect(vente.per_page).toBe(12);
    expect(vente.data.length).toBeGreaterThan(0);
    for (const l of vente.data) expect(l.type).toBe('Vente');
    // The count and the page's keys read the lines alone (the type a semi-join): same lines, same balances
    // as the one-pass export of the same filter.
    const [nVente] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(ecritureLignes)
      .innerJoin(ecritures, eq(ecritures.id, ecritureLignes.ecriture_id))
      .where(
        and(
          eq(ecritureLignes.entreprise_id, ctx.A.id),
          eq(ecritures.type, 'Vente'),
          sql`${ecritureLignes.date_operation} between ${debut} and ${fin}`,
        ),
      );
    expect(vente.total).toBe(nVente!.n);
    const venteExport = await listLignesJournal(scoped(db, { entrepriseId: ctx.A.id }), {
      type: 'Vente',
      date_debut: debut,
      date_fin: fin,
      compte: '41',
    }).rows(100_000, 0);
    // Newest first by default, the export as the screen.
    expect(venteExport.length).toBeGreaterThan(1);
    expect(venteExport[0]!.date_operation >= venteExport.at(-1)!.date_operation).toBe(true);
    const ventePage = await listLignesJournal(scoped(db, { entrepriseId: ctx.A.id }), {
      type: 'Vente',
      date_debut: debut,
      date_fin: fin,
      compte: '41',
    }).rows(12, 0);
    expect(ventePage.length).toBeGreaterThan(0);
    expect(ventePage).toEqual(venteExport.slice(0, 12));
    const og = (await ctx.t.get('/api/operations?per_page=100', ctx.B.token)).json().data;
    const tgEntries = new Set(
      (
        await db.select({ id: ecritures.id }).from(ecritures).where(eq(ecritures.entreprise_id, ctx.A.id))
      ).map((r) => r.id),
    );
    expect(og.data.length).toBeGreaterThan(0);
    expect(og.data.some((l: { ecriture_id: number }) => tgEntries.has(l.ecriture_id))).toBe(false);
    const detail = (await ctx.t.get(`/api/operations/${vente.data[0].ecriture_id}`, ctx.A.token)).json().data;
    expect(detail.total_debit).toBe(detail.total_credit);
    expect(detail.source).toMatchObject({ type: 'facture' });
    void users;
  });
});
