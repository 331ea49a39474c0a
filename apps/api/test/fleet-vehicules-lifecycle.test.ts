import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { documents, vehicules } from '../src/db/schema';
import { NOMS } from '../src/lib/usages';
import { data, type Fixtures, failed, setupFixtures } from './fixtures';
import { PDF, uploadFichier } from './helpers';

let ctx: Fixtures;
let semi: number;
beforeAll(async () => {
  ctx = await setupFixtures();
  semi = await ctx.typeVehicule('Semi-remorque');
});

describe('vehicle status', () => {
  it('may be set by hand to Disponible or Indisponible only', async () => {
    const { t, A } = ctx;
    const v = await ctx.vehicule(ctx.A, { statut: 'Nouveau' });
    failed(
      await t.post(
        '/api/vehicules',
        { plaque: 'ST-1', marque: 'MAN', type_vehicule_id: semi, statut: 'En course' },
        A.token,
      ),
      422,
      'Le statut « En course » est fixé automatiquement par les courses.',
      'statut',
    );
    expect(
      data(await t.post(`/api/vehicules/${v.id}/update`, { statut: 'Disponible' }, A.token)).statut,
    ).toBe('Disponible');
    failed(
      await t.post(`/api/vehicules/${v.id}/update`, { statut: 'En intervention' }, A.token),
      422,
      'Le statut « En intervention » est fixé automatiquement par les interventions confirmées.',
      'statut',
    );
    failed(
      await t.post(`/api/vehicules/${v.id}/update`, { statut: 'Nouveau' }, A.token),
      422,
      'Un véhicule ne peut pas redevenir « Nouveau ».',
      'statut',
    );
    expect(
      data(
        await t.post(
          `/api/vehicules/${v.id}/update`,
          { statut: 'Indisponible', marque: 'Isuzu D-Max' },
          A.token,
        ),
      ),
    ).toMatchObject({
      statut: 'Indisponible',
      marque: 'Isuzu D-Max',
    });
  });
});

describe('deleting vehicles', () => {
  it('deletes an unused vehicle with its documents and their files', async () => {
    const { t, A } = ctx;
    const v = await ctx.vehicule(ctx.A, { statut: 'Nouveau' });
    const created = data(
      await t.post('/api/documents', { libelle: 'Carte grise', camion_id: v.id }, A.token),
    );
    const doc = data(await uploadFichier(t, created.id, A.token, PDF, 'cg.pdf'));
    const [stored] = await t.database.db.select().from(documents).where(eq(documents.id, doc.id));
    const file = path.join(t.dataDir, 'uploads', stored!.fichier!);
    expect(fs.existsSync(file)).toBe(true);
    const res = await t.post(`/api/vehicules/${v.id}/destroy`, {}, A.token);
    expect(res.json()).toEqual({
      success: true,
      message: `Le véhicule ${v.plaque} a été supprimé.`,
      data: null,
      errors: [],
    });
    expect(await t.database.db.select().from(documents).where(eq(documents.camion_id, v.id))).toEqual([]);
    expect(fs.existsSync(file)).toBe(false);
    failed(await t.get(`/api/vehicules/${v.id}`, A.token), 404, "Ce véhicule n'existe pas.");
    failed(await t.post(`/api/vehicules/${v.id}/destroy`, {}, A.token), 404, "Ce véhicule n'existe pas.");
  });

  it('refuses with 409 a vehicle used by an intervention', async () => {
    const { t, A } = ctx;
    const used = data(await t.get('/api/interventions?limit=1', A.token))[0].vehicule;
    const res = await t.post(`/api/vehicules/${used.id}/destroy`, {}, A.token);
    expect(res.statusCode).toBe(409);
    const message: string = res.json().errors[0];
    expect(message).toMatch(
      new RegExp(
        `^Le véhicule ${used.plaque} est utilisé par .*\\d+ interventions?\\b.* : il ne peut pas être supprimé\\.$`,
      ),
    );
    // Every table in French words, never its name in the database.
    expect(message).toContain('pleins de carburant');
    expect(message).not.toContain('_');
    expect(data(await t.get(`/api/vehicules/${used.id}`, A.token)).id).toBe(used.id);
  });

  it('names in French every table that may keep a row from being deleted', async () => {
    const rows = (await ctx.db.execute(
      sql`select distinct cl.relname as "table" from pg_constraint c join pg_class cl on cl.oid = c.conrelid
          where c.contype = 'f' and c.confdeltype <> 'c' and cardinality(c.conkey) = 1`,
    )) as unknown as { rows: Array<{ table: string }> };
    const tables = rows.rows.map((r) => r.table).filter((t) => !t.startsWith('audit'));
    expect(tables.length).toBeGreaterThan(10);
    expect(tables.filter((t) => !NOMS[t])).toEqual([]);
  });

  it('destroy-group answers one French item per line and deletes only what it may', async () => {
    const { t, A, B } = ctx;
    const a = await ctx.vehicule(ctx.A, { statut: 'Nouveau' });
    const b = await ctx.vehicule(ctx.A, { statut: 'Nouveau' });
    const used = data(await t.get('/api/interventions?limit=1', A.token))[0].vehicule;
    const theirs = data(await t.get('/api/vehicules?limit=1', B.token))[0];
    const res = await t.post(
      '/api/vehicules/destroy-group',
      { selected_lines: [a.id, used.id, 999999, theirs.id, b.id, a.id] },
      A.token,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, data: null, errors: [] });
    expect(body.message).toEqual([
      { severity: 'success', value: `Le véhicule ${a.plaque} a été supprimé.` },
      {
        severity: 'error',
        value: expect.stringMatching(
          `^Le véhicule ${used.plaque} est utilisé par .* : il ne peut pas être supprimé\\.$`,
        ),
      },
      { severity: 'error', value: "Le véhicule n°999999 n'existe pas." },
      { severity: 'error', value: `Le véhicule n°${theirs.id} n'existe pas.` },
      { severity: 'success', value: `Le véhicule ${b.plaque} a été supprimé.` },
    ]);
    const left = await t.database.db.select({ id: vehicules.id }).from(vehicules);
    const ids = left.map((r) => r.id);
    expect(ids).not.toContain(a.id);
    expect(ids).not.toContain(b.id);
    expect(ids).toContain(used.id);
    expect(ids).toContain(theirs.id);
    failed(
      await t.post('/api/vehicules/destroy-group', { selected_lines: [] }, A.token),
      422,
      'Sélectionnez au moins une ligne.',
    );
  });
});
