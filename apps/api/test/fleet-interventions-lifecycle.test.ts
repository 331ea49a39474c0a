import { addDays, todayInGabon } from '@yams/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { vehicules } from '../src/db/schema';
import { scoped } from '../src/db/scoped';
import { refreshVehiculeStatuts } from '../src/modules/fleet/vehicule-statuts';
import { data, type Fixtures, failed, setupFixtures } from './fixtures';

let ctx: Fixtures;
let atelier: Awaited<ReturnType<Fixtures['atelier']>>;
const today = todayInGabon();
beforeAll(async () => {
  ctx = await setupFixtures();
  atelier = await ctx.atelier(ctx.A);
});

describe('confirming interventions', () => {
  it('confirms a draft once, taking its articles out of stock, then refuses to change or delete it', async () => {
    const { t, A } = ctx;
    const v = await ctx.vehicule(ctx.A);
    const [filtreAvant, pneuAvant] = [
      await ctx.articleStock(atelier.filtre.id),
      await ctx.articleStock(atelier.pneu.id),
    ];
    const i = await ctx.intervention(ctx.A, v.id, {
      date_debut: '2025-06-01',
      date_fin: '2025-06-02',
      lignes: [
        { kind: 'article', article_id: atelier.filtre.id, qte: 1 },
        { kind: 'article', article_id: atelier.filtre.id, qte: 2 },
        { kind: 'article', article_id: atelier.pneu.id, qte: 1 },
        { kind: 'service', service_id: atelier.vidange.id, qte: 1 },
      ],
    });
    const res = await t.post(`/api/interventions/${i.id}/confirm`, {}, A.token);
    expect(res.json().message).toBe("L'intervention a été confirmée.");
    expect(data(res)).toMatchObject({
      statut: 'Confirmé',
      confirmed_at: expect.any(String),
      montant: i.montant,
    });
    expect(await ctx.articleStock(atelier.filtre.id)).toBe(filtreAvant - 3);
    expect(await ctx.articleStock(atelier.pneu.id)).toBe(pneuAvant - 1);
    failed(
      await t.post(`/api/interventions/${i.id}/confirm`, {}, A.token),
      422,
      'Cette intervention est déjà confirmée.',
    );
    expect(await ctx.articleStock(atelier.filtre.id)).toBe(filtreAvant - 3);
    failed(
      await t.post(
        `/api/interventions/${i.id}/update`,
        { vehicule_id: v.id, garage_id: atelier.garage.id, type: 'Entretien', date_debut: '2025-06-01' },
        A.token,
      ),
      422,
      'Une intervention confirmée ne peut plus être modifiée.',
    );
    failed(
      await t.post(`/api/interventions/${i.id}/destroy`, {}, A.token),
      422,
      "L'intervention est confirmée : elle ne peut pas être supprimée.",
    );
    const open = await ctx.intervention(ctx.A, v.id, { date_fin: null });
    failed(
      await t.post(`/api/interventions/${open.id}/confirm`, {}, A.token),
      422,
      "Indiquez la date de fin de l'intervention avant de la confirmer.",
      'date_fin',
    );
  });

  it('refuses to confirm when an article is short, and then changes nothing', async () => {
    const { t, A } = ctx;
    const rare = data(
      await t.post(
        '/api/articles',
        { reference: 'RARE-1', nom: 'Turbo compresseur', qte: 3, prix_unitaire: 900_000 },
        A.token,
      ),
    );
    const v = await ctx.vehicule(ctx.A);
    const filtreAvant = await ctx.articleStock(atelier.filtre.id);
    const i = await ctx.intervention(ctx.A, v.id, {
      lignes: [
        { kind: 'article', article_id: atelier.filtre.id, qte: 1 },
        { kind: 'article', article_id: rare.id, qte: 2 },
        { kind: 'article', article_id: rare.id, qte: 2 },
      ],
    });
    const res = await t.post(`/api/interventions/${i.id}/confirm`, {}, A.token);
    failed(res, 422, "Stock insuffisant pour l'article Turbo compresseur (disponible : 3).");
    expect(await ctx.articleStock(rare.id)).toBe(3);
    expect(await ctx.articleStock(atelier.filtre.id)).toBe(filtreAvant);
    expect(data(await t.get(`/api/interventions/${i.id}`, A.token)).statut).toBe('Brouillon');
    expect(await ctx.vehiculeStatut(v.id)).toBe('Disponible');
  });
});

