import { todayInGabon } from '@yams/shared';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { courses } from '../src/db/schema';
import { scoped } from '../src/db/scoped';
import { type Company, data, type Fixtures, setupFixtures } from './fixtures';

// Row permissions (`can` on every row, packages/shared `permissions.ts`) are what the screens offer: they must
// say exactly what the API accepts. For each entity and each state a row can be in, a fresh row is made in
// that state, its `can` read from the detail and the list, then every move it names is tried: the API must
// accept it when `can` says true and refuse it (4xx, never 5xx) when false. `can` rules on the state and on
// who asks; the data a move needs (an intervention's end date before confirming it) stays a validation error
// that names the field, so the rows here are complete.

let f: Fixtures;
beforeAll(async () => {
  f = await setupFixtures();
}, 120_000);

type Move = (id: number) => Promise<LightMyRequestResponse>;

interface Entity {
  path: string;
  /** Narrows the list to the test's rows (e.g. `client=12`), so the list's `can` is checked too. */
  list?: string;
  /** The moves `can` names, each as the request a screen sends. */
  moves: Record<string, Move>;
}

/** The row's `can` as the detail and the list answer it (the list item's moves are the detail's). */
async function canOf(entity: Entity, id: number, token: string): Promise<Record<string, boolean>> {
  const detail = data(await f.t.get(`${entity.path}/${id}`, token));
  expect(detail.can, `${entity.path}/${id} sans can`).toBeTypeOf('object');
  const list = data(await f.t.get(`${entity.path}?per_page=100&${entity.list ?? ''}`, token));
  const item = list.data.find((r: { id: number }) => r.id === id);
  expect(item, `${entity.path}/${id} absent de la liste`).toBeDefined();
  for (const [move, allowed] of Object.entries(item.can)) expect(detail.can[move], move).toBe(allowed);
  return detail.can;
}

/**
 * For each state, each move of the row's `can` on a fresh row in that state: 200 when allowed, 4xx when not.
 * Returns what was seen, `state: move=allowed`, so each test also asserts the rule itself.
 */
async function verify(entity: Entity, states: Record<string, () => Promise<number>>, token: string) {
  const seen: string[] = [];
  for (const [state, make] of Object.entries(states)) {
    const can = await canOf(entity, await make(), token);
    expect(Object.keys(can).sort()).toEqual(Object.keys(entity.moves).sort());
    for (const move of Object.keys(entity.moves)) {
      const id = await make();
      const allowed = (await canOf(entity, id, token))[move];
      const res = await entity.moves[move]!(id);
      const what = `${entity.path} ${state} ${move} (can ${allowed}): ${res.statusCode} ${res.body}`;
      if (allowed) expect(res.statusCode, what).toBe(200);
      else {
        expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, what).toBeLessThan(500);
      }
      seen.push(`${state}: ${move}=${allowed}`);
    }
  }
  return seen;
}

const post = (path: string, body: unknown, token: string) => f.t.post(path, body, token);

