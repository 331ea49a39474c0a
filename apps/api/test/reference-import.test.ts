import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { garages, villes } from '../src/db/schema';
import { data, type Fixtures, failed, setupFixtures } from './fixtures';

// Importing a reference table from a file with the export's columns: every line checked as a creation
// would be, all or nothing, errors named by the file's line numbers.

let ctx: Fixtures;
beforeAll(async () => {
  ctx = await setupFixtures();
});

const garagesOf = async (entrepriseId: number) =>
  (await ctx.t.database.db.select().from(garages).where(eq(garages.entreprise_id, entrepriseId))).map(
    (g) => g.nom,
  );

describe('POST /api/{table}/import', () => {
  it('writes every line of a valid file in the company, ville named by its label as the export writes it', async () => {
    const { t, A, B } = ctx;
    const before = await garagesOf(B.id);
    const res = await t.post(
      '/api/garages/import',
      {
        lignes: [
          { nom: 'Garage Import Un', adresse: 'PK 8', ville_id: 'libreville' },
          { nom: 'Garage Import Deux', telephone: '+241 066 00 00 01', ville_id: 'Port-Gentil' },
        ],
      },
      A.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('2 lignes importées.');
    expect(data(res)).toEqual({ lignes: 2, importees: 2, erreurs: [] });
    const [one] = await t.database.db.select().from(garages).where(eq(garages.nom, 'Garage Import Un'));
    const [lbv] = await t.database.db.select().from(villes).where(eq(villes.libelle, 'Libreville'));
    expect(one).toMatchObject({ entreprise_id: A.id, adresse: 'PK 8', ville_id: lbv!.id });
    // Another company's table is untouched.
    expect(await garagesOf(B.id)).toEqual(before);
  });

  it('writes nothing when one line is wrong, and names each wrong line of the file', async () => {
    const { t, A } = ctx;
    const before = await garagesOf(A.id);
    const body = {
      lignes: [{ nom: 'Garage Valide' }, { nom: '' }, { nom: 'Garage Ailleurs', ville_id: 'Atlantis' }],
      numeros: [2, 4, 5],
    };
    const preview = await t.post('/api/garages/import', { ...body, apercu: true }, A.token);
    expect(preview.statusCode).toBe(200);
    expect(data(preview).erreurs).toEqual([
      { ligne: 4, messages: [expect.stringMatching(/nom/i)] },
      { ligne: 5, messages: ["Cette ville n'existe pas : « Atlantis »."] },
    ]);
    expect(data(preview).importees).toBe(0);

    const res = await t.post('/api/garages/import', body, A.token);
    failed(res, 422, "Aucune ligne n'a été importée : 2 lignes à corriger.");
    expect(res.json().errors).toContain("Ligne 5 : Cette ville n'existe pas : « Atlantis ».");
    expect(await garagesOf(A.id)).toEqual(before);
  });

  it('a preview of a valid file writes nothing; duplicates inside the file are caught', async () => {
    const { t, admin } = ctx;
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
    const { t, A } = ctx;
    const res = await t.post('/api/villes/import', { lignes: [{ code: 'X', libelle: 'X' }] }, A.token);
    expect(res.statusCode).toBe(403);
    failed(
      await t.post('/api/garages/import', { lignes: [] }, A.token),
      422,
      'Le fichier ne contient aucune ligne à importer.',
    );
    const tooMany = { lignes: Array.from({ length: 2001 }, (_, i) => ({ nom: `G${i}` })) };
    failed(
      await t.post('/api/garages/import', tooMany, A.token),
      422,
      'Un import contient au plus 2000 lignes.',
    );
  });
});
