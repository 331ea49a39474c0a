import fs from 'node:fs';
import path from 'node:path';
import { totauxFacture } from '@yams/shared';
import { and, eq, sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { ecritureLignes, ecritures, factures } from '../src/db/schema';
import { expectFailure, type Fixtures, setupFixtures } from './fixtures';

let ctx: Fixtures;
let clientId: number;

beforeAll(async () => {
  ctx = await setupFixtures();
  clientId = (await ctx.client(ctx.A, 'Facturé')).id;
});

const taxes = {
  appliquer_tva: true,
  taux_tva: 18,
  appliquer_tps: true,
  taux_tps: 9.5,
  appliquer_css: true,
  taux_css: 1,
};

function factureBody(extra: Record<string, unknown> = {}) {
  return {
    date_operation: '2026-04-10',
    type: 'Normale',
    client_id: clientId,
    ...taxes,
    appliquer_reduction: true,
    reduction: 10_000,
    lignes: [
      { description: 'Transports du mois d’avril', isTitle: true },
      { description: 'Libreville – Franceville, 20 t', qte: 2, prix_unitaire: 450_000 },
      { description: 'Manutention', qte: 1, prix_unitaire: 1_250_000, reduction: 50_000 },
    ],
    conditions: 'Paiement à 30 jours.',
    mentions: 'Merci de votre confiance.',
    ...extra,
  };
}

async function create(extra: Record<string, unknown> = {}, token = ctx.A.token) {
  const res = await ctx.t.post('/api/factures', factureBody(extra), token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function entriesOf(sourceType: string, sourceId: number) {
  const rows = await ctx.t.database.db
    .select({
      e: ecritures.id,
      type: ecritures.type,
      compte: ecritureLignes.compte,
      debit: ecritureLignes.debit,
      credit: ecritureLignes.credit,
    })
    .from(ecritures)
    .innerJoin(ecritureLignes, eq(ecritureLignes.ecriture_id, ecritures.id))
    .where(and(eq(ecritures.source_type, sourceType), eq(ecritures.source_id, sourceId)));
  return rows;
}

describe('invoices', () => {
  it('stores the totals of the shared function and ignores totals sent by the client', async () => {
    const f = await create({ total_ht: 1, net_a_payer: 5 });
    const want = totauxFacture(factureBody().lignes, {
      ...taxes,
      appliquer_reduction: true,
      reduction: 10_000,
    });
    expect(f).toMatchObject({
      total_ht: 2_100_000,
      tva: 378_000,
      css: 21_000,
      tps: 199_500,
      reduction: 10_000,
      total_ttc: 2_499_000,
      net_a_payer: 2_289_500,
      est_valide: false,
      statut: 'Brouillon',
      numero: null,
    });
    expect(f.net_a_payer).toBe(want.net_a_payer);
    expect(f.content.map((l: { net_a_payer: number }) => l.net_a_payer)).toEqual([0, 900_000, 1_200_000]);
    expect(f.content[0]).toMatchObject({ isTitle: true, qte: null, prix_unitaire: null });
  });

  it('refuses bad input with the French messages of the form', async () => {
    const res = await ctx.t.post(
      '/api/factures',
      { lignes: [{ description: 'X', qte: 0 }], appliquer_tva: true },
      ctx.A.token,
    );
    const body = expectFailure(res, 422);
    expect(body.errors).toEqual(
      expect.arrayContaining([
        'La date est obligatoire.',
        'Le client est obligatoire.',
        'La quantité doit être au moins 1.',
      ]),
    );
    expectFailure(
      await ctx.t.post('/api/factures', factureBody({ taux_tva: '' }), ctx.A.token),
      422,
      'Le taux de TVA est obligatoire.',
    );
    expectFailure(
      await ctx.t.post('/api/factures', factureBody({ taux_tps: -1 }), ctx.A.token),
      422,
      'Le taux de TPS doit être au moins 0.',
    );
    const tooMuch = await ctx.t.post('/api/factures', factureBody({ reduction: 9_000_000 }), ctx.A.token);
    expectFailure(tooMuch, 422, 'La remise ne peut pas dépasser le total HT (2.100.000 FCFA).');
    // Each field is bounded, their product is not: a French 422 naming the line, never a 500.
    const huge = await ctx.t.post(
      '/api/factures',
      factureBody({ lignes: [{ description: 'Gros lot', qte: 742_730, prix_unitaire: 1_797_596 }] }),
      ctx.A.token,
    );
    expectFailure(
      huge,
      422,
      'Le montant de la ligne 1 (1.335.128.477.080 FCFA) dépasse le maximum enregistrable de 2.147.483.647 FCFA.',
    );
    const total = await ctx.t.post(
      '/api/factures',
      factureBody({
        lignes: [1, 2, 3].map(() => ({ description: 'Lot', qte: 1, prix_unitaire: 1_000_000_000 })),
      }),
      ctx.A.token,
    );
    expectFailure(
      total,
      422,
      'Le total HT (3.000.000.000 FCFA) dépasse le maximum enregistrable de 2.147.483.647 FCFA.',
    );
  });

  it('validates with the next gapless number, posts a balanced Vente entry, and then refuses changes (409)', async () => {
    const f = await create();
    const res = await ctx.t.post(`/api/factures/${f.id}/validate`, {}, ctx.A.token);
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().data;
    expect(v.numero).toMatch(/^FAC-2026-\d{5}$/);
    expect(v).toMatchObject({ est_valide: true, statut: 'Validée', reste_a_payer: 2_289_500 });
    const lines = await entriesOf('facture', f.id);
    expect(lines.every((l) => l.type === 'Vente')).toBe(true);
    const byCompte = Object.fromEntries(lines.map((l) => [l.compte, l.debit - l.credit]));
    expect(byCompte).toEqual({
      '411': 2_289_500,
      '4492': 199_500,
      '706': -2_090_000,
      '4431': -378_000,
      '4474': -21_000,
    });
    for (const [url, msg] of [
      [`/api/factures/${f.id}/update`, 'Cette facture est validée : elle ne peut plus être modifiée.'],
      [`/api/factures/${f.id}/validate`, `Cette facture est déjà validée (${v.numero}).`],
      [
        `/api/factures/${f.id}/destroy`,
        'Une facture validée ne peut pas être supprimée : établissez un avoir.',
      ],
    ] as const) {
      expectFailure(await ctx.t.post(url, factureBody(), ctx.A.token), 409, msg);
    }
  });

  it('gives gapless unique numbers to parallel validations of the same and of different invoices', async () => {
    const drafts = await Promise.all(
      Array.from({ length: 6 }, () => create({ date_operation: '2001-01-15' })),
    );
    const results = await Promise.all([
      ...drafts.map((d) => ctx.t.post(`/api/factures/${d.id}/validate`, {}, ctx.A.token)),
      ctx.t.post(`/api/factures/${drafts[0].id}/validate`, {}, ctx.A.token),
      ctx.t.post(`/api/factures/${drafts[1].id}/validate`, {}, ctx.A.token),
    ]);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(6);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(2);
    const numbers = (
      await ctx.t.database.db
        .select({ numero: factures.numero })
        .from(factures)
        .where(and(eq(factures.entreprise_id, ctx.A.id), sql`${factures.numero} like 'FAC-2001-%'`))
    ).map((r) => r.numero!);
    expect(numbers.sort()).toEqual([
      'FAC-2001-00001',
      'FAC-2001-00002',
      'FAC-2001-00003',
      'FAC-2001-00004',
      'FAC-2001-00005',
      'FAC-2001-00006',
    ]);
  });

  it('turns a validated pro forma into a definitive draft and keeps its own numbering', async () => {
    const p = await create({ type: 'Pro forma' });
    const res = await ctx.t.post(`/api/factures/${p.id}/validate`, {}, ctx.A.token);
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().data;
    expect(v.numero).toMatch(/^PRO-2026-\d{5}$/);
    expect(v.statut).toBe('Transformée');
    expect(v.derivees).toHaveLength(1);
    const def = (await ctx.t.get(`/api/factures/${v.derivees[0].id}`, ctx.A.token)).json().data;
    expect(def).toMatchObject({
      type: 'Normale',
      est_valide: false,
      numero: null,
      net_a_payer: v.net_a_payer,
      origine: { id: p.id },
    });
    expect(def.content).toHaveLength(3);
    expect(await entriesOf('facture', p.id)).toHaveLength(0);
  });

  it('bills finished courses once: listed, validated, then never on a second validated invoice', async () => {
    const v = await ctx.vehicule(ctx.A);
    const course = await ctx.postCourse(ctx.A, clientId, v.id, { montant: 300_000 });
    const pending = await ctx.postCourse(ctx.A, clientId, (await ctx.vehicule(ctx.A)).id);
    await ctx.moveCourse(ctx.A, course.id, 'Chargement terminé', 'Transport en cours', 'Terminé');
    const list = (await ctx.t.get(`/api/factures/courses-facturables?client=${clientId}`, ctx.A.token)).json()
      .data;
    expect(list.map((c: { id: number }) => c.id)).toContain(course.id);
    expect(list.map((c: { id: number }) => c.id)).not.toContain(pending.id);
    const ligne = {
      description: `${course.code} Libreville – Franceville`,
      qte: 1,
      prix_unitaire: 300_000,
      course_id: course.id,
    };
    const a = await create({
      lignes: [ligne],
      appliquer_reduction: false,
      appliquer_tps: false,
      appliquer_css: false,
      appliquer_tva: false,
    });
    const b = await create({
      lignes: [ligne],
      appliquer_reduction: false,
      appliquer_tps: false,
      appliquer_css: false,
      appliquer_tva: false,
    });
    const detail = async () => (await ctx.t.get(`/api/courses/${course.id}`, ctx.A.token)).json().data;
    expect((await detail()).facture).toBeNull();
    const va = (await ctx.t.post(`/api/factures/${a.id}/validate`, {}, ctx.A.token)).json().data;
    // The course's detail names the invoice it is on.
    expect((await detail()).facture).toEqual({ id: va.id, numero: va.numero });
    expectFailure(
      await ctx.t.post(`/api/factures/${b.id}/validate`, {}, ctx.A.token),
      409,
      `La course ${course.code} figure déjà sur la facture validée ${va.numero}.`,
    );
    const after = (
      await ctx.t.get(`/api/factures/courses-facturables?client=${clientId}`, ctx.A.token)
    ).json().data;
    expect(after.map((c: { id: number }) => c.id)).not.toContain(course.id);
    // Settling the invoice settles the course: a payment appears in Paiements and its etat follows.
    const reg = await ctx.t.post(
      `/api/factures/${a.id}/reglements`,
      { mode: 'Airtel Money', montant: 300_000, date_operation: '2026-04-20' },
      ctx.A.token,
    );
    expect(reg.statusCode, reg.body).toBe(200);
    expect(reg.json().data).toMatchObject({ statut: 'Soldé', reste_a_payer: 0 });
    expect((await ctx.storedCourse(course.id))!.etat).toBe('Payé');
    const pays = (await ctx.t.get(`/api/paiements?course=${course.id}`, ctx.A.token)).json().data;
    expect(pays).toHaveLength(1);
    expect(pays[0]).toMatchObject({
      montant: 300_000,
      statut: 'Validé',
      mode: 'Airtel Money',
      libelle: `Règlement ${va.numero}`,
    });
    // Part of the settlement: not cancellable from Paiements, where the course would go back to unpaid while
    // the invoice stayed settled and the journals kept the money received.
    expect(pays[0].can).toMatchObject({ cancel: false, destroy: false, update: false });
    expectFailure(
      await ctx.t.post(`/api/paiements/${pays[0].id}/cancel`, {}, ctx.A.token),
      409,
      `Ce paiement fait partie d'un règlement de facture (Règlement ${va.numero}) : il ne peut pas être annulé depuis Paiements.`,
    );
    expect((await ctx.storedCourse(course.id))!.etat).toBe('Payé');
    const posted = await entriesOf('reglement', reg.json().data.reglements[0].id);
    expect(posted.map((l) => [l.type, l.compte, l.debit, l.credit])).toEqual(
      expect.arrayContaining([
        ['Banque', '552', 300_000, 0],
        ['Banque', '411', 0, 300_000],
      ]),
    );
  });

  it('records settlements up to what remains due, then Soldé', async () => {
    const f = await create({ appliquer_reduction: false });
    const v = (await ctx.t.post(`/api/factures/${f.id}/validate`, {}, ctx.A.token)).json().data;
    // Dates nobody meant: a settlement records money received, dated like a payment.
    for (const [date, message] of [
      ['2030-01-01', "La date de l'opération ne peut pas dépasser de plus de 7 jours la date du jour."],
      ['1900-01-01', "La date de l'opération est trop ancienne (avant le 01/01/2000)."],
    ] as const) {
      const res = await ctx.t.post(
        `/api/factures/${f.id}/reglements`,
        { mode: 'Espèces', montant: 1_000, date_operation: date },
        ctx.A.token,
      );
      expectFailure(res, 422, message);
      expect(res.json().data.fields.date_operation).toBe(message);
    }
    const first = await ctx.t.post(
      `/api/factures/${f.id}/reglements`,
      { mode: 'Espèces', montant: 1_000_000 },
      ctx.A.token,
    );
    expect(first.json().data).toMatchObject({
      statut: 'Validée',
      montant_regle: 1_000_000,
      reste_a_payer: v.net_a_payer - 1_000_000,
    });
    expectFailure(
      await ctx.t.post(
        `/api/factures/${f.id}/reglements`,
        { mode: 'Espèces', montant: v.net_a_payer },
        ctx.A.token,
      ),
      422,
      `Le montant dépasse le reste à payer de la facture (reste : ${new Intl.NumberFormat('de-DE').format(v.net_a_payer - 1_000_000)} FCFA).`,
    );
    const last = await ctx.t.post(
      `/api/factures/${f.id}/reglements`,
      { mode: 'Virement', montant: v.net_a_payer - 1_000_000 },
      ctx.A.token,
    );
    expect(last.json().data.statut).toBe('Soldé');
  });

  it('issues credit notes in their own gapless series, posted in reverse, never beyond the invoice', async () => {
    const f = await create();
    const v = (await ctx.t.post(`/api/factures/${f.id}/validate`, {}, ctx.A.token)).json().data;
    const partial = await ctx.t.post(
      `/api/factures/${f.id}/avoir`,
      {
        date_operation: '2026-05-02',
        lignes: [{ description: 'Manutention non réalisée', qte: 1, prix_unitaire: 100_000 }],
      },
      ctx.A.token,
    );
    expect(partial.statusCode, partial.body).toBe(200);
    const av = partial.json().data;
    expect(av).toMatchObject({
      type: 'Avoir',
      est_valide: true,
      total_ht: 100_000,
      tva: 18_000,
      css: 1_000,
      tps: 9_500,
      net_a_payer: 109_500,
      origine: { id: f.id },
    });
    expect(av.numero).toMatch(/^AV-2026-\d{5}$/);
    const lines = await entriesOf('facture', av.id);
    expect(Object.fromEntries(lines.map((l) => [l.compte, l.debit - l.credit]))).toEqual({
      '411': -109_500,
      '4492': -9_500,
      '706': 100_000,
      '4431': 18_000,
      '4474': 1_000,
    });
    const after = (await ctx.t.get(`/api/factures/${f.id}`, ctx.A.token)).json().data;
    expect(after.reste_a_payer).toBe(v.net_a_payer - 109_500);
    // In the list a credit note reads as a credit: its amount signed negative, nothing due on it.
    const listed = (await ctx.t.get(`/api/factures?client=${clientId}&per_page=100`, ctx.A.token)).json().data
      .data as Array<{ id: number; montant_signe: number; reste_a_payer: number }>;
    expect(listed.find((x) => x.id === av.id)).toMatchObject({ montant_signe: -109_500, reste_a_payer: 0 });
    expect(listed.find((x) => x.id === f.id)).toMatchObject({ montant_signe: v.net_a_payer });
    const full = await ctx.t.post(`/api/factures/${f.id}/avoir`, {}, ctx.A.token);
    expect(full.statusCode).toBe(422);
    expect(full.json().errors[0]).toMatch(/^L'avoir \(2\.289\.500 FCFA\) dépasse ce qui reste à créditer/);
  });

  it('refuses credit notes beyond net à payer minus earlier credit notes, even sent in parallel', async () => {
    const f = await create();
    const v = (await ctx.t.post(`/api/factures/${f.id}/validate`, {}, ctx.A.token)).json().data;
    expect(v).toMatchObject({ net_a_payer: 2_289_500, avoir_maximum: 2_289_500, montant_credite: 0 });
    // Each: 900.000 HT + TVA 18 % + CSS 1 % - TPS 9,5 % = 985.500; two fit in 2.289.500, three do not.
    const avoir = () =>
      ctx.t.post(
        `/api/factures/${f.id}/avoir`,
        { lignes: [{ description: 'Transport annulé', qte: 1, prix_unitaire: 900_000 }] },
        ctx.A.token,
      );
    const results = await Promise.all([avoir(), avoir(), avoir()]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 422]);
    const refused = results.find((r) => r.statusCode === 422)!.json();
    expect(refused.data.fields.lignes).toBe(
      `L'avoir (985.500 FCFA) dépasse ce qui reste à créditer sur la facture ${v.numero} (maximum : 318.500 FCFA).`,
    );
    const stored = await ctx.t.database.db
      .select({ net: factures.net_a_payer })
      .from(factures)
      .where(and(eq(factures.origine_id, f.id), eq(factures.type, 'Avoir')));
    expect(stored.map((r) => r.net)).toEqual([985_500, 985_500]);
    const after = (await ctx.t.get(`/api/factures/${f.id}`, ctx.A.token)).json().data;
    expect(after).toMatchObject({
      montant_credite: 1_971_000,
      avoir_maximum: 318_500,
      reste_a_payer: 318_500,
    });
    // Up to the maximum is accepted (290.000 → 317.550), then 1.000 HT (1.095) is beyond the 950 left.
    const last = await ctx.t.post(
      `/api/factures/${f.id}/avoir`,
      { lignes: [{ description: 'Solde', qte: 1, prix_unitaire: 290_000 }] },
      ctx.A.token,
    );
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().data.net_a_payer).toBe(317_550);
    const more = await ctx.t.post(
      `/api/factures/${f.id}/avoir`,
      { lignes: [{ description: 'Encore', qte: 1, prix_unitaire: 1_000 }] },
      ctx.A.token,
    );
    expect(more.statusCode).toBe(422);
    expect(more.json().data.fields.lignes).toBe(
      `L'avoir (1.095 FCFA) dépasse ce qui reste à créditer sur la facture ${v.numero} (maximum : 950 FCFA).`,
    );
    expect((await ctx.t.get(`/api/factures/${f.id}`, ctx.A.token)).json().data.avoir_maximum).toBe(950);
  });

  it('credits a paid invoice up to its net à payer: the surplus is owed back to the client', async () => {
    const f = await create();
    const v = (await ctx.t.post(`/api/factures/${f.id}/validate`, {}, ctx.A.token)).json().data;
    const paid = await ctx.t.post(
      `/api/factures/${f.id}/reglements`,
      { mode: 'Virement', montant: v.net_a_payer },
      ctx.A.token,
    );
    expect(paid.statusCode, paid.body).toBe(200);
    const full = await ctx.t.post(`/api/factures/${f.id}/avoir`, {}, ctx.A.token);
    expect(full.statusCode, full.body).toBe(200);
    const after = (await ctx.t.get(`/api/factures/${f.id}`, ctx.A.token)).json().data;
    expect(after).toMatchObject({
      statut: 'Soldé',
      reste_a_payer: 0,
      montant_credite: v.net_a_payer,
      avoir_maximum: 0,
    });
    // The client's account (411) over the invoice, its payment and its credit note: owed back the net.
    const lines = [
      ...(await entriesOf('facture', f.id)),
      ...(await entriesOf('reglement', after.reglements[0].id)),
      ...(await entriesOf('facture', full.json().data.id)),
    ];
    const client411 = lines.filter((l) => l.compte === '411').reduce((n, l) => n + l.debit - l.credit, 0);
    expect(client411).toBe(-v.net_a_payer);
    expectFailure(
      await ctx.t.post(
        `/api/factures/${f.id}/avoir`,
        { lignes: [{ description: 'Encore', qte: 1, prix_unitaire: 1_000 }] },
        ctx.A.token,
      ),
      422,
      `La facture ${v.numero} est déjà entièrement couverte par ses avoirs.`,
    );
  });

  it("numbers a company's definitive invoices with its own prefix (Configurations → Entreprise)", async () => {
    const og = ctx.B.token;
    const ogClient = (await ctx.client(ctx.B, 'Préfixe')).id;
    const numero = async () => {
      const f = await create({ client_id: ogClient }, og);
      const res = await ctx.t.post(`/api/factures/${f.id}/validate`, {}, og);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.numero as string;
    };
    expect(await numero()).toMatch(/^FAC-2026-\d{5}$/);
    const saved = await ctx.t.post('/api/entreprise/parametres/update', { prefixe_facture: 'ogl' }, og);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await numero()).toMatch(/^OGL-2026-\d{5}$/);
    // TransGabon keeps its own prefix.
    const f = await create();
    expect((await ctx.t.post(`/api/factures/${f.id}/validate`, {}, ctx.A.token)).json().data.numero).toMatch(
      /^FAC-2026-/,
    );
    await ctx.t.post('/api/entreprise/parametres/update', { prefixe_facture: 'FAC' }, og);
  });

  it('prints a PDF whose text holds the number, client, each total and the amount in words', async () => {
    const saved = await ctx.t.post(
      '/api/entreprise/parametres/update',
      { nif: '2019 0123 4567 B', rccm: 'RG LBV 2019 B 01234' },
      ctx.A.token,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const f = await create();
    const v = (await ctx.t.post(`/api/factures/${f.id}/validate`, {}, ctx.A.token)).json().data;
    const res = await ctx.t.get(`/api/factures/${f.id}/pdf`, ctx.A.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
    const { text } = await parser.getText();
    await parser.destroy();
    const flat = text.replace(/\s+/g, ' ');
    for (const s of [
      v.numero,
      v.client.nom_complet,
      'TransGabon SARL',
      'NIF : 2019 0123 4567 B',
      'RCCM : RG LBV 2019 B 01234',
      '2.100.000 FCFA',
      '378.000 FCFA',
      '21.000 FCFA',
      '199.500 FCFA',
      '10.000 FCFA',
      '2.499.000 FCFA',
      '2.289.500 FCFA',
      'Arrêtée la présente facture à la somme de deux millions deux cent quatre-vingt-neuf mille cinq cents francs CFA',
      'Paiement à 30 jours.',
      'Page 1 / 1',
    ]) {
      expect(flat).toContain(s);
    }
  });

  it('renders a validated invoice once and serves the stored file, rendered again when its figures change', async () => {
    const f = await create();
    await ctx.t.post(`/api/factures/${f.id}/validate`, {}, ctx.A.token);
    const dir = path.join(ctx.t.dataDir, 'cache', 'factures');
    const copies = () =>
      (fs.existsSync(dir) ? fs.readdirSync(dir) : []).filter((n) =>
        n.startsWith(`${f.entreprise_id}-${f.id}-`),
      );
    const first = await ctx.t.get(`/api/factures/${f.id}/pdf`, ctx.A.token);
    expect(first.statusCode).toBe(200);
    const [stored] = copies();
    expect(stored).toBeDefined();
    // The second print is the stored file: same bytes, and a copy altered on disk is what is served.
    fs.appendFileSync(path.join(dir, stored!), '%% servi depuis le cache\n');
    const second = await ctx.t.get(`/api/factures/${f.id}/pdf`, ctx.A.token);
    expect(second.rawPayload.toString('latin1')).toContain('%% servi depuis le cache');
    // A settlement changes what the invoice says (paid, rest): rendered again, the old copy removed.
    const reg = await ctx.t.post(
      `/api/factures/${f.id}/reglements`,
      { mode: 'Espèces', montant: 100_000, date_operation: '2026-04-20' },
      ctx.A.token,
    );
    expect(reg.statusCode, reg.body).toBe(200);
    const third = await ctx.t.get(`/api/factures/${f.id}/pdf`, ctx.A.token);
    expect(third.rawPayload.toString('latin1')).not.toContain('%% servi depuis le cache');
    expect(copies()).toHaveLength(1);
    expect(copies()[0]).not.toBe(stored);
    // A draft is never stored.
    const draft = await create();
    await ctx.t.get(`/api/factures/${draft.id}/pdf`, ctx.A.token);
    expect(fs.readdirSync(dir).filter((n) => n.startsWith(`${draft.entreprise_id}-${draft.id}-`))).toEqual(
      [],
    );
  });

  it('numbers every page of an invoice that runs over one page, and prints all of it', async () => {
    const lignes = Array.from({ length: 70 }, (_, i) => ({
      description: `Livraison n° ${i + 1} Owendo – Ntoum`,
      qte: 1,
      prix_unitaire: 10_000 + i * 100,
    }));
    const f = await create({ lignes, appliquer_reduction: false });
    const res = await ctx.t.get(`/api/factures/${f.id}/pdf`, ctx.A.token);
    expect(res.statusCode).toBe(200);
    const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
    const { pages } = await parser.getText();
    await parser.destroy();
    expect(pages.length).toBeGreaterThanOrEqual(2);
    const texts = pages.map((p) => p.text.replace(/\s+/g, ' '));
    for (const [i, text] of texts.entries()) {
      expect(text).toContain(`Brouillon n°${f.id} — Page ${i + 1} / ${pages.length}`);
    }
    const all = texts.join(' ');
    for (const l of lignes) expect(all).toContain(l.description);
    const net = `${new Intl.NumberFormat('de-DE').format(f.net_a_payer)} FCFA`;
    expect(all).toContain(net);
    expect(all).toContain('Arrêtée la présente facture à la somme de');
  });

  it('keeps invoices to their company (404 on every route, lists without them)', async () => {
    const f = await create();
    for (const [method, url] of [
      ['GET', `/api/factures/${f.id}`],
      ['GET', `/api/factures/${f.id}/pdf`],
      ['POST', `/api/factures/${f.id}/update`],
      ['POST', `/api/factures/${f.id}/validate`],
      ['POST', `/api/factures/${f.id}/destroy`],
      ['POST', `/api/factures/${f.id}/avoir`],
      ['POST', `/api/factures/${f.id}/reglements`],
    ] as const) {
      const res =
        method === 'GET'
          ? await ctx.t.get(url, ctx.B.token)
          : await ctx.t.post(
              url,
              method === 'POST' && url.endsWith('reglements')
                ? { mode: 'Espèces', montant: 1 }
                : url.endsWith('update')
                  ? factureBody()
                  : {},
              ctx.B.token,
            );
      expect(res.statusCode, `${url} ${res.body}`).toBe(404);
    }
    const list = (await ctx.t.get('/api/factures?per_page=100', ctx.B.token)).json().data;
    expect(list.data.some((x: { entreprise_id: number }) => x.entreprise_id === ctx.A.id)).toBe(false);
    const other = await ctx.t.get(`/api/factures/courses-facturables?client=${clientId}`, ctx.B.token);
    expect(other.statusCode).toBe(422);
    // B's group delete of A's draft: one error line, the draft still there.
    const group = (
      await ctx.t.post('/api/factures/destroy-group', { selected_lines: [f.id] }, ctx.B.token)
    ).json();
    expect(group.message).toEqual([{ severity: 'error', value: `La facture n°${f.id} n'existe pas.` }]);
    expect((await ctx.t.get(`/api/factures/${f.id}`, ctx.A.token)).statusCode).toBe(200);
  });
});
