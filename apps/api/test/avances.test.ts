import { randomUUID } from 'node:crypto';
import { AVANCE_MSG, CLOTURE, numeroAvance } from '@yams/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ecritureLignes, ecritures, fraisRoute, pleinsCarburant } from '../src/db/schema';
import { data, type Fixtures, failed, inDays, type Json, setupFixtures } from './fixtures';
import { formData } from './helpers';

/** A 1×1 PNG: a receipt's photo. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

// Driver advances (`/api/avances`): given, justified by fuel paid on the advance and road expenses (driver's
// app and office), settled to the franc either way or cancelled; every step's entry read back from the
// journal, on the right accounts, balanced, and 4211 back to zero.

let f: Fixtures;
let driver: { id: number; token: string; nom: string };
let driver2: { id: number; token: string; nom: string };
beforeAll(async () => {
  f = await setupFixtures();
  driver = await f.chauffeur(f.A, 0);
  driver2 = await f.chauffeur(f.A, 1);
}, 180_000);

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const midi = (day: string) => `${day}T12:00:00+01:00`;

/** A multipart POST (the driver's app's road expenses, a receipt's photo). */
const multipart = (url: string, token: string, fields: Parameters<typeof formData>[0]) => {
  const form = formData(fields);
  return f.t.app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType },
  });
};
const fraisChauffeur = (token: string, fields: Record<string, string>) =>
  multipart('/api/chauffeur/frais', token, { id_client: randomUUID(), ...fields });

/** Every journal line of an advance (its entries all quote `AV-{id}`), in the order written. */
async function lignes(id: number) {
  return f.db
    .select({
      ecriture: ecritures.id,
      journal: ecritures.type,
      source: ecritures.source_type,
      date: ecritures.date_operation,
      compte: ecritureLignes.compte,
      debit: ecritureLignes.debit,
      credit: ecritureLignes.credit,
    })
    .from(ecritureLignes)
    .innerJoin(ecritures, eq(ecritures.id, ecritureLignes.ecriture_id))
    .where(and(eq(ecritures.entreprise_id, f.A.id), eq(ecritures.piece, numeroAvance(id))))
    .orderBy(ecritures.id, ecritureLignes.id);
}
type Ligne = Awaited<ReturnType<typeof lignes>>[number];
/** The entries as `{ journal, lines: ['D 4211 100000', 'C 571 100000'] }`. */
function parEcriture(ls: Ligne[]) {
  const out = new Map<number, { journal: string; source: string | null; date: string; lignes: string[] }>();
  for (const l of ls) {
    const e = out.get(l.ecriture) ?? { journal: l.journal, source: l.source, date: l.date, lignes: [] };
    e.lignes.push(l.debit ? `D ${l.compte} ${l.debit}` : `C ${l.compte} ${l.credit}`);
    out.set(l.ecriture, e);
  }
  return [...out.values()];
}
const solde = (ls: Ligne[], compte: string) =>
  ls.filter((l) => l.compte === compte).reduce((s, l) => s + l.debit - l.credit, 0);
function equilibrees(ls: Ligne[]) {
  const sums = new Map<number, number>();
  for (const l of ls) sums.set(l.ecriture, (sums.get(l.ecriture) ?? 0) + l.debit - l.credit);
  expect(sums.size).toBeGreaterThan(0);
  for (const [id, s] of sums) expect(s, `écriture ${id} équilibrée`).toBe(0);
}

/** An office fill of the vehicle, paid on the driver's advance unless told otherwise. */
const plein = async (vehiculeId: number, chauffeurId: number, extra: Record<string, unknown> = {}) =>
  data(
    await f.t.post(
      '/api/carburant',
      {
        vehicule_id: vehiculeId,
        chauffeur_id: chauffeurId,
        date: midi(inDays(-2)),
        litres: 60,
        prix_litre: 690,
        plein_complet: true,
        mode_paiement: 'avance',
        station: 'Total Owendo',
        ...extra,
      },
      f.A.token,
    ),
  );

