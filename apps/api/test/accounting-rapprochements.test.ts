import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  ecritureLignes,
  ecritures,
  rapprochementLignes,
  rapprochements,
  users,
} from '../src/db/schema';
import { type Company, data, type Fixtures, failed, type Json, setupFixtures } from './fixtures';
import { formData } from './helpers';

// Issue 29 §6: a bank CSV and an Airtel Money export reconciled with payments recorded in the test: automatic
// matches by reference and by amount ± 3 days, proposals when two payments fit, the bank's charges and the
// operator's fees posted on 631, the reconciled balance equal to the statement's to the franc.

let ctx: Fixtures;

beforeAll(async () => {
  ctx = await setupFixtures();
});

const URL = '/api/comptabilite/rapprochements';

function importer(
  of: Company,
  fields: Record<string, string>,
  fichier?: { name: string; text?: string; bytes?: Buffer; type?: string },
) {
  const { payload, contentType } = formData({
    ...fields,
    ...(fichier
      ? {
          fichier: {
            name: fichier.name,
            type: fichier.type ?? 'text/csv',
            bytes: fichier.bytes ?? Buffer.from(fichier.text ?? '', 'utf8'),
          },
        }
      : {}),
  });
  return ctx.t.app.inject({
    method: 'POST',
    url: URL,
    payload,
    headers: { authorization: `Bearer ${of.token}`, 'content-type': contentType },
  });
}

const pointer = (of: Company, id: number, ligne: number, body: Record<string, unknown>) =>
  ctx.t.post(`${URL}/${id}/lignes/${ligne}/pointer`, body, of.token);

async function paiement(of: Company, montant: number, mode: string, date: string, reference?: string) {
  const course = await ctx.course(of, { montant: 1_000_000 });
  const p = await ctx.paiement(of, course.id, montant, {
    statut: 'Validé',
    mode: mode as never,
    date_operation: date,
    ...(reference ? { reference } : {}),
  });
  const [l] = await ctx.t.database.db
    .select({ id: ecritureLignes.id, compte: ecritureLignes.compte })
    .from(ecritureLignes)
    .innerJoin(ecritures, eq(ecritures.id, ecritureLignes.ecriture_id))
    .where(
      and(
        eq(ecritures.source_type, 'paiement'),
        eq(ecritures.source_id, p.id),
        sql`${ecritureLignes.compte} in ('521', '552')`,
      ),
    );
  return l!.id;
}

/** Debit − credit of the account's lines between two days, read behind the API's back. */
async function soldeLivre(entrepriseId: number, compte: string, debut: string, fin: string) {
  const res = await ctx.t.database.db.execute(
    sql`select coalesce(sum(debit - credit), 0)::int as s from ecriture_lignes where entreprise_id = ${entrepriseId}
      and compte like ${`${compte}%`} and date_operation between ${debut} and ${fin}`,
  );
  return Number((((res as { rows?: unknown[] }).rows ?? res) as Array<{ s: number }>)[0]!.s);
}

const count = async () =>
  Number(
    (
      (await ctx.t.database.db.select({ n: sql<number>`count(*)::int` }).from(rapprochements)) as Array<{
        n: number;
      }>
    )[0]!.n,
  );

