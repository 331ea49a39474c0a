import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { courses, paiements, users, vehicules } from '../src/db/schema';
import { setupFixtures } from './fixtures';
import type { TestContext } from './helpers';

// The operations tests' helpers on top of the one fixture kit (`fixtures.ts`, whose factories go through the
// services; write new tests with it). Each test makes its own client and vehicles, so counts filtered on
// them are exact whatever the demo seed holds.

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

/** The operations tests' context, from the one fixture kit (`fixtures.ts`): A = TransGabon, B = Ogooué. */
export async function setupOperations(): Promise<OpsContext> {
  const f = await setupFixtures();
  return { t: f.t, tg: f.A, og: f.B, admin: f.admin, villes: f.villes };
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