const avance = (body: Record<string, unknown>, token = f.A.token, headers?: Record<string, string>) =>
  f.t.post('/api/avances', { mode: 'Espèces', date_operation: inDays(-3), ...body }, token, headers);

describe('avances de frais de route', () => {
  it('a course advance: given, justified by fuel, road expenses and an office expense, the remainder returned', async () => {
    const c = await f.course(f.A, { chauffeur_id: driver.id, date_chargement: ago(3 * 24 * 60) } as never);
    const vehiculeId = (await f.storedCourse(c.id))!.vehicule_id!;
    const a = data(await avance({ chauffeur_id: driver.id, course_id: c.id, montant: '100 000' }));
    expect(a).toMatchObject({
      numero: numeroAvance(a.id),
      chauffeur: { id: driver.id },
      course: { id: c.id },
      montant: 100_000,
      statut: 'Ouverte',
      justifie: 0,
      reste: 100_000,
      justificatifs: [],
      can: { update: true, justificatifs: true, solder: true, annuler: true },
    });
    expect(parEcriture(await lignes(a.id))).toEqual([
      { journal: 'Caisse', source: 'avance', date: inDays(-3), lignes: ['D 4211 100000', 'C 571 100000'] },
    ]);

    // The office's fill paid « avance » for the course, and the driver's road expenses: justified at once.
    const p = await plein(vehiculeId, driver.id, { course_id: c.id });
    expect(p.montant).toBe(41_400);
    const peage = await fraisChauffeur(driver.token, {
      course_id: String(c.id),
      date: ago(2 * 24 * 60),
      type: 'Péage',
      montant: '5000',
    });
    expect(peage.statusCode, peage.body).toBe(200);
    const perDiem = await fraisChauffeur(driver.token, {
      course_id: String(c.id),
      date: ago(2 * 24 * 60),
      type: 'Per diem',
      montant: '10000',
    });
    expect(perDiem.statusCode, perDiem.body).toBe(200);
    let d = data(await f.t.get(`/api/avances/${a.id}`, f.A.token));
    expect(d.justifie).toBe(56_400);
    expect(d.justificatifs.map((l: Json) => [l.type, l.nature, l.compte, l.montant])).toEqual(
      expect.arrayContaining([
        ['plein', 'carburant', '6053', 41_400],
        ['frais', 'peage', '618', 5_000],
        ['frais', 'frais_de_route', '6181', 10_000],
      ]),
    );
    const [stored] = await f.db.select().from(pleinsCarburant).where(eq(pleinsCarburant.id, p.id));
    expect(stored!.avance_id).toBe(a.id);

    // Detached, the per diem's entry is reversed; attached again, posted again.
    const perDiemId = d.justificatifs.find((l: Json) => l.nature === 'frais_de_route').id;
    data(
      await f.t.post(
        `/api/avances/${a.id}/justificatifs`,
        { action: 'detacher', type: 'frais', id: perDiemId },
        f.A.token,
      ),
    );
    expect(data(await f.t.get(`/api/avances/${a.id}`, f.A.token)).justifie).toBe(46_400);
    const libres = data(await f.t.get(`/api/avances/${a.id}/attachables`, f.A.token));
    expect(libres.map((l: Json) => [l.type, l.id])).toContainEqual(['frais', perDiemId]);
    data(
      await f.t.post(
        `/api/avances/${a.id}/justificatifs`,
        { action: 'attacher', type: 'frais', id: perDiemId },
        f.A.token,
      ),
    );

    // A receipt the driver brought back, entered at the office: repairs, its TVA recoverable on 4454.
    const ajout = await f.t.post(
      `/api/avances/${a.id}/justificatifs`,
      {
        action: 'ajouter',
        nature: 'entretien',
        libelle: 'Réparation crevaison',
        montant: '11 800',
        tva: 1_800,
        date_operation: inDays(-1),
      },
      f.A.token,
    );
    expect(ajout.json().message).toBe('La dépense a été ajoutée à l’avance.');
    d = ajout.json().data;
    expect(d).toMatchObject({ justifie: 68_200, reste: 31_800 });
    // Its receipt's photo, joined afterwards; another company's token cannot.
    const depense = d.justificatifs.find((l: Json) => l.type === 'depense');
    expect(depense).toMatchObject({
      nature: 'entretien',
      compte: '6242',
      montant: 11_800,
      tva: 1_800,
      photo_id: null,
    });
    const photo = { name: 'recu.png', type: 'image/png', bytes: PNG };
    const recu = await multipart(`/api/avances/${a.id}/recu`, f.A.token, { depense_id: depense.id, photo });
    expect(recu.statusCode, recu.body).toBe(200);
    const avecPhoto = recu.json().data.justificatifs.find((l: Json) => l.type === 'depense');
    expect(avecPhoto.photo_id).toEqual(expect.any(Number));
    expect((await f.t.get(`/api/photos-chauffeur/${avecPhoto.photo_id}`, f.A.token)).statusCode).toBe(200);
    expect(
      (await multipart(`/api/avances/${a.id}/recu`, f.B.token, { depense_id: depense.id, photo })).statusCode,
    ).toBe(404);

    // Settled to the franc: any other amount is refused, saying which.
    failed(
      await f.t.post(`/api/avances/${a.id}/solder`, { montant: 30_000, mode: 'Espèces' }, f.A.token),
      422,
      AVANCE_MSG.soldeMontant(31_800, 'reste rendu par le chauffeur'),
      'montant',
    );
    failed(
      await f.t.post(`/api/avances/${a.id}/solder`, { montant: 31_800 }, f.A.token),
      422,
      AVANCE_MSG.modeObligatoire,
      'mode',
    );
    const key = { 'idempotency-key': `solde-${a.id}` };
    const body = { montant: 31_800, mode: 'Espèces', date_operation: inDays(0) };
    const first = await f.t.post(`/api/avances/${a.id}/solder`, body, f.A.token, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe("L'avance est soldée : le chauffeur a rendu 31.800 FCFA.");
    const again = await f.t.post(`/api/avances/${a.id}/solder`, body, f.A.token, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(first.json().data).toMatchObject({
      statut: 'Soldée',
      solde_montant: 31_800,
      solde_sens: 'rendu',
      solde_mode: 'Espèces',
      reste: 31_800,
      can: { update: false, justificatifs: false, solder: false, annuler: false },
    });

    const ls = await lignes(a.id);
    equilibrees(ls);
    const entries = parEcriture(ls);
    expect(entries.map((e) => [e.journal, e.source, e.lignes])).toEqual([
      ['Caisse', 'avance', ['D 4211 100000', 'C 571 100000']],
      ['Operation Diverse', 'avance_plein', ['D 6053 41400', 'C 4211 41400']],
      ['Operation Diverse', 'avance_frais', ['D 618 5000', 'C 4211 5000']],
      ['Operation Diverse', 'avance_frais', ['D 6181 10000', 'C 4211 10000']],
      ['Operation Diverse', 'avance_frais', ['C 6181 10000', 'D 4211 10000']],
      ['Operation Diverse', 'avance_frais', ['D 6181 10000', 'C 4211 10000']],
      ['Operation Diverse', 'avance_depense', ['D 6242 10000', 'D 4454 1800', 'C 4211 11800']],
      ['Caisse', 'avance', ['D 571 31800', 'C 4211 31800']],
    ]);
    expect(solde(ls, '4211')).toBe(0);
    expect(solde(ls, '571')).toBe(-68_200);

    // Settled: closed to every move; its fill keeps its figures.
    failed(await f.t.post(`/api/avances/${a.id}/solder`, body, f.A.token), 409, AVANCE_MSG.soldeDejaFait);
    failed(await f.t.post(`/api/avances/${a.id}/annuler`, {}, f.A.token), 409, AVANCE_MSG.annulerSoldee);
    failed(
      await f.t.post(
        `/api/avances/${a.id}/justificatifs`,
        { action: 'detacher', type: 'plein', id: p.id },
        f.A.token,
      ),
      409,
      AVANCE_MSG.nonOuverte,
    );
    failed(
      await f.t.post(
        `/api/carburant/${p.id}/update`,
        { montant: 50_000, litres: 60, prix_litre: null },
        f.A.token,
      ),
      409,
      AVANCE_MSG.justifieSurAvance(numeroAvance(a.id)),
    );
    failed(
      await f.t.post(`/api/carburant/${p.id}/destroy`, {}, f.A.token),
      409,
      AVANCE_MSG.justifieSurAvance(numeroAvance(a.id)),
    );
  });

  it('a period advance short of what was spent: the shortfall paid to the driver, by mobile money', async () => {
    const v = await f.vehicule(f.A);
    const a = data(
      await avance({
        chauffeur_id: driver2.id,
        date_debut: inDays(-10),
        date_fin: inDays(0),
        montant: 20_000,
        mode: 'Airtel Money',
      }),
    );
    // A fill paid by card does not justify it; the one paid on his advance does, by its day.
    await plein(v.id, driver2.id, { mode_paiement: 'carte', litres: 10 });
    const p = await plein(v.id, driver2.id, { litres: 40 });
    const d = data(await f.t.get(`/api/avances/${a.id}`, f.A.token));
    expect(d.justificatifs.map((l: Json) => [l.type, l.id, l.montant])).toEqual([['plein', p.id, 27_600]]);
    expect(d).toMatchObject({ justifie: 27_600, reste: -7_600 });
    failed(
      await f.t.post(`/api/avances/${a.id}/solder`, { montant: 7_000, mode: 'Moov Money' }, f.A.token),
      422,
      AVANCE_MSG.soldeMontant(7_600, 'complément versé au chauffeur'),
      'montant',
    );
    const s = await f.t.post(
      `/api/avances/${a.id}/solder`,
      { montant: '7 600', mode: 'Moov Money' },
      f.A.token,
    );
    expect(s.json().message).toBe("L'avance est soldée : 7.600 FCFA ont été versés au chauffeur.");
    expect(s.json().data).toMatchObject({ statut: 'Soldée', solde_sens: 'verse', solde_montant: 7_600 });
    const ls = await lignes(a.id);
    equilibrees(ls);
    expect(parEcriture(ls).map((e) => [e.journal, e.lignes])).toEqual([
      ['Banque', ['D 4211 20000', 'C 552 20000']],
      ['Operation Diverse', ['D 6053 27600', 'C 4211 27600']],
      ['Banque', ['D 4211 7600', 'C 552 7600']],
    ]);
    expect(solde(ls, '4211')).toBe(0);
    // Listed with its filters.
    const list = data(await f.t.get(`/api/avances?chauffeur=${driver2.id}&statut=Soldée`, f.A.token));
    expect(list.map((x: Json) => x.id)).toContain(a.id);
    expect(
      data(await f.t.get(`/api/avances?chauffeur=${driver2.id}&statut=Ouverte`, f.A.token)).map(
        (x: Json) => x.id,
      ),
    ).not.toContain(a.id);
  });

  it('cancelled: every entry reversed, its fills freed for another advance', async () => {
    const v = await f.vehicule(f.A);
    const p = await plein(v.id, driver2.id, { litres: 20, date: midi(inDays(-1)) });
    const a = data(
      await avance({
        chauffeur_id: driver2.id,
        date_debut: inDays(-2),
        date_fin: inDays(1),
        montant: 30_000,
      }),
    );
    // Recorded before the advance, his fill justifies it as soon as it is given.
    expect(
      data(await f.t.get(`/api/avances/${a.id}`, f.A.token)).justificatifs.map((l: Json) => l.id),
    ).toEqual([p.id]);
    data(await f.t.post(`/api/avances/${a.id}/update`, { montant: 35_000 }, f.A.token));
    const res = await f.t.post(`/api/avances/${a.id}/annuler`, { motif: 'Saisie en double' }, f.A.token);
    expect(res.json().message).toBe("L'avance a été annulée et ses écritures contre-passées.");
    expect(res.json().data).toMatchObject({ statut: 'Annulée', justifie: 0, justificatifs: [] });
    const [stored] = await f.db.select().from(pleinsCarburant).where(eq(pleinsCarburant.id, p.id));
    expect(stored!.avance_id).toBeNull();
    const ls = await lignes(a.id);
    equilibrees(ls);
    for (const compte of ['4211', '571', '6053']) expect(solde(ls, compte), compte).toBe(0);
    failed(await f.t.post(`/api/avances/${a.id}/update`, { montant: 1 }, f.A.token), 409, AVANCE_MSG.annulee);
  });

  it("the driver's app lists his own advances only", async () => {
    const mine = data(await f.t.get('/api/chauffeur/avances', driver.token));
    expect(mine.length).toBeGreaterThan(0);
    for (const a of mine) expect(a.chauffeur.id).toBe(driver.id);
    const his = data(await f.t.get('/api/chauffeur/avances', driver2.token));
    expect(his.map((a: Json) => a.chauffeur.id)).toContain(driver2.id);
    expect(his.map((a: Json) => a.id)).not.toContain(mine[0].id);
    // The office's token does not open the driver's app.
    expect([401, 403]).toContain((await f.t.get('/api/chauffeur/avances', f.A.token)).statusCode);
  });

  it('bad input: a French 422 naming the field', async () => {
    failed(
      await f.t.post('/api/avances', {}, f.A.token),
      422,
      'Le chauffeur est obligatoire.',
      'chauffeur_id',
    );
    failed(
      await avance({ chauffeur_id: driver.id, montant: 1_000 }),
      422,
      AVANCE_MSG.courseOuPeriode,
      'course_id',
    );
    failed(
      await avance({ chauffeur_id: driver.id, montant: 1_000, date_debut: inDays(-1), date_fin: inDays(-5) }),
      422,
      AVANCE_MSG.periodeInversee,
      'date_fin',
    );
    failed(
      await avance({ chauffeur_id: driver.id, montant: 1_000, date_debut: inDays(-1) }),
      422,
      AVANCE_MSG.periodeIncomplete,
      'date_fin',
    );
    failed(
      await avance({
        chauffeur_id: driver.id,
        montant: 1_000,
        date_debut: inDays(-1),
        date_fin: inDays(0),
        mode: 'Troc',
      }),
      422,
      AVANCE_MSG.modeInvalide,
      'mode',
    );
    failed(
      await avance({ chauffeur_id: driver.id, montant: 0, date_debut: inDays(-1), date_fin: inDays(0) }),
      422,
      'Le montant doit être supérieur à 0 FCFA.',
      'montant',
    );
    const other = await f.chauffeur(f.B, 0);
    failed(
      await avance({ chauffeur_id: other.id, montant: 1_000, date_debut: inDays(-1), date_fin: inDays(0) }),
      422,
      AVANCE_MSG.chauffeurInconnu,
      'chauffeur_id',
    );
    const a = data(
      await avance({
        chauffeur_id: driver.id,
        montant: 5_000,
        date_debut: inDays(-30),
        date_fin: inDays(-29),
      }),
    );
    const v = await f.vehicule(f.A);
    const carte = await plein(v.id, driver.id, {
      mode_paiement: 'carte',
      litres: 5,
      date: midi(inDays(-30)),
    });
    const autre = await plein(v.id, driver2.id, { litres: 5, date: midi(inDays(-30)) });
    const j = (body: Record<string, unknown>) =>
      f.t.post(`/api/avances/${a.id}/justificatifs`, body, f.A.token);
    failed(
      await j({ action: 'attacher', type: 'plein', id: carte.id }),
      422,
      AVANCE_MSG.pleinAutreMode,
      'id',
    );
    failed(
      await j({ action: 'attacher', type: 'plein', id: autre.id }),
      422,
      AVANCE_MSG.autreChauffeur,
      'id',
    );
    failed(await j({ action: 'attacher', type: 'plein', id: 999_999 }), 422, AVANCE_MSG.pleinInconnu, 'id');
    failed(await j({ action: 'attacher', type: 'plein' }), 422, 'Le justificatif est obligatoire.', 'id');
    failed(
      await j({
        action: 'ajouter',
        nature: 'carburant',
        libelle: 'Gasoil',
        montant: 1_000,
        tva: 100,
        date_operation: inDays(0),
      }),
      422,
      "La TVA n'est pas récupérable sur une dépense de nature « Carburant ».",
      'tva',
    );
    failed(
      await j({ action: 'ajouter', libelle: 'X', montant: 1_000, date_operation: inDays(0) }),
      422,
      'La nature est obligatoire.',
      'nature',
    );
  });

  it('tenancy: another company gets 404 and changes nothing', async () => {
    const a = data(
      await avance({
        chauffeur_id: driver.id,
        montant: 3_000,
        date_debut: inDays(-60),
        date_fin: inDays(-59),
      }),
    );
    failed(await f.t.get(`/api/avances/${a.id}`, f.B.token), 404, "Cette avance n'existe pas.");
    failed(await f.t.get(`/api/avances/${a.id}/attachables`, f.B.token), 404, "Cette avance n'existe pas.");
    failed(
      await f.t.post(`/api/avances/${a.id}/solder`, { montant: 3_000, mode: 'Espèces' }, f.B.token),
      404,
      "Cette avance n'existe pas.",
    );
    failed(await f.t.post(`/api/avances/${a.id}/annuler`, {}, f.B.token), 404, "Cette avance n'existe pas.");
    expect(
      data(await f.t.get('/api/avances?per_page=48', f.B.token)).data.map((x: Json) => x.id),
    ).not.toContain(a.id);
    expect(data(await f.t.get(`/api/avances/${a.id}`, f.A.token)).statut).toBe('Ouverte');
    // The history of the advance (audited).
    const h = data(await f.t.get(`/api/avances/${a.id}/historique`, f.A.token));
    expect(h.data?.length ?? h.length).toBeGreaterThan(0);
  });

  it('a closed exercise refuses the advance with the accounting message, nothing written', async () => {
    await f.db.insert(ecritures).values({
      entreprise_id: f.A.id,
      date_operation: '2025-12-31',
      type: 'Operation Diverse',
      libelle: 'Clôture 2025 (test)',
      source_type: 'cloture',
      source_id: 2025,
    });
    const avant = await f.db
      .select({ id: fraisRoute.id })
      .from(fraisRoute)
      .where(inArray(fraisRoute.chauffeur_id, [driver.id]));
    failed(
      await avance({
        chauffeur_id: driver.id,
        montant: 1_000,
        date_operation: '2025-06-01',
        date_debut: '2025-06-01',
        date_fin: '2025-06-02',
      }),
      422,
      CLOTURE.exerciceClos(2025),
      'date_operation',
    );
    const list = data(await f.t.get(`/api/avances?date_debut=2025-06-01&date_fin=2025-06-01`, f.A.token));
    expect(list).toEqual([]);
    expect(
      (
        await f.db
          .select({ id: fraisRoute.id })
          .from(fraisRoute)
          .where(inArray(fraisRoute.chauffeur_id, [driver.id]))
      ).length,
    ).toBe(avant.length);
  });
});
