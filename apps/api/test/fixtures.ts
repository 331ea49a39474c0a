import {
  addDays,
  type DemandeBody,
  DocumentBody,
  InterventionBody,
  type PaiementBody,
  todayInGabon,
  type VehiculeBody,
  type VehiculeStatut,
} from '@yams/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { z } from 'zod';
import type { Db } from '../src/db/client';
import { articles, courses, paiements, typesVehicules, users, vehicules, villes } from '../src/db/schema';
import { createDocument } from '../src/modules/fleet/documents.service';
import { confirmIntervention, createIntervention } from '../src/modules/fleet/interventions.service';
import { getVehiculeOut } from '../src/modules/fleet/vehicules.repository';
import { createVehicule } from '../src/modules/fleet/vehicules.service';
import { type CourseInput, createCourse } from '../src/modules/operations/courses.service';
import { createDemande } from '../src/modules/operations/demandes.service';
import { createPaiement } from '../src/modules/operations/paiements.service';
import { createRow, listRows } from '../src/modules/reference/reference.resource';
import { REFERENCE_RESOURCES } from '../src/modules/reference/reference.resources';
import { getUserOut } from '../src/modules/users/users.repository';
import { createUser } from '../src/modules/users/users.service';
import { type Scope, scopeOf } from '../src/plugins/auth';
import { addBackOfficeUser, setupApi } from './helpers';

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

/** A JSON row of an answer, read loosely by the tests. */
// biome-ignore lint/suspicious/noExplicitAny: test answers are read loosely
export type Json = any;

/** The reference table served as `/api/{path}` (reference.resources.ts). */
function reference(path: string) {
  const r = REFERENCE_RESOURCES.find((x) => x.path === path);
  if (!r) throw new Error(`Pas de table de référence « ${path} ».`);
  return r;
}

let seq = 0;
const next = () => `${process.pid % 1000}-${++seq}`;

