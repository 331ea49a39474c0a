import { DEMANDE_STATUTS, demandeAcces } from '@yams/shared';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { demandes, users } from '../src/db/schema';
import { scoped } from '../src/db/scoped';
import { type Company, expectFailure, type Fixtures, inDays, setupFixtures } from './fixtures';

// The demandes market (docs/architecture.md, Tenancy; `demandeAcces` in packages/shared): a demande recorded by a
// company is its own until it broadcasts it; the market sees route, goods and dates, not who the client is.

let ctx: Fixtures;
beforeAll(async () => {
  ctx = await setupFixtures();
});

async function record(company: Company, clientId: number) {
  const res = await ctx.t.post(
    '/api/demandes',
    {
      client_id: clientId,
      type_course: 'Transport de marchandises',
      ville_depart_id: ctx.villes.lbv,
      ville_arrivee_id: ctx.villes.fcv,
      adresse_chargement: 'Zone industrielle d’Oloumi, hangar 4',
      adresse_dechargement: 'Quartier Potos',
      date_souhaitee: inDays(25),
      poids_kg: 9_000,
      budget: 450_000,
    },
    company.token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

const ids = async (company: Company, q = '') =>
  ((await ctx.t.get(`/api/demandes?limit=1000${q}`, company.token)).json().data as Array<{ id: number }>).map(
    (d) => d.id,
  );

describe('a demande recorded by a company', () => {
  it('is invisible to another company until broadcast, and cannot be accepted by it', async () => {
    const { A: tg, B: og } = ctx;
    const client = await ctx.client(tg, 'Privé');
    const id = await record(tg, client.id);
    expect(await ids(tg)).toContain(id);
    expect(await ids(og)).not.toContain(id);
    expectFailure(await ctx.t.get(`/api/demandes/${id}`, og.token), 404, "Cette demande n'existe pas.");
    const v = await ctx.vehicule(og);
    expectFailure(
      await ctx.t.post(`/api/demandes/${id}/accept`, { vehicule_id: v.id, montant: 1_000 }, og.token),
      404,
      "Cette demande n'existe pas.",
    );
    const [row] = await ctx.t.database.db.select().from(demandes).where(eq(demandes.id, id));
    expect(row).toMatchObject({ statut: 'En attente', entreprise_id: null, course_id: null });
    // Nothing of the client reached Ogooué.
    const people = (await ctx.t.get('/api/utilisateurs?limit=1000', og.token)).json().data as Array<{
      id: number;
    }>;
    expect(people.map((p) => p.id)).not.toContain(client.id);
  });

  it('once broadcast, shows the market its route, goods and dates but not the client; the taker gets them', async () => {
    const { A: tg, B: og } = ctx;
    const commercial = (
      await ctx.t.database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.entreprise_id, tg.id))
        .limit(1)
    )[0]!.id;
    const client = await ctx.client(tg, 'Diffusé');
    await ctx.t.database.db
      .update(users)
      .set({ commercial_id: commercial, telephone1: '+241 77 00 00 01' })
      .where(eq(users.id, client.id));
    const id = await record(tg, client.id);
    expect((await ctx.t.post(`/api/demandes/${id}/broadcast`, undefined, tg.token)).statusCode).toBe(200);

    const seen = (await ctx.t.get(`/api/demandes/${id}`, og.token)).json().data;
    expect(seen).toMatchObject({
      statut: 'Recherche en cours',
      client: null,
      contact_masque: true,
      adresse_chargement: null,
      adresse_dechargement: null,
      ville_depart: { id: ctx.villes.lbv },
      ville_arrivee: { id: ctx.villes.fcv },
      date_souhaitee: inDays(25),
      poids_kg: 9_000,
      course_details: 'Libreville → Franceville (9 t)',
    });
    expect(JSON.stringify(seen)).not.toContain('Diffusé');
    const listed = (await ctx.t.get('/api/demandes?limit=1000', og.token))
      .json()
      .data.find((d: { id: number }) => d.id === id);
    expect(listed).toMatchObject({ client: null, contact_masque: true, adresse_chargement: null });
    // Its recorder still sees everything.
    expect((await ctx.t.get(`/api/demandes/${id}`, tg.token)).json().data).toMatchObject({
      client: { id: client.id },
      contact_masque: false,
      adresse_chargement: 'Zone industrielle d’Oloumi, hangar 4',
    });

    const v = await ctx.vehicule(og);
    const accepted = await ctx.t.post(
      `/api/demandes/${id}/accept`,
      { vehicule_id: v.id, montant: 440_000 },
      og.token,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await ctx.t.get(`/api/demandes/${id}`, og.token)).json().data).toMatchObject({
      client: { id: client.id },
      contact_masque: false,
      adresse_chargement: 'Zone industrielle d’Oloumi, hangar 4',
    });

    // The client is now Ogooué's booking client: its contact details, not TransGabon's commercial.
    const people = (await ctx.t.get('/api/utilisateurs?type=client&limit=1000', og.token)).json()
      .data as Array<Record<string, unknown>>;
    const mine = people.find((p) => p.id === client.id);
    expect(mine).toMatchObject({
      telephone1: '+241 77 00 00 01',
      commercial_id: null,
      commercial_nom: null,
      entreprise_id: null,
    });
    expect((await ctx.t.get(`/api/utilisateurs/${client.id}`, og.token)).json().data).toMatchObject({
      id: client.id,
      commercial_id: null,
    });
    // Ogooué reads it but cannot change or block TransGabon's account.
    expectFailure(
      await ctx.t.post(`/api/utilisateurs/${client.id}/update`, { telephone1: '+241 66 66 66 66' }, og.token),
      404,
    );
    expectFailure(await ctx.t.post(`/api/utilisateurs/${client.id}/disable`, undefined, og.token), 404);
    const [stored] = await ctx.t.database.db.select().from(users).where(eq(users.id, client.id));
    expect(stored).toMatchObject({ telephone1: '+241 77 00 00 01', bloque: false, entreprise_id: tg.id });
    // TransGabon still sees its own client's commercial.
    expect((await ctx.t.get(`/api/utilisateurs/${client.id}`, tg.token)).json().data.commercial_id).toBe(
      commercial,
    );
  });
});

