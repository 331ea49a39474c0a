import { MOIS_INVALIDE } from '@yams/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ecritureLignes, ecritures } from '../src/db/schema';
import { changePaiementStatut } from '../src/modules/operations/paiements.service';
import { type Company, expectEvery, type Fixtures, failed, type Json, setupFixtures } from './fixtures';

// Issue 29 §1, §2, §8: advances on 4191 matched when the course is invoiced, lettrage automatic (a payment
// that settles) and manual (lines that balance), TPS on 4492, purchases with CSS and mixed TVA rates, a
// nature per cash voucher, the discount before or after taxes. Every figure is a hand computation.

let ctx: Fixtures;

beforeAll(async () => {
  ctx = await setupFixtures();
});

interface Ligne {
  id: number;
  ecriture_id: number;
  compte: string;
  debit: number;
  credit: number;
  tiers_id: number | null;
  lettrage: number | null;
}

/** The lines of a document's entries, read behind the API's back. */
async function lignesDe(source_type: string, source_id: number): Promise<Ligne[]> {
  return ctx.t.database.db
    .select({
      id: ecritureLignes.id,
      ecriture_id: ecritureLignes.ecriture_id,
      compte: ecritureLignes.compte,
      debit: ecritureLignes.debit,
      credit: ecritureLignes.credit,
      tiers_id: ecritureLignes.tiers_id,
      lettrage: ecritureLignes.lettrage,
    })
    .from(ecritureLignes)
    .innerJoin(ecritures, eq(ecritures.id, ecritureLignes.ecriture_id))
    .where(and(eq(ecritures.source_type, source_type), eq(ecritures.source_id, source_id)))
    .orderBy(ecritureLignes.id);
}

/** Debit − credit per account. */
const soldes = (lignes: Ligne[]) =>
  lignes.reduce<Record<string, number>>((s, l) => {
    s[l.compte] = (s[l.compte] ?? 0) + l.debit - l.credit;
    return s;
  }, {});

/** Every entry of the company balances (debits = credits). */
async function toutesEquilibrees(entrepriseId: number) {
  const res = await ctx.t.database.db.execute(
    sql`select count(*)::int as n from (select ecriture_id from ecriture_lignes where entreprise_id = ${entrepriseId}
      group by ecriture_id having sum(debit) <> sum(credit)) x`,
  );
  const rows = ((res as { rows?: unknown[] }).rows ?? res) as Array<{ n: number }>;
  expect(rows[0]!.n).toBe(0);
}

const sansTaxes = {
  appliquer_tva: false,
  appliquer_tps: false,
  appliquer_css: false,
  appliquer_reduction: false,
};

async function courseTerminee(of: Company, clientId: number, montant: number) {
  const course = await ctx.postCourse(of, clientId, (await ctx.vehicule(of)).id, { montant });
  await ctx.moveCourse(of, course.id, 'Chargement terminé', 'Transport en cours', 'Terminé');
  return course as Json;
}

async function factureValidee(of: Company, clientId: number, body: Record<string, unknown>) {
  const res = await ctx.t.post(
    '/api/factures',
    { date_operation: '2026-05-10', type: 'Normale', client_id: clientId, ...body },
    of.token,
  );
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().data.id as number;
  const v = await ctx.t.post(`/api/factures/${id}/validate`, {}, of.token);
  expect(v.statusCode, v.body).toBe(200);
  return {
    id,
    message: v.json().message as string,
    facture: (await ctx.t.get(`/api/factures/${id}`, of.token)).json().data,
  };
}

const lettrage = (of: Company, query: string) =>
  ctx.t.get(`/api/comptabilite/lettrage?${query}`, of.token).then((r) => {
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data as Json[];
  });

