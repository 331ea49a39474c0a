import { MOIS_INVALIDE } from '@yams/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { interventions } from '../src/db/schema';
import { data, type Fixtures, failed, type Json, setupFixtures } from './fixtures';

let ctx: Fixtures;
let atelier: Awaited<ReturnType<Fixtures['atelier']>>;
beforeAll(async () => {
  ctx = await setupFixtures();
  atelier = await ctx.atelier(ctx.A);
});

describe('GET /api/interventions', () => {
  it('lists rows with vehicle, camion.plaque, garage, calendar dates and lines, latest first', async () => {
    const { t, A } = ctx;
    const list = data(await t.get('/api/interventions', A.token)) as Json[];
    expect(list).toHaveLength(40);
    expect(list.every((i) => i.entreprise_id === A.id)).toBe(true);
    const starts = list.map((i) => i.date_debut as string);
    expect(starts).toEqual([...starts].sort().reverse());
    for (const i of list) {
      expect(i.camion).toEqual(i.vehicule);
      expect(i.debut).toBe(i.date_debut);
      expect(i.fin).toBe(i.date_fin);
      const lignes = i.lignes as Array<{ qte: number; prix_unitaire: number; montant: number }>;
      expect(lignes.length).toBeGreaterThan(0);
      expect(i.montant).toBe(lignes.reduce((s, l) => s + l.qte * l.prix_unitaire, 0));
    }
    expect(list[0]).toMatchObject({
      vehicule: { plaque: expect.any(String) },
      garage: { nom: expect.any(String) },
    });
    expect(new Set(list.map((i) => i.statut))).toEqual(new Set(['Confirmé', 'Brouillon']));
    expect(new Set(list.map((i) => i.type))).toEqual(new Set(['Entretien', 'Réparation']));
    expect(data(await t.get('/api/interventions?req_count=1', A.token))).toBe(40);
    expect(data(await t.get('/api/interventions?page=3', A.token))).toMatchObject({
      per_page: 6,
      total: 40,
      last_page: 7,
      from: 13,
    });
  });

  it('filters by vehicle, garage, type and statut, and refuses unknown values in French', async () => {
    const { t, A } = ctx;
    const all = data(await t.get('/api/interventions', A.token)) as Json[];
    const v = all[0]!.vehicule_id as number;
    const byVehicule = data(await t.get(`/api/interventions?vehicule=${v}`, A.token)) as Json[];
    expect(byVehicule.length).toBe(all.filter((i) => i.vehicule_id === v).length);
    const g = all[0]!.garage_id as number;
    expect(data(await t.get(`/api/interventions?garage=${g}&req_count=1`, A.token))).toBe(
      all.filter((i) => i.garage_id === g).length,
    );
    const reparations = data(await t.get('/api/interventions?type=R%C3%A9paration', A.token)) as Json[];
    expect(reparations.length).toBe(all.filter((i) => i.type === 'Réparation').length);
    expect(data(await t.get('/api/interventions?statut=Brouillon&req_count=1', A.token))).toBe(
      all.filter((i) => i.statut === 'Brouillon').length,
    );
    expect(data(await t.get('/api/interventions?statut=&type=&req_count=1', A.token))).toBe(40);
    failed(
      await t.get('/api/interventions?type=Lavage', A.token),
      422,
      "Le type d'intervention n'est pas valide.",
    );
    failed(
      await t.get('/api/interventions?statut=Annulé', A.token),
      422,
      "Le statut d'intervention n'est pas valide.",
    );
  });

  it('filters a date range by overlap and a month by start or end', async () => {
    const { t, A } = ctx;
    const v = await ctx.vehicule(ctx.A);
    const a = await ctx.intervention(ctx.A, v.id, { date_debut: '2024-01-30', date_fin: '2024-02-02' });
    const b = await ctx.intervention(ctx.A, v.id, { date_debut: '2024-02-10', date_fin: '2024-02-12' });
    const ids = async (q: string) =>
      (data(await t.get(`/api/interventions?vehicule=${v.id}&${q}`, A.token)) as Json[])
        .map((i) => i.id)
        .sort();
    expect(await ids('date_debut=2024-02-01&date_fin=2024-02-05')).toEqual([a.id]);
    expect(await ids('date_debut=2024-02-02&date_fin=2024-02-10')).toEqual([a.id, b.id].sort());
    expect(await ids('date_debut=2024-02-03&date_fin=2024-02-09')).toEqual([]);
    expect(await ids('date_debut=2024-02-11')).toEqual([b.id]);
    expect(await ids('date_fin=2024-01-30')).toEqual([a.id]);
    expect(await ids('req_period=2024-01')).toEqual([a.id]);
    expect(await ids('req_period=2024-02')).toEqual([a.id, b.id].sort());
    expect(await ids('req_period=2024-03')).toEqual([]);
    failed(
      await t.get('/api/interventions?date_debut=2024-02-10&date_fin=2024-02-01', A.token),
      422,
      'La date de fin doit être postérieure ou égale à la date de début.',
    );
    failed(await t.get('/api/interventions?req_period=2024-2', A.token), 422, MOIS_INVALIDE);
  });
});

