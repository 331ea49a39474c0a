import { addDays, todayInGabon } from '@yams/shared';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { articles, vehicules } from '../src/db/schema';
import { data, setupFixtures } from './fixtures';
import { multipart, type TestContext } from './helpers';

// Shared set-up of the fleet and reference tests: one app on its own database copy, the three demo
// sign-ins, and assertions on the envelope.

export interface FleetContext {
  t: TestContext;
  /** Bearer tokens of TransGabon, Ogooué Logistique and the superadmin. */
  tg: string;
  og: string;
  admin: string;
  /** Company ids of TransGabon and Ogooué. */
  tgId: number;
  ogId: number;
}

/** The fleet tests' context, from the one fixture kit (`fixtures.ts`). */
export async function fleetContext(): Promise<FleetContext> {
  const f = await setupFixtures();
  return { t: f.t, tg: f.A.token, og: f.B.token, admin: f.admin, tgId: f.A.id, ogId: f.B.id };
}

/** A JSON row of an answer, read loosely by the tests. */
// biome-ignore lint/suspicious/noExplicitAny: test answers are read loosely
export type Json = any;

export { data };

/** A failure envelope with this status and first French message (and field, for 422). */
export function failed(res: LightMyRequestResponse, status: number, message: string, field?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body.success).toBe(false);
  expect(body.errors).toContain(message);
  if (field) expect(body.data.fields[field]).toBe(message);
}

/** TransGabon's reference rows used by the fleet tests, and factories of fresh vehicles and interventions. */
export async function fleetKit(c: FleetContext) {
  const { t, tg } = c;
  const get = async (url: string) => data(await t.get(url, tg));
  const types = (await get('/api/types_vehicules')) as Array<{ id: number; libelle: string }>;
  const typeId = (libelle: string) => types.find((x) => x.libelle === libelle)!.id;
  const [garage] = await get('/api/garages?limit=1');
  const [vidange] = await get('/api/services?search=Vidange');
  const [filtre] = await get('/api/articles?search=FL-HUILE');
  const [pneu] = await get('/api/articles?search=PN-31580');
  let n = 0;
  /** A new TransGabon vehicle (statut Nouveau, or Disponible when asked). */
  async function vehicule(extra: Record<string, unknown> = {}, disponible = false): Promise<Json> {
    n++;
    const body = { plaque: `KIT-${n}`, marque: 'Isuzu', type_vehicule_id: typeId('Pick-up'), ...extra };
    const v = data(await t.post('/api/vehicules', body, tg));
    return disponible ? data(await t.post(`/api/vehicules/${v.id}/update`, { statut: 'Disponible' }, tg)) : v;
  }
  /** A TransGabon draft intervention from today to tomorrow unless told otherwise. */
  async function intervention(vehiculeId: number, extra: Record<string, unknown> = {}): Promise<Json> {
    const today = todayInGabon();
    const body = {
      vehicule_id: vehiculeId,
      garage_id: garage.id,
      type: 'Entretien',
      date_debut: today,
      date_fin: addDays(today, 1),
    };
    return data(await t.post('/api/interventions', { ...body, ...extra }, tg));
  }
  const stock = async (id: number) =>
    (await t.database.db.select({ qte: articles.qte }).from(articles).where(eq(articles.id, id)))[0]!.qte;
  const statut = async (id: number) =>
    (await t.database.db.select({ s: vehicules.statut }).from(vehicules).where(eq(vehicules.id, id)))[0]!.s;
  return { typeId, garage, vidange, filtre, pneu, vehicule, intervention, stock, statut };
}
export type FleetKit = Awaited<ReturnType<typeof fleetKit>>;

/** A small valid PDF. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

/** `POST /api/documents/{id}/fichier`: the file as a multipart upload, part « fichier ». */
export function uploadFichier(
  t: TestContext,
  id: number,
  token: string,
  bytes: Buffer = PDF,
  name = 'document.pdf',
  type = 'application/pdf',
) {
  const { payload, contentType } = multipart('fichier', name, type, bytes);
  return t.app.inject({
    method: 'POST',
    url: `/api/documents/${id}/fichier`,
    payload,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
  });
}