describe('advances (4191) and their matching when the course is invoiced', () => {
  it('posts a payment before the invoice on 4191 for the client, then the invoice imputes and matches it', async () => {
    const client = (await ctx.client(ctx.A, 'Avance')).id;
    const course = await courseTerminee(ctx.A, client, 500_000);
    const p = await ctx.paiement(ctx.A, course.id, 300_000, { statut: 'Validé', mode: 'Virement' });
    const paiement = await lignesDe('paiement', p.id);
    expect(paiement.map((l) => [l.compte, l.debit, l.credit, l.tiers_id])).toEqual([
      ['521', 300_000, 0, null],
      ['4191', 0, 300_000, client],
    ]);

    // HT 500 000, TVA 18 % 90 000, CSS 1 % 5 000, TPS 9,5 % 47 500: net à payer 547 500.
    const { id, message, facture } = await factureValidee(ctx.A, client, {
      appliquer_tva: true,
      taux_tva: 18,
      appliquer_css: true,
      taux_css: 1,
      appliquer_tps: true,
      taux_tps: 9.5,
      appliquer_reduction: false,
      lignes: [{ description: `${course.code}`, qte: 1, prix_unitaire: 500_000, course_id: course.id }],
    });
    expect(message).toBe(
      `La facture ${facture.numero} a été validée ; les avances reçues (300.000 FCFA) y sont imputées.`,
    );
    expect(facture).toMatchObject({ net_a_payer: 547_500, montant_regle: 300_000, statut: 'Validée' });
    expect(soldes(await lignesDe('facture', id))).toEqual({
      '411': 547_500,
      '4492': 47_500,
      '706': -500_000,
      '4431': -90_000,
      '4474': -5_000,
    });
    const imputation = await lignesDe('imputation_avance', id);
    expect(imputation.map((l) => [l.compte, l.debit, l.credit, l.tiers_id])).toEqual([
      ['4191', 300_000, 0, client],
      ['411', 0, 300_000, client],
    ]);
    // 4191: the advance and its imputation share a letter; 411 stays open (247 500 remain due).
    const [avance] = (await lignesDe('paiement', p.id)).filter((l) => l.compte === '4191');
    expect(avance!.lettrage).not.toBeNull();
    expect(imputation[0]!.lettrage).toBe(avance!.lettrage);
    expect(imputation[1]!.lettrage).toBeNull();
    const ouvertes = await lettrage(ctx.A, `compte=411&tiers=${client}&etat=ouvertes`);
    expect(ouvertes.reduce((s: number, l: Json) => s + l.debit - l.credit, 0)).toBe(247_500);

    // The rest, in two settlements: the first leaves everything open, the second matches all of it.
    const r1 = await ctx.t.post(
      `/api/factures/${id}/reglements`,
      { montant: 100_000, mode: 'Airtel Money', date_operation: '2026-05-20' },
      ctx.A.token,
    );
    expect(r1.statusCode, r1.body).toBe(200);
    expect((await lettrage(ctx.A, `compte=411&tiers=${client}&etat=lettrees`)).length).toBe(0);
    const r2 = await ctx.t.post(
      `/api/factures/${id}/reglements`,
      { montant: 147_500, mode: 'Virement', date_operation: '2026-05-25' },
      ctx.A.token,
    );
    expect(r2.statusCode, r2.body).toBe(200);
    const lettrees = await lettrage(ctx.A, `compte=411&tiers=${client}`);
    expect(lettrees).toHaveLength(4);
    expect(new Set(lettrees.map((l: Json) => l.code)).size).toBe(1);
    expect(lettrees[0].code).toMatch(/^[A-Z]+$/);
    expect(lettrees.reduce((s: number, l: Json) => s + l.debit - l.credit, 0)).toBe(0);
    await toutesEquilibrees(ctx.A.id);
  });

  it('settles an invoice whose courses were fully paid in advance: Soldé, 411 and 4191 matched', async () => {
    const client = (await ctx.client(ctx.A, 'Payé')).id;
    const course = await courseTerminee(ctx.A, client, 200_000);
    await ctx.paiement(ctx.A, course.id, 200_000, { statut: 'Validé' });
    const { id, message, facture } = await factureValidee(ctx.A, client, {
      ...sansTaxes,
      lignes: [{ description: course.code, qte: 1, prix_unitaire: 200_000, course_id: course.id }],
    });
    expect(message).toContain('les avances reçues (200.000 FCFA) la soldent');
    expect(facture).toMatchObject({ net_a_payer: 200_000, montant_regle: 200_000, statut: 'Soldé' });
    const lignes = await lettrage(ctx.A, `tiers=${client}`);
    expect(lignes.map((l: Json) => `${l.compte} ${l.debit} ${l.credit}`).sort()).toEqual([
      '411 0 200000',
      '411 200000 0',
      '4191 0 200000',
      '4191 200000 0',
    ]);
    expectEvery(lignes, (l: Json) => l.lettrage !== null, 'les lignes du client');
    expect((await lignesDe('facture', id)).find((l) => l.compte === '411')!.tiers_id).toBe(client);
  });

  it('a payment after the invoice settles it on 411; cancelling it reopens the invoice', async () => {
    const client = (await ctx.client(ctx.A, 'Après')).id;
    const course = await courseTerminee(ctx.A, client, 150_000);
    const { id } = await factureValidee(ctx.A, client, {
      ...sansTaxes,
      lignes: [{ description: course.code, qte: 1, prix_unitaire: 150_000, course_id: course.id }],
    });
    const p = await ctx.paiement(ctx.A, course.id, 150_000, { statut: 'Validé' });
    expect((await lignesDe('paiement', p.id)).map((l) => l.compte)).toEqual(['571', '411']);
    let f = (await ctx.t.get(`/api/factures/${id}`, ctx.A.token)).json().data;
    expect(f).toMatchObject({ montant_regle: 150_000, statut: 'Soldé' });
    expect((await lettrage(ctx.A, `compte=411&tiers=${client}&etat=ouvertes`)).length).toBe(0);

    await changePaiementStatut(ctx.t.database.db, ctx.A.scope, p.id, 'Annulé');
    f = (await ctx.t.get(`/api/factures/${id}`, ctx.A.token)).json().data;
    expect(f).toMatchObject({ montant_regle: 0, statut: 'Validée' });
    // The payment and its reversal match each other; the invoice is open again for its 150 000.
    const ouvertes = await lettrage(ctx.A, `compte=411&tiers=${client}&etat=ouvertes`);
    expect(ouvertes.map((l: Json) => [l.debit, l.credit])).toEqual([[150_000, 0]]);
    const paiement = await lignesDe('paiement', p.id);
    const sur411 = paiement.filter((l) => l.compte === '411');
    expect(sur411).toHaveLength(2);
    expect(sur411[0]!.lettrage).not.toBeNull();
    expect(sur411[1]!.lettrage).toBe(sur411[0]!.lettrage);
  });
});

