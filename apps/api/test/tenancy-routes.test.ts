import { and, eq, inArray, ne, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as schema from '../src/db/schema';
import { REFERENCE_RESOURCES } from '../src/modules/reference/reference.resources';
import type { RouteEntry } from '../src/plugins/route-table';
import { type Fixtures, setupFixtures } from './fixtures';
import { type FilePart, formData } from './helpers';

// Tenancy generated from the route table (`app.routeTable`, filled by `onRoute`): company B (Ogooué) on
// company A's (TransGabon) rows, for every route of the app, present and future:
// - every route with `:id`: B's token on A's row answers byte for byte what a missing id answers (404), and
//   A's rows are unchanged (compared before/after);
// - every list filter that takes an id, fed A's ids by B: no row of A; every list: no row of A at all;
// - every group action with A's ids: nothing changed.
// The driver's app's routes (`/api/chauffeur/…`, DRIVER_PREFIX) are tried the same way with the tokens of the
// app: a driver of B, and another driver of A, on the courses of A's driver (a 404 like a missing course,
// nothing changed, none in their lists); and every route is tried across: a driver's token on every other
// signed-in route, an office token on every driver route, each a 403.
// A new route is covered without anyone listing it. Its path prefix must be known below (TABLES: which table
// holds the rows it reaches); an unknown prefix fails this test with the place to declare it.

type Row = Record<string, unknown>;
type IdTable = PgTable & { id: AnyPgColumn };

interface TableSpec {
  table: IdTable;
  /** The rows of company A that company B must never see or change (independent of db/scoped.ts). */
  rowsOfA(A: number, B: number): SQL;
  /** A platform table: B reads it (shared reference data) and may not write it (403). */
  platform?: false;
  /** When the list answers rows of another table (the journal's lines), that table. */
  list?: TableSpec;
}
interface PlatformSpec {
  table: IdTable;
  platform: true;
}

const T = schema;
const own = (table: PgTable & { entreprise_id: AnyPgColumn }) => (A: number) => eq(table.entreprise_id, A);
const tenant = (table: IdTable & { entreprise_id: AnyPgColumn }): TableSpec => ({
  table,
  rowsOfA: own(table),
});

/** Path prefix (the part before `/:id` or the list path) → the table its rows live in. Declare new ones here. */
const TABLES: Record<string, TableSpec | PlatformSpec> = {
  '/api/utilisateurs': {
    table: T.users,
    // A's accounts other than A itself, and A's clients that never booked with B.
    rowsOfA: (A, B) =>
      and(
        eq(T.users.entreprise_id, A),
        ne(T.users.id, A),
        notExists(
          sql`(select 1 from ${T.courses} where ${T.courses.client_id} = ${T.users.id} and ${T.courses.entreprise_id} = ${B})`,
        ),
      )!,
  },
  '/api/courses': tenant(T.courses),
  '/api/paiements': tenant(T.paiements),
  '/api/demandes': {
    table: T.demandes,
    // Accepted by A, or recorded by A and not broadcast (the market ones are the shared market of docs/glossary.md).
    rowsOfA: (A) =>
      or(
        eq(T.demandes.entreprise_id, A),
        and(eq(T.demandes.cree_par_entreprise_id, A), sql`${T.demandes.statut} <> 'Recherche en cours'`),
      )!,
  },
  '/api/vehicules': tenant(T.vehicules),
  '/api/documents': tenant(T.documents),
  '/api/interventions': tenant(T.interventions),
  '/api/carburant': tenant(T.pleinsCarburant),
  '/api/avances': tenant(T.avances),
  '/api/plans-entretien': tenant(T.plansEntretien),
  '/api/factures': tenant(T.factures),
  '/api/achats': tenant(T.achats),
  '/api/piece_de_caisses': tenant(T.piecesDeCaisse),
  '/api/caisses': tenant(T.piecesDeCaisse),
  // `/api/operations/:id` is an entry; the list answers its lines.
  '/api/operations': { ...tenant(T.ecritures), list: tenant(T.ecritureLignes) },
  // A user's own inbox: B's users never reach the notifications or messages of A's users.
  '/api/notifications': {
    table: T.notifications,
    rowsOfA: (A) => sql`${T.notifications.user_id} in (select id from users where entreprise_id = ${A})`,
  },
  // A company's address book (a client's own within it).
  '/api/adresses': tenant(T.adresses),
  '/api/appareils': tenant(T.appareils),
  '/api/zones': tenant(T.zones),
  // The profitability reports: their lines are courses (a course's id, or a vehicle's month, a driver's sum).
  '/api/rentabilite/courses': tenant(T.courses),
  '/api/rentabilite/vehicules': tenant(T.courses),
  '/api/rentabilite/chauffeurs': tenant(T.courses),
  '/api/rentabilite/trajets': tenant(T.courses),
  // The driver's app: the courses of A's driver (`drivers.a1`), which B's driver and A's other driver never reach.
  '/api/chauffeur/courses': {
    table: T.courses,
    rowsOfA: (A) => and(eq(T.courses.entreprise_id, A), eq(T.courses.chauffeur_id, drivers.a1.id))!,
  },
  // The photos and signatures of the road log, served to the company only.
  '/api/photos-chauffeur': tenant(T.photosChauffeur),
  // Incidents reported from the road, handled by the office (`/api/incidents-route/{id}/traiter`).
  '/api/incidents-route': tenant(T.incidentsRoute),
  '/api/messages': {
    table: T.messages,
    rowsOfA: (A) =>
      sql`(${T.messages.recipient_id} in (select id from users where entreprise_id = ${A}) or ${T.messages.sender_id} in (select id from users where entreprise_id = ${A}))`,
  },
  ...Object.fromEntries(
    REFERENCE_RESOURCES.map((r) => [
      `/api/${r.path}`,
      r.platform ? { table: r.table, platform: true as const } : tenant(r.table),
    ]),
  ),
};

/** Routes the generator cannot exercise, each with its reason. */
// A client's relevé de compte (`/api/comptabilite/clients/{id}/releve`): its id is a client account, the
// same rows as the users'.
TABLES['/api/comptabilite/clients'] = TABLES['/api/utilisateurs']!;
// The statements imported for reconciliation (`/api/comptabilite/rapprochements/{id}`).
TABLES['/api/comptabilite/rapprochements'] = tenant(T.rapprochements);

const EXEMPT: Record<string, string> = {
  'GET /api/docs/*': 'Swagger UI files, no data.',
  'GET /api/audit': "The superadmins' audit log: 403 for every company (audit.test.ts).",
  'GET /api/audit/:id': "An entry of the superadmins' audit log: 403 for every company (audit.test.ts).",
  'POST /api/comptabilite/rapprochements/:id/lignes/:ligneId/pointer':
    "Two ids (the statement's and its line's): B on A's statement is a 404 in accounting-rapprochements.test.ts.",
};

/** List query parameters that take an id: which of A's ids to feed (or 'platform': shared ids, skipped). */
const ID_PARAMS: Record<string, ((a: AIds) => number) | 'platform'> = {
  client: (a) => a.client,
  vehicule: (a) => a.vehicule,
  camion_id: (a) => a.vehicule,
  chauffeur: (a) => a.chauffeur,
  proprietaire: (a) => a.company,
  course: (a) => a.course,
  garage: (a) => a.garage,
  fournisseur: (a) => a.fournisseur,
  entreprise: (a) => a.company,
  appareil_id: (a) => a.appareil,
  zone: (a) => a.zone,
  trajet: (a) => a.trajet,
  /** `?type=` of /api/vehicules is a type de véhicule, a platform row. */
  '/api/vehicules?type': 'platform',
  '/api/vehicules/options?type': 'platform',
  '/api/vehicules/export?type': 'platform',
  /** `?type_vehicule=` of the maintenance plans is a type de véhicule, a platform row. */
  '/api/plans-entretien?type_vehicule': 'platform',
  '/api/plans-entretien/options?type_vehicule': 'platform',
  '/api/plans-entretien/export?type_vehicule': 'platform',
  /** `?tiers=` of the lettrage is a client's or a supplier's user id: A's client. */
  '/api/comptabilite/lettrage?tiers': (a) => a.client,
};
/** Paging and sorting parameters: numbers, not ids. */
const NOT_IDS = new Set(['page', 'per_page', 'limit', 'req_count', 'sort', 'annee', 'mois', 'jours']);

interface AIds {
  company: number;
  client: number;
  vehicule: number;
  chauffeur: number;
  course: number;
  garage: number;
  fournisseur: number;
  appareil: number;
  zone: number;
  trajet: number;
}

const MISSING = 2_000_000_000;
/** The routes of the driver's app: reached with a token of the app, never with the office's. */
const DRIVER_PREFIX = '/api/chauffeur/';
const isDriverRoute = (url: string) => url.startsWith(DRIVER_PREFIX);
type Driver = { id: number; token: string };
/** A's driver whose courses are tried; A's other driver; B's driver. */
let drivers: { a1: Driver; a2: Driver; b: Driver };
/** The tokens that try a route on A's rows: B's office, or (driver routes) B's driver and A's other one. */
const foreignTokens = (url: string) =>
  isDriverRoute(url) ? [drivers.b.token, drivers.a2.token] : [f.B.token];
/** The token that reads a row as its owner does. */
const ownerToken = (url: string) => (isDriverRoute(url) ? drivers.a1.token : f.A.token);
let f: Fixtures;
let routes: RouteEntry[];
let aIds: AIds;

const prefixOf = (url: string) =>
  url
    .split('/:')[0]!
    .replace(/\/(destroy-group|connected|count|options)$/, '')
    .replace('/api/microservice/api-courses/', '/api/');

function specOf(url: string): TableSpec | PlatformSpec {
  const spec = TABLES[prefixOf(url)];
  if (!spec) {
    throw new Error(
      `${url}: table inconnue pour le préfixe « ${prefixOf(url)} ». Déclarez-la dans TABLES ` +
        '(apps/api/test/tenancy-routes.test.ts), ou la route dans EXEMPT avec sa raison.',
    );
  }
  return spec;
}

async function rowsOfA(spec: TableSpec): Promise<Row[]> {
  return (await f.db
    .select()
    .from(spec.table as PgTable)
    .where(spec.rowsOfA(f.A.id, f.B.id))
    .orderBy(spec.table.id)) as Row[];
}

async function snapshot(spec: TableSpec | PlatformSpec, ids: number[]): Promise<Row[]> {
  return (await f.db
    .select()
    .from(spec.table as PgTable)
    .where(inArray(spec.table.id, ids.length ? ids : [0]))
    .orderBy(spec.table.id)) as Row[];
}

/** A sample body sent as a multipart form (the driver app's uploads) rather than JSON. */
interface Form {
  form: Record<string, string | FilePart | FilePart[]>;
}
const isForm = (b: unknown): b is Form => typeof b === 'object' && b !== null && 'form' in b;

const call = (method: string, url: string, token: string, body?: unknown) => {
  const form = isForm(body) ? formData(body.form) : null;
  return f.t.app.inject({
    method: method as 'GET',
    url,
    payload: (form ? form.payload : body) as never,
    headers: {
      authorization: `Bearer ${token}`,
      ...(form ? { 'content-type': form.contentType } : {}),
    },
  });
};

const withId = (url: string, id: number) => url.replace(':id', String(id));
/** The query a GET route with an id needs before it looks the row up (its required parameters). */
const QUERIES: Record<string, string> = {
  '/api/comptabilite/clients/:id/releve': '?date_debut=2026-01-01&date_fin=2026-12-31',
};
const isExempt = (r: RouteEntry) =>
  Object.keys(EXEMPT).some((k) => {
    const [m, p] = k.split(' ');
    return m === r.method && (p!.endsWith('*') ? r.url.startsWith(p!.slice(0, -1)) : r.url === p);
  });
/**
 * Routes of the signed-in API (a public route answers without a token: nothing of a company behind it). A
 * list whose query has a required filter (a report's `appareil_id`) answers 422 before the token is read:
 * it is swept too (a public list would only show that it holds nothing of A).
 */
async function signedIn(r: RouteEntry): Promise<boolean> {
  const res = await f.t.app.inject({ method: r.method as 'GET', url: withId(r.url, MISSING) });
  return res.statusCode === 401 || (r.method === 'GET' && !r.url.includes(':') && res.statusCode === 422);
}

beforeAll(async () => {
  f = await setupFixtures();
  routes = f.t.app.routeTable.filter((r) => r.url.startsWith('/api/') && !isExempt(r));
  // One row of A in every table the generator reaches, whatever the seed holds.
  const A = f.A.id;
  const client = await f.client(f.A, 'Tenancy');
  const vehicule = await f.vehicule(f.A);
  const course = await f.course(f.A, { client: client.id, vehicule: vehicule.id });
  await f.paiement(f.A, course.id, 5_000);
  // A validated payment posts a journal entry (`/api/operations`).
  await f.paiement(f.A, course.id, 6_000, { statut: 'Validé' });
  await f.demande(f.A, client.id);
  const [garage] = await f.db.select().from(T.garages).where(eq(T.garages.entreprise_id, A)).limit(1);
  const [fournisseur] = await f.db
    .select()
    .from(T.fournisseurs)
    .where(eq(T.fournisseurs.entreprise_id, A))
    .limit(1);
  const made = async (url: string, body: unknown) => {
    const res = await f.t.post(url, body, f.A.token);
    expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    return res.json().data as { id: number };
  };
  const day = '2026-11-20';
  await made('/api/adresses', {
    libelle: 'Dépôt d’Owendo',
    ville: f.villes.lbv,
    lat: 0.2876,
    lng: 9.4975,
    utilisateur: A,
  });
  const appareil = await made('/api/appareils', {
    nom: 'Téléphone tenancy',
    identifiant: `tenancy-${A}`,
    vehicule_id: vehicule.id,
  });
  const zone = await made('/api/zones', {
    nom: 'Port tenancy',
    type: 'cercle',
    latitude: 0.2876,
    longitude: 9.4975,
    rayon_m: 300,
  });
  await made('/api/messages', { recipient_id: f.A.chauffeur, contenu: 'Chargement à 8 h au port.' });
  await f.db
    .insert(T.notifications)
    .values({ user_id: f.A.chauffeur, entreprise_id: A, type: 'test', titre: 'Test' });
  await made('/api/factures', {
    date_operation: day,
    type: 'Normale',
    client_id: client.id,
    lignes: [{ description: 'Libreville – Franceville', qte: 1, prix_unitaire: 450_000 }],
  });
  await made('/api/piece_de_caisses', {
    date_operation: day,
    beneficiaire: 'Station Total Oloumi',
    decaisseur: 'Caisse',
    montant: 15_000,
    libelle: 'Carburant',
  });
  const releve = await call('POST', '/api/comptabilite/rapprochements', f.A.token, {
    form: {
      compte: '521',
      preset: 'banque',
      fichier: {
        name: 'releve.csv',
        type: 'text/csv',
        bytes: Buffer.from('Date;Libellé;Montant\n01/06/2026;Virement reçu;1 000\n'),
      },
    },
  });
  expect(releve.statusCode, releve.body).toBe(200);
  if (fournisseur) {
    await made('/api/achats', {
      date_operation: day,
      acheteur_id: A,
      fournisseur_id: fournisseur.id,
      lignes: [{ description: 'Filtres', qte: 2, prix_unitaire: 7_500 }],
    });
  }
  const [a1, a2, b] = await Promise.all([f.chauffeur(f.A, 0), f.chauffeur(f.A, 1), f.chauffeur(f.B, 0)]);
  drivers = { a1, a2, b };
  // A course of A's driver, and its road log with a photo (`/api/photos-chauffeur`).
  const own = await f.course(f.A, {
    client: client.id,
    chauffeur_id: a1.id,
    date_chargement: new Date().toISOString(),
  });
  const step = await call('POST', `/api/chauffeur/courses/${own.id}/etapes`, a1.token, {
    id_client: crypto.randomUUID(),
    statut: 'Chargement terminé',
    date: new Date().toISOString(),
  });
  expect(step.statusCode, step.body).toBe(200);
  const fuel = await call('POST', '/api/chauffeur/carburant', a1.token, {
    form: {
      id_client: crypto.randomUUID(),
      course_id: String(own.id),
      date: new Date().toISOString(),
      litres: '80',
      montant: '62000',
      photo: { name: 'recu.png', type: 'image/png', bytes: PNG },
    },
  });
  expect(fuel.statusCode, fuel.body).toBe(200);
  const incident = await call('POST', '/api/chauffeur/incidents', a1.token, {
    form: {
      id_client: crypto.randomUUID(),
      course_id: String(own.id),
      date: new Date().toISOString(),
      type: 'Panne',
      note: 'Crevaison à Ndjolé.',
    },
  });
  expect(incident.statusCode, incident.body).toBe(200);
  aIds = {
    company: A,
    client: client.id,
    vehicule: vehicule.id,
    chauffeur: f.A.chauffeur,
    course: course.id,
    garage: garage!.id,
    fournisseur: fournisseur?.id ?? MISSING,
    appareil: appareil!.id,
    zone: zone.id,
    trajet: (
      await f.db.select({ id: T.trajets.id }).from(T.trajets).where(eq(T.trajets.entreprise_id, A)).limit(1)
    )[0]!.id,
  };
  // Many rows through the API on a loaded machine: more than the default minute.
}, 180_000);

describe('tenancy generated from the route table', () => {
  it('finds the routes and knows the table of every route with an id, list and group action', async () => {
    const withIds = routes.filter((r) => r.url.includes(':id'));
    expect(withIds.length).toBeGreaterThan(30);
    for (const r of withIds) specOf(r.url);
  });

  it('B on every route with an id of A’s rows: the 404 of a missing id, and A’s row unchanged', async () => {
    const exercised: string[] = [];
    for (const r of routes.filter((x) => x.url.includes(':id'))) {
      if (!(await signedIn(r))) continue;
      const spec = specOf(r.url);
      const label = `${r.method} ${r.url}`;
      if (spec.platform) {
        // Shared reference data: B reads it; only a superadmin writes it.
        const [row] = (await f.db
          .select()
          .from(spec.table as PgTable)
          .limit(1)) as Row[];
        const before = await snapshot(spec, [row!.id as number]);
        const res = await call(r.method, withId(r.url, row!.id as number), f.B.token, {});
        if (r.method === 'GET') expect(res.statusCode, label).toBe(200);
        else expect([403, 422], `${label} ${res.body}`).toContain(res.statusCode);
        expect(await snapshot(spec, [row!.id as number]), label).toEqual(before);
        continue;
      }
      const rows = await rowsOfA(spec);
      expect(rows.length, `${label}: aucune ligne de l’entreprise A dans la table`).toBeGreaterThan(0);
      const id = rows[0]!.id as number;
      // A body that reaches the row lookup: none, the row as A reads it, then a sample for the route.
      const read = await call('GET', withId(`${prefixOf(r.url)}/:id`, id), ownerToken(r.url));
      // A file's route (a photo) has no row to send back as a body.
      const detail = String(read.headers['content-type']).includes('json') ? read.json()?.data : undefined;
      const candidates = [undefined, {}, detail, SAMPLES[r.url]?.(aIds)].filter((b, i) => i < 2 || b);
      const target = (rowId: number) => withId(r.url, rowId) + (QUERIES[r.url] ?? '');
      for (const token of foreignTokens(r.url)) {
        let body: unknown;
        let missing: Awaited<ReturnType<typeof call>> | undefined;
        for (const candidate of candidates) {
          const res = await call(r.method, target(MISSING), token, candidate);
          if (res.statusCode === 404) {
            body = candidate;
            missing = res;
            break;
          }
        }
        expect(
          missing,
          `${label}: aucun corps n’atteint la recherche de la ligne (réponse ${(await call(r.method, target(MISSING), token, {})).body}). Ajoutez un exemple dans SAMPLES ou une exemption.`,
        ).toBeDefined();
        const before = await snapshot(spec, [id]);
        const foreign = await call(r.method, target(id), token, body);
        expect(foreign.statusCode, `${label} → ${foreign.body}`).toBe(404);
        expect(foreign.json(), label).toEqual(missing!.json());
        expect(await snapshot(spec, [id]), `${label}: la ligne de A a changé`).toEqual(before);
      }
      exercised.push(label);
    }
    expect(exercised.length).toBeGreaterThan(25);
    // Every route of the app, tried twice per driver route, on a loaded machine.
  }, 180_000);

  it('B’s lists hold none of A’s rows, whatever id of A a filter is fed', async () => {
    let filtered = 0;
    for (const r of routes.filter((x) => x.method === 'GET' && !x.url.includes(':'))) {
      if (!(await signedIn(r))) continue;
      const declared = TABLES[prefixOf(r.url)];
      const spec = declared && !declared.platform && declared.list ? declared.list : declared;
      const shape = (r.schema?.querystring as z.ZodObject | undefined)?.shape ?? {};
      const params = Object.keys(shape).filter(
        (k) => !NOT_IDS.has(k) && z.safeParse(shape[k] as z.ZodType, '12').data === 12,
      );
      // `?id=` of an `/options` list (the option of a chosen row): fed A's own row of that table.
      const idParams = params.filter(
        (p) => p !== 'id' && !(p in ID_PARAMS) && !(`${r.url}?${p}` in ID_PARAMS),
      );
      expect(idParams, `${r.url}: paramètre d’identifiant inconnu, à déclarer dans ID_PARAMS`).toEqual([]);
      if (!spec || spec.platform) continue;
      const forbidden = new Set((await rowsOfA(spec)).map((x) => x.id));
      const queries = [
        '',
        ...params.flatMap((p) => {
          if (p === 'id') return [`&id=${[...forbidden][0]}`];
          const feed = ID_PARAMS[`${r.url}?${p}`] ?? ID_PARAMS[p]!;
          return feed === 'platform' ? [] : [`&${p}=${feed(aIds)}`];
        }),
      ];
      for (const [q, token] of queries.flatMap((q) => foreignTokens(r.url).map((t) => [q, t] as const))) {
        const limit = r.url.endsWith('/options') ? 100 : 1000;
        const res = await call('GET', `${r.url}?limit=${limit}${q}`, token);
        expect(res.statusCode, `${r.url}?${q} ${res.body}`).toBe(200);
        const data = res.json().data;
        const list = (Array.isArray(data) ? data : (data?.data ?? [])) as Row[];
        // A row of the list is A's when its id is one of A's rows and it does not name another company (a
        // list of lines, like the journal's, has ids of another table).
        expect(
          list
            .filter(
              (x) => forbidden.has(x.id) && (x.entreprise_id === undefined || x.entreprise_id === f.A.id),
            )
            .map((x) => x.id),
          `${r.url}?${q}: lignes de A`,
        ).toEqual([]);
        if (q) filtered++;
      }
    }
    expect(filtered).toBeGreaterThan(8);
  });

  it('every group action with A’s ids changes nothing', async () => {
    let groups = 0;
    for (const r of routes.filter((x) => x.method === 'POST' && x.url.endsWith('destroy-group'))) {
      const spec = specOf(r.url);
      if (spec.platform) continue;
      const ids = (await rowsOfA(spec)).slice(0, 3).map((x) => x.id as number);
      expect(ids.length, r.url).toBeGreaterThan(0);
      const before = await snapshot(spec, ids);
      const res = await call('POST', r.url, f.B.token, { selected_lines: ids });
      expect(res.statusCode, `${r.url} ${res.body}`).toBeLessThan(500);
      const items = res.json().message as Array<{ severity: string }>;
      if (Array.isArray(items)) {
        expect(
          items.filter((i) => i.severity !== 'error'),
          r.url,
        ).toEqual([]);
      }
      expect(await snapshot(spec, ids), `${r.url}: les lignes de A ont changé`).toEqual(before);
      groups++;
    }
    expect(groups).toBeGreaterThan(4);
  });
});

describe('the driver app’s tokens and the office’s never cross', () => {
  it('a driver’s token on every other signed-in route is a 403; an office token on every driver route too', async () => {
    let crossed = 0;
    for (const r of routes) {
      const url = withId(r.url, MISSING);
      if (isDriverRoute(r.url)) {
        const res = await call(r.method, url, f.A.token, SAMPLES[r.url]?.(aIds) ?? {});
        expect(res.statusCode, `${r.method} ${r.url} (bureau) ${res.body}`).toBe(403);
        crossed++;
      } else if (r.url !== '/api/logout' && (await signedIn(r))) {
        const res = await call(r.method, url, drivers.a1.token, {});
        expect(res.statusCode, `${r.method} ${r.url} (chauffeur) ${res.body}`).toBe(403);
        crossed++;
      }
    }
    expect(crossed).toBeGreaterThan(100);
    expect(routes.filter((r) => isDriverRoute(r.url)).length).toBeGreaterThanOrEqual(7);
  });
});

/** A 1×1 PNG: a photo the API accepts. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Bodies for action routes whose body `{}` or the row itself does not pass validation. */
const SAMPLES: Record<string, (a: AIds) => unknown> = {
  '/api/chauffeur/courses/:id/etapes': () => ({
    id_client: crypto.randomUUID(),
    statut: 'Transport en cours',
    date: new Date().toISOString(),
  }),
  '/api/chauffeur/courses/:id/livraison': (): Form => ({
    form: {
      id_client: crypto.randomUUID(),
      receptionnaire: 'Jean Ndong',
      date: new Date().toISOString(),
      signature: { name: 'signature.png', type: 'image/png', bytes: PNG },
    },
  }),
  '/api/courses/:id/statut': () => ({ statut: 'Annulé' }),
  '/api/courses/:id/code-livraison': () => ({ exige: true }),
  '/api/incidents-route/:id/traiter': () => ({ note: 'Dépanneuse envoyée.' }),
  '/api/demandes/:id/accept': (a) => ({ vehicule_id: a.vehicule, montant: 1_000 }),
  '/api/factures/:id/reglements': () => ({ montant: 1_000, mode: 'Espèces', date_operation: '2026-11-20' }),
  '/api/achats/:id/reglements': () => ({ montant: 1_000, mode: 'Espèces', date_operation: '2026-11-20' }),
};
