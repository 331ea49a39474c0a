import { eq, inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { courses, paiements, users, vehicules, villes } from '../src/db/schema';
import { setupApi, type TestContext } from './helpers';

// Typed factories for the operations tests: each test makes its own client and vehicles, so counts filtered
// on them are exact whatever the demo seed holds.

export interface Company {
  id: number;
  token: string;
  chauffeur: number;
}

export interface OpsContext {
  t: TestContext;
  tg: Company;
  og: Company;
  admin: string;
  villes: { lbv: number; fcv: number; pog: number };
}

let plaqueSeq = 0;

export async function setupOperations(): Promise<OpsContext> {
  const t = await setupApi();
  const [tgToken, ogToken, admin] = await Promise.all([
    t.login('direction@transgabon.ga'),
    t.login('direction@ogooue-logistique.ga'),
    t.login('admin@yams.ga'),
  ]);
  const company = async (token: string): Promise<Company> => {
    const me = (await t.get('/api/me', token)).json().data;
    const [driver] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.entreprise_id} = ${me.id} and ${users.type} = 'camionneur'`)
      .limit(1);
    return { id: me.id, token, chauffeur: driver!.id };
  };
  const rows = await t.database.db
    .select({ id: villes.id, code: villes.code })
    .from(villes)
    .where(inArray(villes.code, ['LBV', 'FCV', 'POG']));
  const ville = (code: string) => rows.find((v) => v.code === code)!.id;
  return {
    t,
    tg: await company(tgToken),
    og: await company(ogToken),
    admin,
    villes: { lbv: ville('LBV'), fcv: ville('FCV'), pog: ville('POG') },
  };
}

export async function makeVehicule(ctx: OpsContext, entrepriseId: number, statut = 'Disponible') {
  plaqueSeq++;
  const [v] = await ctx.t.database.db
    .insert(vehicules)
    .values({
      entreprise_id: entrepriseId,
      plaque: `TST-${process.pid % 1000}-${plaqueSeq}`,
      marque: 'Renault Trucks',
      statut,
      tonnage_kg: 20_000,
    })
    .returning();
  return v!;
}

export async function makeClient(ctx: OpsContext, entrepriseId: number | null, nom = 'Testeur') {
  plaqueSeq++;
  const [u] = await ctx.t.database.db
    .insert(users)
    .values({
      name: `client.test.${plaqueSeq}`,
      type: 'client',
      nom,
      prenom: `Client${plaqueSeq}`,
      email: `client.test.${process.pid}.${plaqueSeq}@exemple.ga`,
      entreprise_id: entrepriseId,
      email_verified_at: new Date().toISOString(),
    })
    .returning();
  return u!;
}

export function courseBody(
  ctx: OpsContext,
  clientId: number,
  vehiculeId: number,
  extra: Record<string, unknown> = {},
) {
  return {
    client_id: clientId,
    vehicule_id: vehiculeId,
    type_course: 'Transport de marchandises',
    ville_depart_id: ctx.villes.lbv,
    ville_arrivee_id: ctx.villes.fcv,
    adresse_chargement: 'Port d’Owendo',
    adresse_dechargement: 'Quartier Potos',
    date_chargement: '2026-03-14T08:00',
    poids_kg: 12_000,
    montant: 100_000,
    ...extra,
  };
}

/** Creates a course through the API and returns its answer's data. */
export async function makeCourse(
  ctx: OpsContext,
  company: Company,
  clientId: number,
  vehiculeId: number,
  extra: Record<string, unknown> = {},
) {
  const res = await ctx.t.post('/api/courses', courseBody(ctx, clientId, vehiculeId, extra), company.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

export async function vehiculeStatut(ctx: OpsContext, id: number): Promise<string> {
  const [v] = await ctx.t.database.db
    .select({ statut: vehicules.statut })
    .from(vehicules)
    .where(eq(vehicules.id, id));
  return v!.statut;
}

export async function storedCourse(ctx: OpsContext, id: number) {
  const [c] = await ctx.t.database.db.select().from(courses).where(eq(courses.id, id));
  return c;
}

export async function storedPaiements(ctx: OpsContext, courseId: number) {
  return ctx.t.database.db.select().from(paiements).where(eq(paiements.course_id, courseId));
}

/** Walks a course through the lifecycle with the API. */
export async function moveCourse(ctx: OpsContext, company: Company, id: number, ...statuts: string[]) {
  for (const statut of statuts) {
    const res = await ctx.t.post(`/api/courses/${id}/statut`, { statut }, company.token);
    expect(res.statusCode, res.body).toBe(200);
  }
}

/** The failure envelope: success false, the status, and the French sentences. */
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
