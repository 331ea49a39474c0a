import { MSG } from '@yams/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { villes } from '../src/db/schema';
import { data, type Fixtures, failed, setupFixtures } from './fixtures';

let ctx: Fixtures;
beforeAll(async () => {
  ctx = await setupFixtures();
});

describe('platform tables (villes, types)', () => {
  it('lists the 15 demo cities by libellé, pages by 10, counts, searches and caps', async () => {
    const { t, A } = ctx;
    const all = data(await t.get('/api/villes', A.token));
    expect(all).toHaveLength(15);
    expect(all[0]).toMatchObject({ code: 'AKA', libelle: 'Akanda' });
    expect(Object.keys(all[0]).sort()).toEqual(['code', 'created_at', 'id', 'libelle', 'updated_at']);
    expect(data(await t.get('/api/villes?req_count=1', A.token))).toBe(15);
    const page = data(await t.get('/api/villes?page=2', A.token));
    expect(page).toMatchObject({ current_page: 2, per_page: 10, total: 15, last_page: 2, from: 11, to: 15 });
    expect(
      data(await t.get('/api/villes?search=port', A.token)).map((v: { code: string }) => v.code),
    ).toEqual(['POG']);
    expect(data(await t.get('/api/villes?search=LBQ', A.token))[0].libelle).toBe('Lambaréné');
    expect(data(await t.get('/api/villes?search=&limit=1', A.token))).toHaveLength(1);
    expect(data(await t.get('/api/types_marchandises?req_count=1', A.token))).toBeGreaterThanOrEqual(8);
    expect(data(await t.get('/api/types_vehicules?search=remorque', A.token))[0].libelle).toBe(
      'Semi-remorque',
    );
    expect(data(await t.get('/api/types_articles?search=pneu', A.token))[0]).toMatchObject({
      montant: 185_000,
    });
    expect(data(await t.get('/api/types_articles?page=1', A.token)).per_page).toBe(6);
  });

  it('creates a city as superadmin, upper-casing its code, with French messages for missing fields', async () => {
    const { t, admin } = ctx;
    const missing = await t.post('/api/villes', {}, admin);
    failed(missing, 422, 'Le code est obligatoire.', 'code');
    failed(missing, 422, 'Le libellé est obligatoire.', 'libelle');
    failed(
      await t.post('/api/villes', { code: 'NDE', libelle: '   ' }, admin),
      422,
      'Le libellé est obligatoire.',
    );
    const res = await t.post('/api/villes', { code: ' nde ', libelle: 'Ndendé' }, admin);
    expect(res.json().message).toBe('La ville a été ajoutée.');
    const ville = data(res);
    expect(ville).toMatchObject({ code: 'NDE', libelle: 'Ndendé' });
    const [stored] = await t.database.db.select().from(villes).where(eq(villes.id, ville.id));
    expect(stored?.code).toBe('NDE');
  });

  it('refuses a city code already used, whatever its case, on create and update', async () => {
    const { t, admin } = ctx;
    failed(
      await t.post('/api/villes', { code: 'lbv', libelle: 'Libreville bis' }, admin),
      422,
      'Ce code de ville est déjà utilisé.',
      'code',
    );
    const ville = data(await t.post('/api/villes', { code: 'MIT', libelle: 'Mitzic' }, admin));
    failed(
      await t.post(`/api/villes/${ville.id}/update`, { code: 'OYE' }, admin),
      422,
      'Ce code de ville est déjà utilisé.',
      'code',
    );
    const same = await t.post(
      `/api/villes/${ville.id}/update`,
      { code: 'mit', libelle: 'Mitzic (Woleu-Ntem)' },
      admin,
    );
    expect(same.json().message).toBe('La ville a été modifiée.');
    expect(data(same)).toMatchObject({ code: 'MIT', libelle: 'Mitzic (Woleu-Ntem)' });
  });

  it('lets only a superadmin write platform tables (403 in French otherwise, nothing changed)', async () => {
    const { t, A, B } = ctx;
    const lbv = data(await t.get('/api/villes?search=LBV', A.token))[0];
    const calls = [
      ['/api/villes', { code: 'XXX', libelle: 'Nulle part' }],
      [`/api/villes/${lbv.id}/update`, { libelle: 'Libreville capitale' }],
      [`/api/villes/${lbv.id}/destroy`, {}],
      [`/api/microservice/api-courses/villes/${lbv.id}/destroy`, {}],
      ['/api/types_marchandises', { libelle: 'Or' }],
      ['/api/types_vehicules', { libelle: 'Grue' }],
      ['/api/types_articles', { libelle: 'Pare-brise', montant: 90_000 }],
    ] as const;
    for (const [url, body] of calls) {
      for (const token of [A.token, B.token]) failed(await t.post(url, body, token), 403, MSG.forbidden);
    }
    expect(data(await t.get(`/api/villes/${lbv.id}`, A.token)).libelle).toBe('Libreville');
    expect(data(await t.get('/api/villes?req_count=1', A.token))).toBeGreaterThanOrEqual(15);
    expect(data(await t.get('/api/types_marchandises?search=Or&req_count=1', A.token))).toBe(0);
  });

  it('creates, updates and deletes a type de marchandise, also through the microservice path', async () => {
    const { t, admin, A } = ctx;
    failed(
      await t.post('/api/types_marchandises', { libelle: '' }, admin),
      422,
      'Le libellé est obligatoire.',
      'libelle',
    );
    const type = data(await t.post('/api/types_marchandises', { libelle: 'Produits frais' }, admin));
    expect(
      data(
        await t.post(
          `/api/types_marchandises/${type.id}/update`,
          { libelle: 'Produits frais réfrigérés' },
          admin,
        ),
      ).libelle,
    ).toBe('Produits frais réfrigérés');
    const del = await t.post(
      `/api/microservice/api-courses/types_marchandises/${type.id}/destroy`,
      {},
      admin,
    );
    expect(del.json()).toEqual({
      success: true,
      message: 'Le type de marchandise a été supprimé.',
      data: null,
      errors: [],
    });
    failed(
      await t.get(`/api/types_marchandises/${type.id}`, A.token),
      404,
      "Ce type de marchandise n'existe pas.",
    );
    failed(
      await t.post(`/api/types_marchandises/${type.id}/destroy`, {}, admin),
      404,
      "Ce type de marchandise n'existe pas.",
    );
    const ville = data(await t.post('/api/villes', { code: 'MBG', libelle: 'Mbigou' }, admin));
    expect(
      (await t.post(`/api/microservice/api-courses/villes/${ville.id}/destroy`, {}, admin)).json().message,
    ).toBe('La ville a été supprimée.');
    // Only villes and types de marchandise have the microservice path.
    expect((await t.post('/api/microservice/api-courses/garages/1/destroy', {}, admin)).statusCode).toBe(404);
  });

  it('validates amounts and ids in French, never 500', async () => {
    const { t, admin, A } = ctx;
    failed(
      await t.post('/api/types_articles', { libelle: 'Rétroviseur', montant: -5 }, admin),
      422,
      'Le montant ne peut pas être négatif.',
      'montant',
    );
    failed(
      await t.post('/api/types_articles', { libelle: 'Rétroviseur', montant: 'cher' }, admin),
      422,
      "Le montant n'est pas un nombre de francs CFA valide (exemples : 1250000, 1 250 000, 1.250.000 ou 17500,00).",
      'montant',
    );
    failed(
      await t.post('/api/types_articles', { libelle: 'Rétroviseur', montant: 12.5 }, admin),
      422,
      "Le montant doit être un nombre entier de francs CFA : le franc CFA n'a pas de centimes.",
      'montant',
    );
    expect(
      data(await t.post('/api/types_articles', { libelle: 'Rétroviseur', montant: '35000' }, admin)).montant,
    ).toBe(35_000);
    failed(await t.get('/api/villes/abc', A.token), 422, "L'identifiant n'est pas valide.");
    failed(await t.get('/api/villes/999999', A.token), 404, "Cette ville n'existe pas.");
    failed(
      await t.get('/api/villes?per_page=0', A.token),
      422,
      'Le nombre de lignes par page doit être supérieur ou égal à 1.',
    );
  });

  it('answers 409 in French when a platform row is still used, and keeps it', async () => {
    const { t, admin, A } = ctx;
    const lbv = data(await t.get('/api/villes?search=LBV', A.token))[0];
    const res = await t.post(`/api/villes/${lbv.id}/destroy`, {}, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0]).toMatch(
      /^Cette ville est utilisée par .*\d+ garages?.*trajets? : elle ne peut pas être supprimée\.$/,
    );
    const semi = data(await t.get('/api/types_vehicules?search=Semi', A.token))[0];
    const used = await t.post(`/api/types_vehicules/${semi.id}/destroy`, {}, admin);
    expect(used.statusCode).toBe(409);
    expect(used.json().errors[0]).toMatch(
      // Its vehicles, and the maintenance plans of that type when there are some.
      /^Ce type de véhicule est utilisé par (\d+ plans? d'entretien et )?\d+ véhicules? : il ne peut pas être supprimé\.$/,
    );
    const pneu = data(await t.get('/api/types_articles?search=Pneumatique', A.token))[0];
    expect((await t.post(`/api/types_articles/${pneu.id}/destroy`, {}, admin)).json().errors[0]).toMatch(
      /^Ce type d'article est utilisé par \d+ articles : il ne peut pas être supprimé\.$/,
    );
    expect(data(await t.get(`/api/villes/${lbv.id}`, A.token)).id).toBe(lbv.id);
  });

  it('names exactly what uses a city, across companies, until nothing does', async () => {
    const { t, admin, A, B } = ctx;
    const ville = data(await t.post('/api/villes', { code: 'USG', libelle: 'Usageville' }, admin));
    const made: Array<[string, string, number]> = [];
    for (const [nom, token] of [
      ['Garage Usage 1', A.token],
      ['Garage Usage 2', A.token],
      ['Garage Usage 3', B.token],
    ] as const) {
      made.push([
        'garages',
        token,
        data(await t.post('/api/garages', { nom, ville_id: ville.id }, token)).id,
      ]);
    }
    made.push([
      'fournisseurs',
      B.token,
      data(await t.post('/api/fournisseurs', { nom: 'Fournisseur Usage', ville_id: ville.id }, B.token)).id,
    ]);
    for (const [token, utilisateur] of [
      [A.token, A.id],
      [B.token, B.id],
    ] as const) {
      const body = { libelle: 'Dépôt Usage', ville: ville.id, lat: 0.4, lng: 9.4, utilisateur };
      made.push(['adresses', token, data(await t.post('/api/adresses', body, token)).id]);
    }
    for (const path of [
      `/api/villes/${ville.id}/destroy`,
      `/api/microservice/api-courses/villes/${ville.id}/destroy`,
    ]) {
      failed(
        await t.post(path, {}, admin),
        409,
        'Cette ville est utilisée par 2 adresses, 1 fournisseur et 3 garages : elle ne peut pas être supprimée.',
      );
    }
    // One of each left: singular nouns.
    for (const [table, token, id] of [made[0]!, made[1]!, made[4]!]) {
      const res = await t.post(`/api/${table}/${id}/destroy`, {}, token);
      expect(res.statusCode, res.body).toBe(200);
    }
    failed(
      await t.post(`/api/villes/${ville.id}/destroy`, {}, admin),
      409,
      'Cette ville est utilisée par 1 adresse, 1 fournisseur et 1 garage : elle ne peut pas être supprimée.',
    );
    for (const [table, token, id] of [made[2]!, made[3]!, made[5]!]) {
      expect((await t.post(`/api/${table}/${id}/destroy`, {}, token)).statusCode).toBe(200);
    }
    expect(
      (await t.post(`/api/microservice/api-courses/villes/${ville.id}/destroy`, {}, admin)).json().message,
    ).toBe('La ville a été supprimée.');
  });
});