describe('row permissions say exactly what the API accepts', () => {
  it('courses: edited unless cancelled; deleted only before loading and unpaid', async () => {
    const { A } = f;
    const client = await f.client(A);
    const courses: Entity = {
      path: '/api/courses',
      list: `client=${client.id}`,
      moves: {
        update: (id) => post(`/api/courses/${id}/update`, { description: 'Palettes filmées' }, A.token),
        destroy: (id) => post(`/api/courses/${id}/destroy`, {}, A.token),
      },
    };
    const course = async (...statuts: string[]) => {
      const { id } = await f.course(A, { client: client.id });
      for (const statut of statuts) data(await post(`/api/courses/${id}/statut`, { statut }, A.token));
      return id;
    };
    const seen = await verify(
      courses,
      {
        nouvelle: () => course(),
        payee: async () => {
          const id = await course();
          const p = await f.paiement(A, id, 40_000);
          data(await post(`/api/paiements/${p.id}/validate`, {}, A.token));
          return id;
        },
        'en route': () => course('Chargement terminé', 'Transport en cours'),
        annulee: () => course('Annulé'),
      },
      A.token,
    );
    expect(seen).toEqual([
      'nouvelle: update=true',
      'nouvelle: destroy=true',
      'payee: update=true',
      'payee: destroy=false',
      'en route: update=true',
      'en route: destroy=false',
      'annulee: update=false',
      'annulee: destroy=false',
    ]);
  });

  it('paiements: a draft is edited, validated or deleted; money received is only cancelled', async () => {
    const { A } = f;
    const { id: courseId } = await f.course(A, { montant: 10_000_000 });
    const paiements: Entity = {
      path: '/api/paiements',
      moves: {
        update: (id) => post(`/api/paiements/${id}/update`, { reference: 'REF-42' }, A.token),
        destroy: (id) => post(`/api/paiements/${id}/destroy`, {}, A.token),
        validate: (id) => post(`/api/paiements/${id}/validate`, {}, A.token),
        cancel: (id) => post(`/api/paiements/${id}/cancel`, {}, A.token),
      },
    };
    const paiement = async (...moves: string[]) => {
      const { id } = await f.paiement(A, courseId, 1_000);
      for (const m of moves) data(await post(`/api/paiements/${id}/${m}`, {}, A.token));
      return id;
    };
    const seen = await verify(
      paiements,
      { attente: () => paiement(), valide: () => paiement('validate'), annule: () => paiement('cancel') },
      A.token,
    );
    expect(seen.filter((s) => s.endsWith('=true'))).toEqual([
      'attente: update=true',
      'attente: destroy=true',
      'attente: validate=true',
      'attente: cancel=true',
      'valide: cancel=true',
    ]);
  });

  it('demandes: the recording company edits, broadcasts, cancels or deletes; another may only accept it', async () => {
    const { A, B } = f;
    const client = await f.client(A);
    const vehiculeB = async () => (await f.vehicule(B)).id;
    const moves = (c: Company): Entity['moves'] => ({
      update: (id) => post(`/api/demandes/${id}/update`, { description: 'Fragile' }, c.token),
      destroy: (id) => post(`/api/demandes/${id}/destroy`, {}, c.token),
      broadcast: (id) => post(`/api/demandes/${id}/broadcast`, {}, c.token),
      cancel: (id) => post(`/api/demandes/${id}/cancel`, {}, c.token),
      accept: async (id) =>
        post(
          `/api/demandes/${id}/accept`,
          { vehicule_id: c === B ? await vehiculeB() : (await f.vehicule(A)).id, montant: 250_000 },
          c.token,
        ),
    });
    const demande = async (...moves: string[]) => {
      const { id } = await f.demande(A, client.id);
      for (const m of moves) data(await post(`/api/demandes/${id}/${m}`, {}, A.token));
      return id;
    };
    const mine = await verify(
      { path: '/api/demandes', moves: moves(A) },
      {
        enregistree: () => demande(),
        diffusee: () => demande('broadcast'),
        annulee: () => demande('cancel'),
      },
      A.token,
    );
    expect(mine.filter((s) => s.endsWith('=true'))).toEqual([
      'enregistree: update=true',
      'enregistree: destroy=true',
      'enregistree: broadcast=true',
      'enregistree: cancel=true',
      'enregistree: accept=true',
      'diffusee: update=true',
      'diffusee: destroy=true',
      'diffusee: cancel=true',
      'diffusee: accept=true',
      'annulee: destroy=true',
    ]);
    // Company B sees A's broadcast demande on the market: it may accept it, nothing else.
    const market = await verify(
      { path: '/api/demandes', moves: moves(B) },
      { diffusee: () => demande('broadcast') },
      B.token,
    );
    expect(market.filter((s) => s.endsWith('=true'))).toEqual(['diffusee: accept=true']);
  });

  it('interventions: a draft is edited, confirmed or deleted; a confirmed one is history', async () => {
    const { A } = f;
    const garage = await f.referenceCreate(A, 'garages', { nom: 'Garage des tests' });
    const interventions: Entity = {
      path: '/api/interventions',
      moves: {
        update: (id) => post(`/api/interventions/${id}/update`, { description: 'Vidange' }, A.token),
        destroy: (id) => post(`/api/interventions/${id}/destroy`, {}, A.token),
        confirm: (id) => post(`/api/interventions/${id}/confirm`, {}, A.token),
      },
    };
    const intervention = async (confirm = false) => {
      const vehicule = await f.vehicule(A);
      const body = {
        vehicule_id: vehicule.id,
        garage_id: garage.id,
        type: 'Entretien',
        date_debut: '2026-02-01',
        date_fin: '2026-02-02',
      };
      const { id } = data(await post('/api/interventions', body, A.token));
      if (confirm) data(await post(`/api/interventions/${id}/confirm`, {}, A.token));
      return id as number;
    };
    const seen = await verify(
      interventions,
      { brouillon: () => intervention(), confirmee: () => intervention(true) },
      A.token,
    );
    expect(seen.filter((s) => s.endsWith('=true'))).toEqual([
      'brouillon: update=true',
      'brouillon: destroy=true',
      'brouillon: confirm=true',
    ]);
  });

  it('factures: a draft is edited, validated or deleted; a validated one is settled, then credited', async () => {
    const { A } = f;
    const client = await f.client(A);
    const body = {
      date_operation: '2026-04-10',
      type: 'Normale',
      client_id: client.id,
      appliquer_tva: false,
      taux_tva: 18,
      appliquer_tps: false,
      taux_tps: 9.5,
      appliquer_css: false,
      taux_css: 1,
      lignes: [{ description: 'Libreville – Franceville', qte: 1, prix_unitaire: 450_000 }],
    };
    const reglement = { montant: 450_000, mode: 'Virement', date_operation: '2026-04-20' };
    const factures: Entity = {
      path: '/api/factures',
      moves: {
        update: (id) => post(`/api/factures/${id}/update`, { ...body, conditions: 'À 30 jours.' }, A.token),
        destroy: (id) => post(`/api/factures/${id}/destroy`, {}, A.token),
        validate: (id) => post(`/api/factures/${id}/validate`, {}, A.token),
        reglement: (id) => post(`/api/factures/${id}/reglements`, reglement, A.token),
        avoir: (id) =>
          post(`/api/factures/${id}/avoir`, { date_operation: '2026-04-25', motif: 'Erreur' }, A.token),
      },
    };
    const facture = async (...moves: Array<'validate' | 'payer'>) => {
      const { id } = data(await post('/api/factures', body, A.token));
      for (const m of moves) {
        if (m === 'validate') data(await post(`/api/factures/${id}/validate`, {}, A.token));
        else data(await post(`/api/factures/${id}/reglements`, reglement, A.token));
      }
      return id as number;
    };
    const seen = await verify(
      factures,
      {
        brouillon: () => facture(),
        validee: () => facture('validate'),
        payee: () => facture('validate', 'payer'),
      },
      A.token,
    );
    expect(seen.filter((s) => s.endsWith('=true'))).toEqual([
      'brouillon: update=true',
      'brouillon: destroy=true',
      'brouillon: validate=true',
      'validee: reglement=true',
      'validee: avoir=true',
      'payee: avoir=true',
    ]);
  });

  it('achats: a draft is edited, validated or deleted; a validated one is settled until paid', async () => {
    const { A } = f;
    const fournisseur = await f.referenceCreate(A, 'fournisseurs', { nom: 'Fournisseur des tests' });
    const body = {
      date_operation: '2026-06-10',
      acheteur_id: A.id,
      fournisseur_id: fournisseur.id,
      appliquer_tva: false,
      taux_tva: 18,
      lignes: [{ description: 'Pneus', qte: 2, prix_unitaire: 100_000 }],
    };
    const reglement = { montant: 200_000, mode: 'Espèces', date_operation: '2026-06-12' };
    const achats: Entity = {
      path: '/api/achats',
      moves: {
        update: (id) => post(`/api/achats/${id}/update`, { ...body, taux_tva: 19 }, A.token),
        destroy: (id) => post(`/api/achats/${id}/destroy`, {}, A.token),
        validate: (id) => post(`/api/achats/${id}/validate`, {}, A.token),
        reglement: (id) => post(`/api/achats/${id}/reglements`, reglement, A.token),
      },
    };
    const achat = async (...moves: Array<'validate' | 'payer'>) => {
      const { id } = data(await post('/api/achats', body, A.token));
      for (const m of moves) {
        if (m === 'validate') data(await post(`/api/achats/${id}/validate`, {}, A.token));
        else data(await post(`/api/achats/${id}/reglements`, reglement, A.token));
      }
      return id as number;
    };
    const seen = await verify(
      achats,
      { brouillon: () => achat(), valide: () => achat('validate'), regle: () => achat('validate', 'payer') },
      A.token,
    );
    expect(seen.filter((s) => s.endsWith('=true'))).toEqual([
      'brouillon: update=true',
      'brouillon: destroy=true',
      'brouillon: validate=true',
      'valide: reglement=true',
    ]);
  });

  it('véhicules: always edited; deleted only while no course or intervention uses it', async () => {
    const { A } = f;
    const vehicules: Entity = {
      path: '/api/vehicules',
      list: 'sort=-created_at',
      moves: {
        update: (id) => post(`/api/vehicules/${id}/update`, { modele: 'Premium 440' }, A.token),
        destroy: (id) => post(`/api/vehicules/${id}/destroy`, {}, A.token),
      },
    };
    const seen = await verify(
      vehicules,
      {
        libre: async () => (await f.vehicule(A)).id,
        'en course': async () => {
          const v = await f.vehicule(A);
          await f.course(A, { vehicule: v.id });
          return v.id;
        },
      },
      A.token,
    );
    expect(seen).toEqual([
      'libre: update=true',
      'libre: destroy=true',
      'en course: update=true',
      'en course: destroy=false',
    ]);
  });

  it('utilisateurs: a company changes and blocks its own accounts, not itself nor a client of the app', async () => {
    const { A } = f;
    const utilisateurs: Entity = {
      path: '/api/utilisateurs',
      list: 'sort=-id',
      moves: {
        update: (id) => post(`/api/utilisateurs/${id}/update`, { telephone2: '+241 01 02 03 04' }, A.token),
        disable: (id) => post(`/api/utilisateurs/${id}/disable`, {}, A.token),
        activate: (id) => post(`/api/utilisateurs/${id}/activate`, {}, A.token),
      },
    };
    const seen = await verify(
      utilisateurs,
      {
        actif: async () => (await f.client(A)).id,
        bloque: async () => {
          const { id } = await f.client(A);
          data(await post(`/api/utilisateurs/${id}/disable`, {}, A.token));
          return id;
        },
        // A client of the mobile app (no company) who booked with A: A sees it, does not own it.
        "client de l'app": async () => {
          // (as an accepted demande of the app would leave it: the course is A's, the client is nobody's)
          const client = await f.client(null);
          const { id } = await f.course(A);
          await scoped(f.db, A.scope).update(courses).set({ client_id: client.id }).where(eq(courses.id, id));
          return client.id;
        },
      },
      A.token,
    );
    expect(seen.filter((s) => s.endsWith('=true'))).toEqual([
      'actif: update=true',
      'actif: disable=true',
      'bloque: update=true',
      'bloque: activate=true',
    ]);
    // The company's own account: edited, never blocked from itself (the list is ordered by id here).
    const own = await canOf(
      { ...utilisateurs, list: `search=${encodeURIComponent('direction@transgabon.ga')}` },
      A.id,
      A.token,
    );
    expect(own).toEqual({ update: true, disable: false, activate: false });
    expect((await utilisateurs.moves.disable!(A.id)).statusCode).toBe(422);
  });

  it('pièces de caisse: edited or deleted in any state; an active one is disabled, a disabled one activated', async () => {
    const { A } = f;
    const body = {
      date_operation: todayInGabon(),
      montant: 15_000,
      beneficiaire: 'Station Total Owendo',
      decaisseur: 'Caissier principal',
      libelle: 'Carburant groupe électrogène',
    };
    const pieces: Entity = {
      path: '/api/piece_de_caisses',
      moves: {
        update: (id) => post(`/api/piece_de_caisses/${id}/update`, { ...body, montant: 16_000 }, A.token),
        destroy: (id) => post(`/api/piece_de_caisses/${id}/destroy`, {}, A.token),
        disable: (id) => post(`/api/caisses/${id}/disable`, {}, A.token),
        activate: (id) => post(`/api/caisses/${id}/activate`, {}, A.token),
      },
    };
    const piece = async (disable = false) => {
      const { id } = data(await post('/api/piece_de_caisses', body, A.token));
      if (disable) data(await post(`/api/caisses/${id}/disable`, {}, A.token));
      return id as number;
    };
    const seen = await verify(pieces, { active: () => piece(), desactivee: () => piece(true) }, A.token);
    expect(seen).toEqual([
      'active: update=true',
      'active: destroy=true',
      'active: disable=true',
      'active: activate=false',
      'desactivee: update=true',
      'desactivee: destroy=true',
      'desactivee: disable=false',
      'desactivee: activate=true',
    ]);
  });
});
