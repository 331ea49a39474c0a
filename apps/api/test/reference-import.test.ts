import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { garages, villes } from '../src/db/schema';
import { data, type FleetContext, failed, fleetContext } from './fleet-fixtures';

// Importing a reference table from a file with the export's columns: every line checked as a creation
// would be, all or nothing, errors named by the file's line numbers.

let c: FleetContext;
beforeAll(async () => {
  c = await fleetContext();
});

const garagesOf = async (entrepriseId: number) =>
  (await c.t.database.db.select().from(garages).where(eq(garages.entreprise_id, entrepriseId))).map(
    (g) => g.nom,
  );

describe('POST /api/{table}/import', () => {
  it('writes every line of a valid file in the company, ville named by its label as the export writes it', async () => {
    const { t, tg, tgId, ogId } = c;
    const before = await garagesOf(ogId);
    const res = await t.post(
      '/api/garages/import',
      {
        lignes: [
          { nom: 'Garage Import Un', adresse: 'PK 8', ville_id: 'libreville' },
          { nom: 'Garage Import Deux', telephone: '+241 066 00 00 01', ville_id: 'Port-Gentil' },
        ],
      },
      tg,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('2 lignes importées.');
    expect(data(res)).toEqual({ lignes: 2, importees: 2, erreurs: [] });
    const [one] = await t.database.db.select().from(garages).where(eq(garages.nom, 'Garage Import Un'));
    const [lbv] = await t.database.db.select().from(villes).where(eq(villes.libelle, 'Libreville'));
    expect(one).toMatchObject({ entreprise_id: tgId, adresse: 'PK 8', ville_id: lbv!.id });
    // Another company's table is untouched.
    expect(await garagesOf(ogId)).toEqual(before);
  });

  it('writes nothing when one line is wrong, and names each wrong line of the file', async () => {
    const { t, tg, tgId } = c;
    const before = await garagesOf(tgId);
    const body = {
      lignes: [{ nom: 'Garage Valide' }, { nom: '' }, { nom: 'Garage Ailleurs', ville_id: 'Atlantis' }],
      numeros: [2, 4, 5],
    };
    const preview = await t.post('/api/garages/import', { ...body, apercu: true }, tg);
    expect(preview.statusCode).toBe(200);
    expect(data(preview).erreurs).toEqual([
      { ligne: 4, messages: [expect.stringMatching(/nom/i)] },
      { ligne: 5, messages: ["Cette ville n'existe pas : « Atlantis »."] },
    ]);
    expect(data(preview).importees).toBe(0);

    const res = await t.post('/api/garages/import', body, tg);
    failed(res, 422, "Aucune ligne n'a été importée : 2 lignes à corriger.");
    expect(res.json().errors).toContain("Ligne 5 : Cette ville n'existe pas : « Atlantis ».");
    expect(await garagesOf(tgId)).toEqual(before);
  });

  it('a preview of a valid file writes nothing; duplicates inside the file are caught', async () => {
    const { t, admin } = c;
    const count = async () => (await t.database.db.select().from(villes)).length;
    const before = await count();
    const ok = await t.post(
      '/api/villes/import',
      { lignes: [{ code: 'imp1', libelle: 'Importville' }], apercu: true },
      admin,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('1 ligne prête à être importée.');
    expect(await count()).toBe(before);

    const dup = await t.post(
      '/api/villes/import',
      {
        lignes: [
          { code: 'IMP2', libelle: 'Une' },
          { code: 'imp2', libelle: 'Deux' },
        ],
      },
      admin,
    );
    failed(dup, 422, "Aucune ligne n'a été importée : 1 ligne à corriger.");
    expect(dup.json().errors).toContain('Ligne 3 : Ce code de ville est déjà utilisé.');
    expect(await count()).toBe(before);
  });

  it('platform tables are imported by superadmins only; bad bodies get French answers', async () => {
    const { t, tg } = c;
    const res = await t.post('/api/villes/import', { lignes: [{ code: 'X', libelle: 'X' }] }, tg);
    expect(res.statusCode).toBe(403);
    failed(
      await t.post('/api/garages/import', { lignes: [] }, tg),
      422,
      'Le fichier ne contient aucune ligne à importer.',
    );
    const tooMany = { lignes: Array.from({ length: 2001 }, (_, i) => ({ nom: `G${i}` })) };
    failed(await t.post('/api/garages/import', tooMany, tg), 422, 'Un import contient au plus 2000 lignes.');
  });
});