describe('a bank statement', () => {
  let releve: Json;
  const ids: Record<string, number> = {};

  it('imports the CSV: reference, amount within 3 days, two cheques proposed, the charges to do', async () => {
    ids.vir = await paiement(ctx.A, 150_017, 'Virement', '2026-06-03', 'VIR-0001');
    ids.vers = await paiement(ctx.A, 80_023, 'Virement', '2026-06-04');
    ids.ch1 = await paiement(ctx.A, 45_031, 'Chèque', '2026-06-08');
    ids.ch2 = await paiement(ctx.A, 45_031, 'Chèque', '2026-06-09');
    const csv = [
      'Date;Libellé;Référence;Débit;Crédit',
      '05/06/2026;VIREMENT RECU CLIENT;VIR-0001;;150 017',
      '06/06/2026;VERSEMENT ESPECES;;;80 023',
      '08/06/2026;REMISE CHEQUE;;;45 031',
      '09/06/2026;REMISE CHEQUE;;;45 031',
      '10/06/2026;FRAIS TENUE DE COMPTE;;2 537;',
    ].join('\r\n');
    const res = await importer(
      ctx.A,
      { compte: '521', preset: 'banque' },
      { name: 'releve-bgfi.csv', text: csv },
    );
    releve = data(res);
    expect(res.json().message).toBe('5 lignes importées : 2 pointées, 2 proposées, 1 à traiter.');
    const [vir, vers, c1, c2, frais] = releve.lignes;
    expect([vir.etat, vir.regle, vir.mouvement.id]).toEqual(['pointee', 'reference', ids.vir]);
    expect([vers.etat, vers.regle, vers.mouvement.id]).toEqual(['pointee', 'montant', ids.vers]);
    expect(c1.etat).toBe('proposee');
    expect(c1.propositions.map((m: Json) => m.id)).toEqual([ids.ch1, ids.ch2]);
    expect(c2.propositions.map((m: Json) => m.id)).toEqual([ids.ch2, ids.ch1]);
    expect([frais.etat, frais.montant, frais.propositions]).toEqual(['a_traiter', -2_537, []]);
    expect(releve.totaux).toMatchObject({ solde_releve: 317_565, solde_pointe: 230_040, rapproche: false });
  });

  it('accepts the proposals, posts the charges on 631 and is reconciled to the franc', async () => {
    const [, , c1, c2, frais] = releve.lignes;
    data(await pointer(ctx.A, releve.id, c1.id, { mouvement_id: ids.ch1 }));
    let r = data(await pointer(ctx.A, releve.id, c2.id, { mouvement_id: ids.ch2 }));
    expect(r.lignes[3].etat).toBe('pointee');
    // A movement of another amount is refused.
    failed(
      await pointer(ctx.A, releve.id, frais.id, { mouvement_id: ids.ch1 }),
      422,
      'Le montant du mouvement (45.031 FCFA) n’est pas celui de la ligne (-2.537 FCFA).'.replace('’', "'"),
      'mouvement_id',
    );
    r = data(await pointer(ctx.A, releve.id, frais.id, { creer: 'frais' }));
    const ligne = r.lignes[4];
    expect(ligne.etat).toBe('pointee');
    const entree = await ctx.t.database.db
      .select({ compte: ecritureLignes.compte, debit: ecritureLignes.debit, credit: ecritureLignes.credit })
      .from(ecritureLignes)
      .where(eq(ecritureLignes.ecriture_id, ligne.frais_ecriture_id))
      .orderBy(ecritureLignes.id);
    expect(entree).toEqual([
      { compte: '631', debit: 2_537, credit: 0 },
      { compte: '521', debit: 0, credit: 2_537 },
    ]);
    expect(r.totaux).toMatchObject({
      solde_releve: 317_565,
      solde_pointe: 317_565,
      lignes: 5,
      pointees: 5,
      rapproche: true,
    });
    expect(r.totaux.solde_comptable).toBe(await soldeLivre(ctx.A.id, '521', '2026-06-05', '2026-06-10'));
    expect(r.totaux.ecart).toBe(r.totaux.solde_releve - r.totaux.solde_comptable);
  });

  it('undoes a match, and a cheque already matched is refused for another line', async () => {
    const [, , c1] = releve.lignes;
    let r = data(await pointer(ctx.A, releve.id, c1.id, { annuler: true }));
    expect(r.lignes[2].etat).toBe('proposee');
    expect(r.lignes[2].propositions.map((m: Json) => m.id)).toEqual([ids.ch1]);
    expect(r.totaux.rapproche).toBe(false);
    failed(
      await pointer(ctx.A, releve.id, c1.id, { mouvement_id: ids.ch2 }),
      422,
      'Ce mouvement est déjà pointé avec une autre ligne de relevé.',
      'mouvement_id',
    );
    r = data(await pointer(ctx.A, releve.id, c1.id, { mouvement_id: ids.ch1 }));
    expect(r.totaux.rapproche).toBe(true);
  });

  it('is listed for its company, and another company gets 404', async () => {
    const list = data(await ctx.t.get(URL, ctx.A.token));
    expect(list.find((x: Json) => x.id === releve.id)).toMatchObject({
      compte: '521',
      fichier: 'releve-bgfi.csv',
    });
    expect(data(await ctx.t.get(URL, ctx.B.token)).map((x: Json) => x.id)).not.toContain(releve.id);
    failed(await ctx.t.get(`${URL}/${releve.id}`, ctx.B.token), 404, "Ce rapprochement n'existe pas.");
    failed(
      await pointer(ctx.B, releve.id, releve.lignes[0].id, { annuler: true }),
      404,
      "Ce rapprochement n'existe pas.",
    );
  });
});

describe('an Airtel Money export', () => {
  it('matches by transaction id and by amount, the operator fees posted on 631 against 552', async () => {
    const ref = await paiement(ctx.A, 50_011, 'Airtel Money', '2026-07-04', 'CI260704.1012.A00001');
    const montant = await paiement(ctx.A, 30_013, 'Airtel Money', '2026-07-05');
    const csv = [
      'ID Transaction,Date,Numéro,Montant,Frais',
      'CI260704.1012.A00001,2026-07-04 10:12:00,074000001,50011,500',
      'CI260705.0933.A00002,2026-07-06 09:33:00,077000002,30013,0',
    ].join('\n');
    let r = data(
      await importer(ctx.A, { compte: '552', preset: 'airtel' }, { name: 'airtel.csv', text: csv }),
    );
    expect(r.lignes.map((l: Json) => [l.mouvement?.id, l.regle, l.etat])).toEqual([
      [ref, 'reference', 'a_traiter'],
      [montant, 'montant', 'pointee'],
    ]);
    r = data(await pointer(ctx.A, r.id, r.lignes[0].id, { creer: 'frais' }));
    expect(r.lignes[0].etat).toBe('pointee');
    const entree = await ctx.t.database.db
      .select({ compte: ecritureLignes.compte, debit: ecritureLignes.debit, credit: ecritureLignes.credit })
      .from(ecritureLignes)
      .where(eq(ecritureLignes.ecriture_id, r.lignes[0].frais_ecriture_id))
      .orderBy(ecritureLignes.id);
    expect(entree).toEqual([
      { compte: '631', debit: 500, credit: 0 },
      { compte: '552', debit: 0, credit: 500 },
    ]);
    expect(r.totaux).toMatchObject({ solde_releve: 79_524, solde_pointe: 79_524, rapproche: true });
    failed(
      await pointer(ctx.A, r.id, r.lignes[0].id, { creer: 'frais' }),
      422,
      "Cette ligne n'a pas de frais à passer en écriture.",
      'creer',
    );
  });
});