describe('vehicle status follows confirmed interventions', () => {
  it('goes En intervention while a confirmed intervention covers today, and back to Disponible after', async () => {
    const { t, A } = ctx;
    const v = await ctx.vehicule(ctx.A);
    const draft = await ctx.intervention(ctx.A, v.id, {
      date_debut: addDays(today, -1),
      date_fin: addDays(today, 2),
    });
    expect(await ctx.vehiculeStatut(v.id)).toBe('Disponible');
    data(await t.post(`/api/interventions/${draft.id}/confirm`, {}, A.token));
    expect(data(await t.get(`/api/vehicules/${v.id}`, A.token)).statut).toBe('En intervention');
    failed(
      await t.post(`/api/vehicules/${v.id}/update`, { statut: 'Disponible' }, A.token),
      422,
      'Le véhicule est « En intervention » : son statut changera à la fin de l’intervention.',
      'statut',
    );
    // The day after the end, the periodic refresh gives it back.
    const result = await refreshVehiculeStatuts(scoped(t.database.db, { entrepriseId: A.id }), {
      today: addDays(today, 3),
    });
    expect(result.disponibles).toBeGreaterThanOrEqual(1);
    expect(await ctx.vehiculeStatut(v.id)).toBe('Disponible');
    await refreshVehiculeStatuts(scoped(t.database.db, { entrepriseId: A.id }));
    expect(await ctx.vehiculeStatut(v.id)).toBe('En intervention');
  });

  it('waits for the start of a future intervention, and never overrides En course', async () => {
    const { t, A } = ctx;
    const v = await ctx.vehicule(ctx.A);
    const later = await ctx.intervention(ctx.A, v.id, {
      date_debut: addDays(today, 5),
      date_fin: addDays(today, 6),
    });
    data(await t.post(`/api/interventions/${later.id}/confirm`, {}, A.token));
    expect(await ctx.vehiculeStatut(v.id)).toBe('Disponible');
    await refreshVehiculeStatuts(scoped(t.database.db, { entrepriseId: A.id }), { today: addDays(today, 5) });
    expect(await ctx.vehiculeStatut(v.id)).toBe('En intervention');

    const onRoad = await ctx.vehicule(ctx.A);
    await t.database.db.update(vehicules).set({ statut: 'En course' }).where(eq(vehicules.id, onRoad.id));
    const now = await ctx.intervention(ctx.A, onRoad.id);
    data(await t.post(`/api/interventions/${now.id}/confirm`, {}, A.token));
    expect(await ctx.vehiculeStatut(onRoad.id)).toBe('En course');
    await refreshVehiculeStatuts(scoped(t.database.db, { entrepriseId: null }));
    expect(await ctx.vehiculeStatut(onRoad.id)).toBe('En course');
  });
});

describe('deleting interventions', () => {
  it('deletes drafts only, one by one or by group with one French item per line', async () => {
    const { t, A, B } = ctx;
    const v = await ctx.vehicule(ctx.A);
    const single = await ctx.intervention(ctx.A, v.id);
    expect((await t.post(`/api/interventions/${single.id}/destroy`, {}, A.token)).json()).toEqual({
      success: true,
      message: "L'intervention a été supprimée.",
      data: null,
      errors: [],
    });
    failed(await t.get(`/api/interventions/${single.id}`, A.token), 404, "Cette intervention n'existe pas.");
    const a = await ctx.intervention(ctx.A, v.id, { date_debut: '2025-01-01', date_fin: '2025-01-02' });
    const b = await ctx.intervention(ctx.A, v.id, { date_debut: '2025-01-01', date_fin: '2025-01-02' });
    data(await t.post(`/api/interventions/${b.id}/confirm`, {}, A.token));
    const theirs = data(await t.get('/api/interventions?statut=Brouillon&limit=1', B.token))[0];
    const res = await t.post(
      '/api/interventions/destroy-group',
      { selected_lines: [a.id, b.id, theirs.id, 999999] },
      A.token,
    );
    expect(res.json()).toEqual({
      success: true,
      data: null,
      errors: [],
      message: [
        { severity: 'success', value: `L'intervention n°${a.id} a été supprimée.` },
        {
          severity: 'error',
          value: `L'intervention n°${b.id} est confirmée : elle ne peut pas être supprimée.`,
        },
        { severity: 'error', value: `L'intervention n°${theirs.id} n'existe pas.` },
        { severity: 'error', value: "L'intervention n°999999 n'existe pas." },
      ],
    });
    expect(data(await t.get(`/api/interventions/${b.id}`, A.token)).statut).toBe('Confirmé');
    expect(data(await t.get(`/api/interventions/${theirs.id}`, B.token)).id).toBe(theirs.id);
  });
});