/** `env`: settings of the app (a low per-address limit…). */
export async function setupFixtures(env: Record<string, string> = {}) {
  const t = await setupApi(env);
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
  const [root] = await db.select().from(users).where(eq(users.email, 'admin@yams.ga'));
  const platform = scopeOf(root!);
  const A = await company(aToken);
  const B = await company(bToken);
  const villesIds = { lbv: ville('LBV'), fcv: ville('FCV'), pog: ville('POG') };
  const deps = { db, mailer: t.app.mailer, config: t.app.config };

  /** A client account of the company (`null`: a client of the mobile app, of no company). */
  async function client(of: Company | null, nom = 'Testeur') {
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
    // Raw on purpose: a client of the mobile app signs up from the app, whose route this API does not serve;
    // such an account has no company and nothing else (the shape the demo seed gives them).
    const [u] = await db
      .insert(users)
      .values({ ...body, entreprise_id: null })
      .returning({ id: users.id });
    return (await getUserOut(db, platform, u!.id))!;
  }

  /** Another back-office account of the company, signed in (its `chauffeur` is the company's). */
  async function collegue(of: Company, email = `collegue.${next()}@exemple.ga`): Promise<Company> {
    const id = await addBackOfficeUser(t, of.id, email);
    const [account] = await db.select().from(users).where(eq(users.id, id));
    return { id, token: await t.login(email), chauffeur: of.chauffeur, scope: scopeOf(account!) };
  }

  /**
   * A vehicle of the company, 'Disponible' unless told otherwise, brought to its statut the way the product
   * does: 'Nouveau', 'Disponible', 'Indisponible' as a user creates it; 'En intervention' by a confirmed
   * intervention that covers today ('En course' comes from a course: create one).
   */
  async function vehicule(of: Company, extra: Partial<VehiculeBody> & { statut?: VehiculeStatut } = {}) {
    const { statut = 'Disponible', ...rest } = extra;
    const v = await createVehicule(db, of.scope, {
      plaque: `TST-${next()}`,
      marque: 'Renault Trucks',
      tonnage: 20,
      ...rest,
      statut: statut === 'En intervention' ? 'Disponible' : statut,
    } as VehiculeBody);
    if (statut === 'En intervention') {
      const today = todayInGabon();
      await intervention(of, v.id, { type: 'Réparation', date_fin: addDays(today, 3) }, { confirme: true });
      const out = await getVehiculeOut(db, of.scope, v.id);
      expect(out.statut, 'véhicule en intervention').toBe('En intervention');
      return out;
    }
    expect(v.statut, `véhicule au statut ${statut}`).toBe(statut);
    return v;
  }

  /** The company's first garage, as `GET /api/garages?limit=1` lists them. */
  async function garage(of: Company): Promise<Json> {
    return (await referenceRow(of, 'garages'))!;
  }

  /**
   * An intervention of the company's vehicle through the service: a draft from today to tomorrow in its first
   * garage unless told otherwise; `confirme`, then confirmed as a user does (stock out, vehicle statut).
   */
  async function intervention(
    of: Company,
    vehiculeId: number,
    extra: Partial<z.input<typeof InterventionBody>> = {},
    options: { confirme?: boolean } = {},
  ) {
    const today = todayInGabon();
    const body = InterventionBody.parse({
      vehicule_id: vehiculeId,
      garage_id: extra.garage_id ?? (await garage(of)).id,
      type: 'Entretien',
      date_debut: today,
      date_fin: addDays(today, 1),
      lignes: [],
      ...extra,
    });
    const it = await createIntervention(db, of.scope, body);
    return options.confirme ? confirmIntervention(db, of.scope, it.id) : it;
  }

  /** The first row of a reference table the company sees, as `GET /api/{path}?search=…&limit=1` lists it. */
  async function referenceRow(of: Company, path: string, search?: string): Promise<Json | undefined> {
    return (await listRows(db, of.scope, reference(path), { search }).rows(1, 0))[0];
  }

  /** The body of `POST /api/courses`, as the web's form sends it (times in Libreville). */
  function courseBody(clientId: number, vehiculeId: number, extra: Record<string, unknown> = {}) {
    return {
      client_id: clientId,
      vehicule_id: vehiculeId,
      type_course: 'Transport de marchandises',
      ville_depart_id: villesIds.lbv,
      ville_arrivee_id: villesIds.fcv,
      adresse_chargement: 'Port d’Owendo',
      adresse_dechargement: 'Quartier Potos',
      date_chargement: '2026-03-14T08:00',
      poids_kg: 12_000,
      montant: 100_000,
      ...extra,
    };
  }

  /**
   * A driver of the company signed in to the driver's app (`source: "chauffeur"`): its `n`-th camionneur of
   * the seed (0 is `Company.chauffeur`).
   */
  async function chauffeur(of: Company, n = 0): Promise<{ id: number; token: string; nom: string }> {
    const rows = await db
      .select({ id: users.id, email: users.email, nom: users.nom, prenom: users.prenom })
      .from(users)
      .where(sql`${users.entreprise_id} = ${of.id} and ${users.type} = 'camionneur'`)
      .orderBy(users.id);
    const d = rows[n]!;
    return { id: d.id, token: await t.loginChauffeur({ email: d.email! }), nom: `${d.nom} ${d.prenom}` };
  }

  return {
    t,
    db,
    A,
    B,
    chauffeur,
    admin,
    villes: villesIds,
    client,
    collegue,
    vehicule,
    intervention,
    courseBody,

    /** The company's workshop rows of the demo seed: its first garage, the oil change, an oil filter, a tyre. */
    async atelier(of: Company) {
      return {
        garage: await garage(of),
        vidange: (await referenceRow(of, 'services', 'Vidange'))!,
        filtre: (await referenceRow(of, 'articles', 'FL-HUILE'))!,
        pneu: (await referenceRow(of, 'articles', 'PN-31580'))!,
      };
    },

    /** A platform vehicle type's id by its libellé ('Pick-up', 'Semi-remorque'…). */
    async typeVehicule(libelle: string): Promise<number> {
      const [t] = await db
        .select({ id: typesVehicules.id })
        .from(typesVehicules)
        .where(eq(typesVehicules.libelle, libelle));
      return t!.id;
    },

    /** A document of the company's vehicle through the service (no file: `uploadFichier` sends one). */
    async document(of: Company, vehiculeId: number, extra: Partial<z.input<typeof DocumentBody>> = {}) {
      return createDocument(
        db,
        of.scope,
        DocumentBody.parse({ libelle: 'Assurance', camion_id: vehiculeId, ...extra }),
      );
    },

    /** A row of a company reference table (articles, fournisseurs…) through the service, body as the route reads it. */
    async referenceCreate(of: Company, path: string, body: Record<string, unknown>): Promise<Json> {
      const r = reference(path);
      return createRow(db, of.scope, r, r.contract.create.parse(body) as Record<string, unknown>);
    },

    /** A course of the company through the service (client and vehicle created when not given). */
    async course(of: Company, input: Partial<CourseInput> & { client?: number; vehicule?: number } = {}) {
      const { client: clientId, vehicule: vehiculeId, ...rest } = input;
      const id = await createCourse(db, of.scope, {
        client_id: clientId ?? (await client(of)).id,
        vehicule_id: vehiculeId ?? (await vehicule(of)).id,
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

    /** A course created with `POST /api/courses` (`courseBody` + `extra`): the answer's row. */
    async postCourse(of: Company, clientId: number, vehiculeId: number, extra: Record<string, unknown> = {}) {
      return data(await t.post('/api/courses', courseBody(clientId, vehiculeId, extra), of.token));
    },

    /** Walks a course through the lifecycle with the API (`POST /api/courses/{id}/statut`). */
    async moveCourse(of: Company, id: number, ...statuts: string[]) {
      for (const statut of statuts) {
        const res = await t.post(`/api/courses/${id}/statut`, { statut }, of.token);
        expect(res.statusCode, res.body).toBe(200);
      }
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

    // What the database stored, read unscoped: the tests check it behind the API's back.

    /** The vehicle's stored statut. */
    async vehiculeStatut(id: number): Promise<string> {
      const [v] = await db.select({ statut: vehicules.statut }).from(vehicules).where(eq(vehicules.id, id));
      return v!.statut;
    },
    /** The stored course row. */
    async storedCourse(id: number) {
      const [c] = await db.select().from(courses).where(eq(courses.id, id));
      return c;
    },
    /** An article's stored quantity in stock. */
    async articleStock(id: number): Promise<number> {
      const [a] = await db.select({ qte: articles.qte }).from(articles).where(eq(articles.id, id));
      return a!.qte;
    },
    /** The stored payments of a course. */
    async storedPaiements(courseId: number) {
      return db.select().from(paiements).where(eq(paiements.course_id, courseId));
    },
  };
}
export type Fixtures = Awaited<ReturnType<typeof setupFixtures>>;

/** The failure envelope: success false, the status, and (when given) exactly these French sentences. */
export function expectFailure(
  res: { statusCode: number; json(): unknown },
  status: number,
  ...errors: string[]
) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as { success: boolean; errors: string[]; message: unknown };
  expect(body.success).toBe(false);
  if (errors.length) expect(body.errors).toEqual(errors);
  return body;
}

/** A failure envelope with this status, holding this French message (and naming this field, for a 422). */
export function failed(res: LightMyRequestResponse, status: number, message: string, field?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = expectFailure(res, status) as Json;
  expect(body.errors).toContain(message);
  if (field) expect(body.data.fields[field]).toBe(message);
}

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
