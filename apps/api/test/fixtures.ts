import { addDays, type DemandeBody, type PaiementBody, todayInGabon, type VehiculeBody } from '@yams/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../src/db/client';
import { users, vehicules, villes } from '../src/db/schema';
import { scoped } from '../src/db/scoped';
import { createVehicule } from '../src/modules/fleet/vehicules.service';
import { type CourseInput, createCourse } from '../src/modules/operations/courses.service';
import { createDemande } from '../src/modules/operations/demandes.service';
import { createPaiement } from '../src/modules/operations/paiements.service';
import { createUser } from '../src/modules/users/users.service';
import { type Scope, scopeOf } from '../src/plugins/auth';
import { setupApi } from './helpers';

// The one fixture kit of the API tests: an app on its own database copy, the two demo companies (A =
// TransGabon, B = Ogooué Logistique) and the superadmin signed in, and typed factories that go through the
// services (the same checks and scoping as the routes), so a fixture cannot hold a row the API would refuse.
// Each test makes its own rows, so counts filtered on them are exact whatever the demo seed holds.

/** `YYYY-MM-DD`, today + n days in Libreville: dates the API checks against today never expire in a test. */
export const inDays = (n: number): string => addDays(todayInGabon(), n);

export interface Company {
  id: number;
  token: string;
  /** One of its camionneurs. */
  chauffeur: number;
  scope: Scope;
}

let seq = 0;
const next = () => `${process.pid % 1000}-${++seq}`;

export async function setupFixtures() {
  const t = await setupApi();
  const db: Db = t.database.db;
  const [aToken, bToken, admin] = await Promise.all([
    t.login('direction@transgabon.ga'),
    t.login('direction@ogooue-logistique.ga'),
    t.login('admin@yams.ga'),
  ]);
  const company = async (token: string): Promise<Company> => {
    const me = (await t.get('/api/me', token)).json().data;
    const [account] = await db.select().from(users).where(eq(users.id, me.id));
    const [driver] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.entreprise_id} = ${me.id} and ${users.type} = 'camionneur'`)
      .limit(1);
    return { id: me.id, token, chauffeur: driver!.id, scope: scopeOf(account!) };
  };
  const rows = await db
    .select({ id: villes.id, code: villes.code })
    .from(villes)
    .where(inArray(villes.code, ['LBV', 'FCV', 'POG']));
  const ville = (code: string) => rows.find((v) => v.code === code)!.id;
  const A = await company(aToken);
  const B = await company(bToken);
  const villesIds = { lbv: ville('LBV'), fcv: ville('FCV'), pog: ville('POG') };
  const deps = { db, mailer: t.app.mailer, config: t.app.config };

  return {
    t,
    db,
    A,
    B,
    admin,
    villes: villesIds,

    /** A client account of the company (`null`: a client of the mobile app, of no company). */
    async client(of: Company | null, nom = 'Testeur') {
      const n = next();
      const body = {
        name: `client.test.${n}`,
        type: 'client' as const,
        nom,
        prenom: `Client${n}`,
        email: `client.test.${n}@exemple.ga`,
        adresse: null,
        telephone1: null,
        telephone2: null,
        bp: null,
      };
      if (of) return createUser(deps, of.scope, body);
      const [u] = await db
        .insert(users)
        .values({ ...body, entreprise_id: null })
        .returning();
      return u!;
    },

    /** A vehicle of the company, 'Disponible' unless told otherwise (any statut, set as the lifecycle would). */
    async vehicule(of: Company, extra: Partial<VehiculeBody> & { statut?: string } = {}) {
      const { statut = 'Disponible', ...rest } = extra;
      const v = await createVehicule(db, of.scope, {
        plaque: `TST-${next()}`,
        marque: 'Renault Trucks',
        tonnage: 20,
        ...rest,
      } as VehiculeBody);
      if (statut !== v.statut) {
        await scoped(db, of.scope).update(vehicules).set({ statut }).where(eq(vehicules.id, v.id));
      }
      return { ...v, statut };
    },

    /** A course of the company through the service (client and vehicle created when not given). */
    async course(of: Company, input: Partial<CourseInput> & { client?: number; vehicule?: number } = {}) {
      const { client, vehicule, ...rest } = input;
      const id = await createCourse(db, of.scope, {
        client_id: client ?? (await this.client(of)).id,
        vehicule_id: vehicule ?? (await this.vehicule(of)).id,
        type_course: 'Transport de marchandises',
        ville_depart_id: villesIds.lbv,
        ville_arrivee_id: villesIds.fcv,
        date_chargement: '2026-03-14T07:00:00.000Z',
        poids_kg: 12_000,
        montant: 100_000,
        ...rest,
      } as CourseInput);
      return { id };
    },

    /** A payment of a course, 'En attente' unless told otherwise. */
    async paiement(of: Company, courseId: number, montant: number, extra: Partial<PaiementBody> = {}) {
      const id = await createPaiement(db, of.scope, {
        course_id: courseId,
        libelle: 'Acompte',
        mode: 'Espèces',
        montant,
        ...extra,
      } as PaiementBody);
      return { id };
    },

    /** A demande the company records for its client: its own until it broadcasts it. */
    async demande(of: Company, clientId: number, extra: Partial<DemandeBody> = {}) {
      const id = await createDemande(db, of.scope, {
        client_id: clientId,
        type_course: 'Livraison',
        ville_depart_id: villesIds.lbv,
        ville_arrivee_id: villesIds.fcv,
        date_souhaitee: inDays(8),
        ...extra,
      } as DemandeBody);
      return { id };
    },
  };
}
export type Fixtures = Awaited<ReturnType<typeof setupFixtures>>;

/** The `data` of a successful envelope. */
export function data(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body.success).toBe(true);
  return body.data;
}

/**
 * Every item of a list satisfies `check`, and the list is not empty (`[].every(…)` is true: a filter that
 * returns nothing would pass unseen).
 */
export function expectEvery<T>(list: T[], check: (x: T) => boolean, what = 'la liste') {
  expect(list.length, `${what} est vide`).toBeGreaterThan(0);
  expect(
    list.filter((x) => !check(x)),
    `${what}: éléments qui ne conviennent pas`,
  ).toEqual([]);
}