describe('a demande posted by a client from the app', () => {
  it('is on the market at once, masked for every company', async () => {
    const client = await ctx.client(null, 'Appli');
    // Raw on purpose: the app's route is not served here, and the services always record the posting company.
    const [row] = await ctx.t.database.db
      .insert(demandes)
      .values({
        client_id: client.id,
        type_course: 'Livraison',
        ville_depart_id: ctx.villes.pog,
        ville_arrivee_id: ctx.villes.lbv,
        adresse_chargement: 'Chez moi',
        date_souhaitee: inDays(27),
        statut: 'En attente',
      })
      .returning();
    for (const company of [ctx.A, ctx.B]) {
      expect((await ctx.t.get(`/api/demandes/${row!.id}`, company.token)).json().data).toMatchObject({
        client: null,
        contact_masque: true,
        adresse_chargement: null,
      });
    }
    expect((await ctx.t.get(`/api/demandes/${row!.id}`, ctx.admin)).json().data).toMatchObject({
      client: { id: client.id },
      contact_masque: false,
    });
  });
});

describe('the rule and its SQL', () => {
  it('db/scoped.ts shows exactly the demandes `demandeAcces` allows, for every combination', async () => {
    const { A: tg, B: og } = ctx;
    const client = await ctx.client(null, 'Combinaisons');
    const combos = DEMANDE_STATUTS.flatMap((statut) =>
      [null, tg.id, og.id].flatMap((entreprise_id) =>
        [null, tg.id, og.id].map((cree_par_entreprise_id) => ({
          statut,
          entreprise_id,
          cree_par_entreprise_id,
        })),
      ),
    );
    // Raw on purpose: every combination of the three columns, most of which no service would produce.
    const rows = await ctx.t.database.db
      .insert(demandes)
      .values(
        combos.map((c) => ({
          ...c,
          client_id: client.id,
          type_course: 'Livraison',
          ville_depart_id: ctx.villes.lbv,
          ville_arrivee_id: ctx.villes.lbv,
          date_souhaitee: inDays(28),
        })),
      )
      .returning();
    expect(rows).toHaveLength(combos.length);
    const all = rows.map((r) => r.id);
    for (const company of [tg, og]) {
      const seen = await scoped(ctx.t.database.db, { entrepriseId: company.id })
        .select({ id: demandes.id })
        .from(demandes)
        .where(inArray(demandes.id, all));
      const expected = rows.filter((r) => demandeAcces(r, company.id) !== null).map((r) => r.id);
      expect(expected.length).toBeGreaterThan(0);
      expect(seen.map((r) => r.id).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    }
  });
});