describe('writing interventions', () => {
  it('requires vehicle, garage, type and start date, and well-formed lines, in French', async () => {
    const { t, A } = ctx;
    const res = await t.post('/api/interventions', {}, A.token);
    failed(res, 422, 'Le véhicule est obligatoire.', 'vehicule_id');
    failed(res, 422, 'Le garage est obligatoire.', 'garage_id');
    failed(res, 422, "Le type d'intervention est obligatoire.", 'type');
    failed(res, 422, 'La date de début est obligatoire.', 'date_debut');
    const v = await ctx.vehicule(ctx.A);
    const base = {
      vehicule_id: v.id,
      garage_id: atelier.garage.id,
      type: 'Réparation',
      date_debut: '2026-03-10',
    };
    failed(
      await t.post('/api/interventions', { ...base, date_fin: '2026-03-09' }, A.token),
      422,
      'La date de fin doit être postérieure ou égale à la date de début.',
      'date_fin',
    );
    failed(
      await t.post('/api/interventions', { ...base, type: 'Lavage' }, A.token),
      422,
      'Le type doit être « Entretien » ou « Réparation ».',
      'type',
    );
    failed(
      await t.post('/api/interventions', { ...base, lignes: [{ kind: 'service', qte: 1 }] }, A.token),
      422,
      'Choisissez le service de cette ligne.',
      'lignes.0.service_id',
    );
    failed(
      await t.post(
        '/api/interventions',
        { ...base, lignes: [{ kind: 'article', article_id: atelier.filtre.id, qte: 0 }] },
        A.token,
      ),
      422,
      'La quantité doit être au moins 1.',
      'lignes.0.qte',
    );
    failed(
      await t.post(
        '/api/interventions',
        { ...base, lignes: [{ kind: 'article', article_id: 999999, qte: 1 }] },
        A.token,
      ),
      422,
      "Cet article n'existe pas.",
      'lignes.0.article_id',
    );
    failed(
      await t.post('/api/interventions', { ...base, garage_id: 999999 }, A.token),
      422,
      "Ce garage n'existe pas.",
      'garage_id',
    );
  });

  it('computes the amount from the lines, pricing them from the services and articles by default', async () => {
    const { t, A } = ctx;
    const v = await ctx.vehicule(ctx.A);
    const res = await t.post(
      '/api/interventions',
      {
        vehicule_id: v.id,
        garage_id: atelier.garage.id,
        type: 'Entretien',
        date_debut: '2026-01-05',
        description: 'Vidange des 50 000 km',
        montant: 1,
        lignes: [
          { kind: 'service', service_id: atelier.vidange.id, qte: 1 },
          { kind: 'article', article_id: atelier.filtre.id, qte: 2 },
          {
            kind: 'article',
            article_id: atelier.pneu.id,
            qte: 2,
            prix_unitaire: 200_000,
            libelle: 'Pneus remis',
          },
        ],
      },
      A.token,
    );
    expect(res.json().message).toBe("L'intervention a été ajoutée.");
    const i = data(res);
    expect(i).toMatchObject({
      statut: 'Brouillon',
      date_fin: null,
      fin: null,
      camion: { plaque: v.plaque },
      garage: { nom: atelier.garage.nom },
    });
    expect(i.lignes).toEqual([
      expect.objectContaining({
        kind: 'service',
        libelle: atelier.vidange.libelle,
        qte: 1,
        prix_unitaire: atelier.vidange.montant,
        montant: atelier.vidange.montant,
      }),
      expect.objectContaining({
        kind: 'article',
        libelle: atelier.filtre.nom,
        qte: 2,
        prix_unitaire: atelier.filtre.prix_unitaire,
        montant: 2 * atelier.filtre.prix_unitaire,
      }),
      expect.objectContaining({
        kind: 'article',
        libelle: 'Pneus remis',
        qte: 2,
        prix_unitaire: 200_000,
        montant: 400_000,
      }),
    ]);
    expect(i.montant).toBe(atelier.vidange.montant + 2 * atelier.filtre.prix_unitaire + 400_000);
    const [stored] = await t.database.db.select().from(interventions).where(eq(interventions.id, i.id));
    expect(stored?.montant).toBe(i.montant);
    // An update rewrites the draft and its lines.
    const updated = await t.post(
      `/api/interventions/${i.id}/update`,
      {
        vehicule_id: v.id,
        garage_id: atelier.garage.id,
        type: 'Réparation',
        date_debut: '2026-01-05',
        date_fin: '2026-01-06',
        // null clears an optional field; a field not sent is kept (inputs-updates.test.ts).
        description: null,
        lignes: [{ kind: 'service', service_id: atelier.vidange.id, qte: 2 }],
      },
      A.token,
    );
    expect(updated.json().message).toBe("L'intervention a été modifiée.");
    expect(data(updated)).toMatchObject({
      type: 'Réparation',
      montant: 2 * atelier.vidange.montant,
      lignes: [expect.objectContaining({ qte: 2 })],
      description: null,
    });
    expect(data(await t.get(`/api/interventions/${i.id}`, A.token)).lignes).toHaveLength(1);
  });
});