describe('a Moov Money export in Excel', () => {
  it('reads the .xlsx, and the phone decides between two payments of the same amount; audited', async () => {
    const client = await ctx.client(ctx.A, 'Moov');
    await ctx.t.database.db
      .update(users)
      .set({ telephone1: '+241 062 11 22 33' })
      .where(eq(users.id, client.id));
    const course = await ctx.course(ctx.A, { montant: 1_000_000, client: client.id });
    const p = await ctx.paiement(ctx.A, course.id, 20_017, {
      statut: 'Validé',
      mode: 'Moov Money',
      date_operation: '2026-08-10',
    });
    const autre = await paiement(ctx.A, 20_017, 'Moov Money', '2026-08-10');
    const [attendu] = await ctx.t.database.db
      .select({ id: ecritureLignes.id })
      .from(ecritureLignes)
      .innerJoin(ecritures, eq(ecritures.id, ecritureLignes.ecriture_id))
      .where(
        and(
          eq(ecritures.source_type, 'paiement'),
          eq(ecritures.source_id, p.id),
          eq(ecritureLignes.compte, '552'),
        ),
      );
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Transactions');
    ws.addRow(['Référence', 'Date', 'Numéro client', 'Montant', 'Frais', 'Type de transaction']);
    ws.addRow([
      'MP260810.0001',
      new Date(Date.UTC(2026, 7, 11)),
      '062112233',
      20_017,
      0,
      'Paiement marchand',
    ]);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const r = data(
      await importer(
        ctx.A,
        { compte: '552', preset: 'moov' },
        {
          name: 'moov.xlsx',
          bytes,
          type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        },
      ),
    );
    expect(r.lignes[0]).toMatchObject({
      date: '2026-08-11',
      telephone: '062112233',
      etat: 'pointee',
      regle: 'montant',
    });
    expect(r.lignes[0].mouvement.id).toBe(attendu!.id);
    expect(r.lignes[0].mouvement.id).not.toBe(autre);
    const audit = await ctx.t.database.db
      .select({ table: auditLog.table_name, action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.table_name, 'rapprochements'), eq(auditLog.record_id, r.id)));
    expect(audit.map((a) => a.table)).toEqual(['rapprochements']);
  });
});

describe('a bad file', () => {
  it('is refused line by line in French and nothing is stored', async () => {
    const avant = await count();
    const lignesAvant = (await ctx.t.database.db.select().from(rapprochementLignes)).length;
    const csv = 'Date;Libellé;Montant\n31/02/2026;A;100\n01/03/2026;B;douze\n02/03/2026;C;300\n';
    const res = await importer(ctx.A, { compte: '521', preset: 'banque' }, { name: 'faux.csv', text: csv });
    expect(res.statusCode, res.body).toBe(422);
    const errors: string[] = res.json().errors;
    expect(errors[0]).toBe("Aucune ligne n'a été importée : 2 lignes à corriger.");
    expect(errors[1]).toBe('Ligne 2 : Date invalide : « 31/02/2026 » (attendu JJ/MM/AAAA).');
    expect(errors[2]).toMatch(/^Ligne 3 : .*montant/i);
    const inconnue = await importer(
      ctx.A,
      { compte: '521', colonnes: JSON.stringify({ date: 'Date', montant: 'Somme' }) },
      { name: 'faux.csv', text: csv },
    );
    failed(inconnue, 422, 'Ligne 1 : Colonne inconnue : « Somme » (Montant).');
    failed(
      await importer(ctx.A, { compte: '411', preset: 'banque' }, { name: 'r.csv', text: csv }),
      422,
      'Le compte est 521 (Banques), 552 (Monnaie électronique) ou un de leurs sous-comptes.',
      'compte',
    );
    failed(
      await importer(ctx.A, { compte: '521' }, { name: 'r.csv', text: csv }),
      422,
      'Choisissez un modèle de relevé (banque, airtel, moov) ou indiquez les colonnes.',
      'preset',
    );
    failed(
      await importer(
        ctx.A,
        { compte: '521', preset: 'banque' },
        { name: 'r.pdf', text: '%PDF', type: 'application/pdf' },
      ),
      422,
      'Choisissez un fichier CSV ou Excel (.xlsx).',
      'fichier',
    );
    expect(await count()).toBe(avant);
    expect((await ctx.t.database.db.select().from(rapprochementLignes)).length).toBe(lignesAvant);
  });
});