describe('manual lettrage', () => {
  it('matches lines that balance, refuses the others in French, and unmatches', async () => {
    const client = (await ctx.client(ctx.A, 'Manuel')).id;
    const c1 = await courseTerminee(ctx.A, client, 80_000);
    const c2 = await courseTerminee(ctx.A, client, 20_000);
    const p1 = await ctx.paiement(ctx.A, c1.id, 80_000, { statut: 'Validé' });
    const p2 = await ctx.paiement(ctx.A, c2.id, 20_000, { statut: 'Validé' });
    // An invoice without course lines: nothing is imputed automatically.
    const { id } = await factureValidee(ctx.A, client, {
      ...sansTaxes,
      lignes: [{ description: 'Transports de mai', qte: 1, prix_unitaire: 100_000 }],
    });
    const [facture411] = (await lignesDe('facture', id)).filter((l) => l.compte === '411');
    const avances = [...(await lignesDe('paiement', p1.id)), ...(await lignesDe('paiement', p2.id))].filter(
      (l) => l.compte === '4191',
    );

    // Lines of two accounts: refused.
    failed(
      await ctx.t.post(
        '/api/comptabilite/lettrage',
        { lignes: [facture411!.id, avances[0]!.id] },
        ctx.A.token,
      ),
      422,
      'Les lignes à lettrer sont toutes du même compte : 411, 4191 ou 401.',
      'lignes',
    );
    // An OD moves the two advances to 411 (what an accountant does by hand), then the lines balance.
    const od = await ctx.t.post(
      '/api/operations',
      {
        date_operation: '2026-05-12',
        libelle: 'Imputation manuelle des avances',
        lignes: [
          { compte: '4191', debit: 100_000 },
          { compte: '411', credit: 100_000 },
        ],
      },
      ctx.A.token,
    );
    expect(od.statusCode, od.body).toBe(200);
    // A manual entry's line has no third party: it cannot be matched with the client's.
    const odLignes = await ctx.t.database.db
      .select()
      .from(ecritureLignes)
      .where(eq(ecritureLignes.ecriture_id, od.json().data.id));
    failed(
      await ctx.t.post(
        '/api/comptabilite/lettrage',
        { lignes: [facture411!.id, odLignes.find((l) => l.compte === '411')!.id] },
        ctx.A.token,
      ),
      422,
      'Les lignes à lettrer sont toutes du même tiers.',
      'lignes',
    );
    // Unbalanced on one account and third party: the figures are named.
    failed(
      await ctx.t.post(
        '/api/comptabilite/lettrage',
        { lignes: [avances[0]!.id, avances[1]!.id] },
        ctx.A.token,
      ),
      422,
      "Les lignes ne s'équilibrent pas : 0 FCFA au débit, 100.000 FCFA au crédit.",
      'lignes',
    );
    // One line alone: the schema's message.
    failed(
      await ctx.t.post('/api/comptabilite/lettrage', { lignes: [avances[0]!.id] }, ctx.A.token),
      422,
      'Choisissez au moins deux lignes à lettrer.',
      'lignes',
    );

    // A credit note of 100 000 on the invoice: it matches automatically (invoice and credit note balance).
    const avoir = await ctx.t.post(`/api/factures/${id}/avoir`, { motif: 'Annulée' }, ctx.A.token);
    expect(avoir.statusCode, avoir.body).toBe(200);
    const lettre = (await lignesDe('facture', id)).find((l) => l.compte === '411')!.lettrage;
    expect(lettre).not.toBeNull();
    // Already matched: 409, unmatch first.
    const avoirLigne = (await lignesDe('facture', avoir.json().data.id)).find((l) => l.compte === '411')!;
    const deja = await ctx.t.post(
      '/api/comptabilite/lettrage',
      { lignes: [facture411!.id, avoirLigne.id] },
      ctx.A.token,
    );
    expect(deja.statusCode).toBe(409);
    expect(deja.json().errors).toEqual(['Une des lignes est déjà lettrée : délettrez-la d’abord.']);

    const defait = await ctx.t.post(
      '/api/comptabilite/lettrage/delettrer',
      { lettrage: lettre },
      ctx.A.token,
    );
    expect(defait.statusCode, defait.body).toBe(200);
    expect(defait.json().message).toMatch(
      /^Le lettrage « [A-Z]+ » est défait : 2 lignes sont de nouveau ouvertes\.$/,
    );
    const [apres] = await ctx.t.database.db
      .select({ lettrage: ecritureLignes.lettrage })
      .from(ecritureLignes)
      .where(eq(ecritureLignes.id, facture411!.id));
    expect(apres!.lettrage).toBeNull();

    const ok = await ctx.t.post(
      '/api/comptabilite/lettrage',
      { lignes: [facture411!.id, avoirLigne.id] },
      ctx.A.token,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toMatch(/^Les 2 lignes sont lettrées « [A-Z]+ » \(100\.000 FCFA\)\.$/);
    const stored = await ctx.t.database.db
      .select({ lettrage: ecritureLignes.lettrage })
      .from(ecritureLignes)
      .where(inArray(ecritureLignes.id, [facture411!.id, avoirLigne.id]));
    expect(stored[0]!.lettrage).not.toBeNull();
    expect(stored[1]!.lettrage).toBe(stored[0]!.lettrage);
  });

  it('keeps a company to its own lines: B cannot see, match or unmatch A’s', async () => {
    const client = (await ctx.client(ctx.A, 'Tenancy')).id;
    const course = await courseTerminee(ctx.A, client, 60_000);
    const p = await ctx.paiement(ctx.A, course.id, 60_000, { statut: 'Validé' });
    const { id } = await factureValidee(ctx.A, client, {
      ...sansTaxes,
      lignes: [{ description: 'Sans course', qte: 1, prix_unitaire: 60_000 }],
    });
    const [f411] = (await lignesDe('facture', id)).filter((l) => l.compte === '411');
    const seen = await lettrage(ctx.B, `tiers=${client}`);
    expect(seen).toEqual([]);
    const bLignes = await lettrage(ctx.B, 'compte=411');
    expect(bLignes.some((l: Json) => l.id === f411!.id)).toBe(false);
    const [avance] = (await lignesDe('paiement', p.id)).filter((l) => l.compte === '4191');
    failed(
      await ctx.t.post('/api/comptabilite/lettrage', { lignes: [f411!.id, avance!.id] }, ctx.B.token),
      422,
      "Une des lignes choisies n'existe pas.",
      'lignes',
    );
    // A letter of A's: B unmatching that number never touches A's lines.
    const lettreA = await ctx.t.database.db
      .select({ lettrage: ecritureLignes.lettrage })
      .from(ecritureLignes)
      .where(and(eq(ecritureLignes.entreprise_id, ctx.A.id), sql`${ecritureLignes.lettrage} is not null`))
      .limit(1);
    // B's letters are numbered on their own: either B has none with this number (404) or it is B's own.
    const bLettre = await ctx.t.database.db
      .select({ id: ecritureLignes.id })
      .from(ecritureLignes)
      .where(
        and(eq(ecritureLignes.entreprise_id, ctx.B.id), eq(ecritureLignes.lettrage, lettreA[0]!.lettrage!)),
      );
    const refus = await ctx.t.post(
      '/api/comptabilite/lettrage/delettrer',
      { lettrage: lettreA[0]!.lettrage },
      ctx.B.token,
    );
    expect(refus.statusCode).toBe(bLettre.length ? 200 : 404);
    const still = await ctx.t.database.db
      .select({ id: ecritureLignes.id })
      .from(ecritureLignes)
      .where(
        and(eq(ecritureLignes.entreprise_id, ctx.A.id), eq(ecritureLignes.lettrage, lettreA[0]!.lettrage!)),
      );
    expect(still.length).toBeGreaterThan(1);
    // Bad input: an account that is not matched, in French.
    failed(
      await ctx.t.get('/api/comptabilite/lettrage?compte=706', ctx.A.token),
      422,
      'Le compte est 411 (clients), 4191 (avances des clients) ou 401 (fournisseurs).',
      'compte',
    );
  });
});

describe('purchases and cash vouchers', () => {
  it('posts a purchase with mixed TVA rates and the CSS to the franc, matched on 401 once paid', async () => {
    const fournisseur = await ctx.referenceCreate(ctx.A, 'fournisseurs', {
      nom: `Pièces Lettrage ${Date.now()}`,
    });
    const { pneu } = await ctx.atelier(ctx.A);
    const res = await ctx.t.post(
      '/api/achats',
      {
        date_operation: '2026-05-02',
        acheteur_id: ctx.A.id,
        fournisseur_id: fournisseur.id,
        appliquer_tva: true,
        taux_tva: 18,
        appliquer_css: true,
        taux_css: 1,
        lignes: [
          { article_id: pneu.id, qte: 2, prix_unitaire: 215_000 },
          { description: 'Transport des pièces', qte: 1, prix_unitaire: 33_333, taux_tva: 10 },
        ],
      },
      ctx.A.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const achat = res.json().data;
    // HT 430 000 + 33 333 = 463 333; TVA 18 % of 430 000 = 77 400 and 10 % of 33 333 = 3 333,3 → 3 333;
    // CSS 1 % of 463 333 = 4 633,33 → 4 633. Total 463 333 + 80 733 + 4 633 = 548 699.
    expect(achat).toMatchObject({
      montant_ht: 463_333,
      tva_deductible: 80_733,
      css: 4_633,
      montant: 548_699,
    });
    const v = await ctx.t.post(`/api/achats/${achat.id}/validate`, {}, ctx.A.token);
    expect(v.statusCode, v.body).toBe(200);
    const lignes = await lignesDe('achat', achat.id);
    expect(soldes(lignes)).toEqual({
      '6041': 430_000,
      '605': 33_333,
      '4452': 80_733,
      '4474': 4_633,
      '401': -548_699,
    });
    expect(lignes.find((l) => l.compte === '401')!.tiers_id).toBe(fournisseur.id);
    await ctx.t.post(
      `/api/achats/${achat.id}/reglements`,
      { montant: 300_000, mode: 'Virement' },
      ctx.A.token,
    );
    expect((await lignesDe('achat', achat.id)).find((l) => l.compte === '401')!.lettrage).toBeNull();
    const r = await ctx.t.post(
      `/api/achats/${achat.id}/reglements`,
      { montant: 248_699, mode: 'Chèque' },
      ctx.A.token,
    );
    expect(r.statusCode, r.body).toBe(200);
    const ouvertes = await lettrage(ctx.A, `compte=401&tiers=${fournisseur.id}&etat=ouvertes`);
    expect(ouvertes).toEqual([]);
    expect((await lettrage(ctx.A, `compte=401&tiers=${fournisseur.id}`)).map((l: Json) => l.tiers)).toEqual([
      fournisseur.nom,
      fournisseur.nom,
      fournisseur.nom,
    ]);
  });

  it('posts each voucher on its nature’s account, with its recoverable TVA where the nature allows', async () => {
    const voucher = (extra: Record<string, unknown>) =>
      ctx.t.post(
        '/api/piece_de_caisses',
        {
          date_operation: '2026-05-03',
          beneficiaire: 'Garage PK12',
          decaisseur: 'Caissière',
          libelle: 'Réparation',
          montant: 59_000,
          ...extra,
        },
        ctx.A.token,
      );
    const entretien = await voucher({ nature: 'entretien', tva: 9_000 });
    expect(entretien.statusCode, entretien.body).toBe(200);
    expect(soldes(await lignesDe('piece_de_caisse', entretien.json().data.id))).toEqual({
      '6242': 50_000,
      '4454': 9_000,
      '571': -59_000,
    });
    const carburant = await voucher({ nature: 'carburant', libelle: 'Gasoil' });
    expect(soldes(await lignesDe('piece_de_caisse', carburant.json().data.id))).toEqual({
      '6053': 59_000,
      '571': -59_000,
    });
    failed(
      await voucher({ nature: 'carburant', tva: 9_000 }),
      422,
      "La TVA n'est pas récupérable sur une dépense de nature « Carburant ».",
      'tva',
    );
    failed(
      await voucher({ nature: 'avion' }),
      422,
      "La nature doit être l'une de : Carburant, Péage, Frais de route, Entretien et réparations, Fournitures, Divers.",
      'nature',
    );
    // Without a nature: « divers », 658 as before.
    const divers = await voucher({});
    expect(divers.json().data).toMatchObject({ nature: 'divers', tva: 0 });
    expect(soldes(await lignesDe('piece_de_caisse', divers.json().data.id))).toEqual({
      '658': 59_000,
      '571': -59_000,
    });
    // Changing the nature of a posted voucher reverses its entry and posts it again on the new account.
    const id = carburant.json().data.id;
    const upd = await ctx.t.post(`/api/piece_de_caisses/${id}/update`, { nature: 'peage' }, ctx.A.token);
    expect(upd.statusCode, upd.body).toBe(200);
    expect(soldes(await lignesDe('piece_de_caisse', id))).toEqual({
      '6053': 0,
      '571': -59_000,
      '618': 59_000,
    });
  });
});

describe('« remise déduite avant taxes » (§8)', () => {
  const facture = {
    appliquer_tva: true,
    taux_tva: 18,
    appliquer_css: true,
    taux_css: 1,
    appliquer_tps: true,
    taux_tps: 9.5,
    appliquer_reduction: true,
    reduction: 100_000,
    lignes: [{ description: 'Transport', qte: 1, prix_unitaire: 1_000_000 }],
  };

  it('by default takes the discount after the taxes computed on the HT total (the specification)', async () => {
    const client = (await ctx.client(ctx.A, 'Remise')).id;
    const { id, facture: f } = await factureValidee(ctx.A, client, facture);
    // TVA 180 000, CSS 10 000, TPS 95 000 on 1 000 000; TTC 1 190 000; net 1 190 000 − 95 000 − 100 000.
    expect(f).toMatchObject({
      total_ht: 1_000_000,
      tva: 180_000,
      css: 10_000,
      tps: 95_000,
      reduction: 100_000,
    });
    expect(f).toMatchObject({ total_ttc: 1_190_000, net_a_payer: 995_000 });
    expect(soldes(await lignesDe('facture', id))).toEqual({
      '411': 995_000,
      '4492': 95_000,
      '706': -900_000,
      '4431': -180_000,
      '4474': -10_000,
    });
  });

  it('with the setting, computes the taxes on the HT total less the discount', async () => {
    const set = await ctx.t.post(
      '/api/entreprise/parametres/update',
      { remise_avant_taxes: true },
      ctx.B.token,
    );
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.remise_avant_taxes).toBe(true);
    const client = (await ctx.client(ctx.B, 'Remise')).id;
    const { id, facture: f } = await factureValidee(ctx.B, client, facture);
    // Base 900 000: TVA 162 000, CSS 9 000, TPS 85 500; TTC 1 071 000; net 1 071 000 − 85 500 = 985 500.
    expect(f).toMatchObject({
      total_ht: 1_000_000,
      tva: 162_000,
      css: 9_000,
      tps: 85_500,
      reduction: 100_000,
    });
    expect(f).toMatchObject({ total_ttc: 1_071_000, net_a_payer: 985_500 });
    expect(soldes(await lignesDe('facture', id))).toEqual({
      '411': 985_500,
      '4492': 85_500,
      '706': -900_000,
      '4431': -162_000,
      '4474': -9_000,
    });
    // The setting changed back: the validated invoice keeps its figures; a credit note of it, too.
    await ctx.t.post('/api/entreprise/parametres/update', { remise_avant_taxes: false }, ctx.B.token);
    const avoir = await ctx.t.post(`/api/factures/${id}/avoir`, {}, ctx.B.token);
    expect(avoir.statusCode, avoir.body).toBe(200);
    expect(avoir.json().data).toMatchObject({ tva: 162_000, net_a_payer: 985_500 });
    failed(
      await ctx.t.post('/api/entreprise/parametres/update', { remise_avant_taxes: 'peut-être' }, ctx.B.token),
      422,
      'La remise déduite avant taxes est oui (true) ou non (false).',
      'remise_avant_taxes',
    );
    await toutesEquilibrees(ctx.B.id);
  });
});

describe('the monthly TVA settlement', () => {
  it('proposes 4431 − 4452 − 4454 → 4441 from the month’s figures, records it once, never before the month ends', async () => {
    // June 2025, before the demo's year: only these documents.
    const client = (await ctx.client(ctx.A, 'TVA')).id;
    await factureValidee(ctx.A, client, {
      date_operation: '2025-06-10',
      appliquer_tva: true,
      taux_tva: 18,
      appliquer_css: true,
      taux_css: 1,
      appliquer_tps: false,
      appliquer_reduction: false,
      lignes: [{ description: 'Transport', qte: 1, prix_unitaire: 1_000_000 }],
    });
    const fournisseur = await ctx.referenceCreate(ctx.A, 'fournisseurs', { nom: `Pneus TVA ${Date.now()}` });
    const { pneu } = await ctx.atelier(ctx.A);
    const achat = await ctx.t.post(
      '/api/achats',
      {
        date_operation: '2025-06-12',
        acheteur_id: ctx.A.id,
        fournisseur_id: fournisseur.id,
        appliquer_tva: true,
        taux_tva: 18,
        lignes: [{ article_id: pneu.id, qte: 2, prix_unitaire: 215_000 }],
      },
      ctx.A.token,
    );
    expect(
      (await ctx.t.post(`/api/achats/${achat.json().data.id}/validate`, {}, ctx.A.token)).statusCode,
    ).toBe(200);
    const voucher = await ctx.t.post(
      '/api/piece_de_caisses',
      {
        date_operation: '2025-06-15',
        beneficiaire: 'Garage',
        decaisseur: 'Caisse',
        libelle: 'Vidange',
        montant: 59_000,
        nature: 'entretien',
        tva: 9_000,
      },
      ctx.A.token,
    );
    expect(voucher.statusCode, voucher.body).toBe(200);

    // Collected 180 000; recoverable 77 400 (goods) + 9 000 (repairs) = 86 400; due 93 600. CSS 10 000.
    const res = await ctx.t.get('/api/comptabilite/declaration-tva?mois=2025-06', ctx.A.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      date_operation: '2025-06-30',
      tva_collectee: 180_000,
      tva_recuperable: 86_400,
      solde: 93_600,
      css_due: 10_000,
      ecriture_id: null,
    });
    expect(res.json().data.lignes.map((l: Json) => [l.compte, l.debit, l.credit])).toEqual([
      ['4431', 180_000, 0],
      ['4452', 0, 77_400],
      ['4454', 0, 9_000],
      ['4441', 0, 93_600],
    ]);
    const passe = await ctx.t.post('/api/comptabilite/declaration-tva?mois=2025-06', {}, ctx.A.token);
    expect(passe.statusCode, passe.body).toBe(200);
    const id = passe.json().data.ecriture_id as number;
    expect(passe.json().message).toBe(`La déclaration de TVA de 2025-06 est passée (écriture n°${id}).`);
    const lignes = await ctx.t.database.db
      .select()
      .from(ecritureLignes)
      .where(eq(ecritureLignes.ecriture_id, id));
    expect(soldes(lignes as unknown as Ligne[])).toEqual({
      '4431': 180_000,
      '4452': -77_400,
      '4454': -9_000,
      '4441': -93_600,
    });
    // The next proposal for June finds the accounts cleared and the entry recorded.
    const apres = (await ctx.t.get('/api/comptabilite/declaration-tva?mois=2025-06', ctx.A.token)).json()
      .data;
    expect(apres).toMatchObject({ tva_collectee: 0, tva_recuperable: 0, solde: 0, ecriture_id: id });
    const encore = await ctx.t.post('/api/comptabilite/declaration-tva?mois=2025-06', {}, ctx.A.token);
    expect(encore.statusCode).toBe(409);
    expect(encore.json().errors).toEqual([`La TVA de ce mois est déjà déclarée (écriture n°${id}).`]);
    const mois = new Date().toISOString().slice(0, 7);
    const tot = await ctx.t.post(`/api/comptabilite/declaration-tva?mois=${mois}`, {}, ctx.A.token);
    expect(tot.statusCode).toBe(409);
    expect(tot.json().errors[0]).toMatch(
      /^Le mois n'est pas terminé : la TVA se déclare à partir du \d\d\/\d\d\/\d{4}\.$/,
    );
    failed(
      await ctx.t.get('/api/comptabilite/declaration-tva?mois=2025-13', ctx.A.token),
      422,
      MOIS_INVALIDE,
      'mois',
    );
  });
});
