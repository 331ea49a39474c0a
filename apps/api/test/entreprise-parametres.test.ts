import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { parametresEntreprise, users } from '../src/db/schema';
import { getParametres } from '../src/modules/entreprise/parametres.repository';
import { data, type Fixtures, failed, setupFixtures } from './fixtures';
import { multipart } from './helpers';

let ctx: Fixtures;
beforeAll(async () => {
  ctx = await setupFixtures();
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function upload(token: string, bytes: Buffer, query = '', type = 'image/png') {
  const { payload, contentType } = multipart('logo', 'logo.png', type, bytes);
  return ctx.t.app.inject({
    method: 'POST',
    url: `/api/entreprise/parametres/logo${query}`,
    payload,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
  });
}

describe('company settings', () => {
  it('are the defaults with the account identity until the first save', async () => {
    const [account] = await ctx.t.database.db.select().from(users).where(eq(users.id, ctx.B.id));
    const p = data(await ctx.t.get('/api/entreprise/parametres', ctx.B.token));
    expect(p).toMatchObject({
      entreprise_id: ctx.B.id,
      adresse: account!.adresse,
      telephone: account!.telephone1,
      email: account!.email,
      nif: null,
      rccm: null,
      logo: null,
      prefixe_facture: 'FAC',
      objectif_mensuel: 0,
      delai_en_ligne_min: 5,
      rayon_arrivee_m: 300,
      arret_min_minutes: 5,
      trajet_distance_min_m: 500,
      vitesse_mouvement_kmh: 5,
      updated_at: null,
    });
    expect(p.raison_sociale).toContain(account!.nom);
    const rows = await ctx.t.database.db
      .select()
      .from(parametresEntreprise)
      .where(eq(parametresEntreprise.entreprise_id, ctx.B.id));
    expect(rows).toEqual([]);
  });

  it('save the fields sent and keep the others (a partial save from the dashboard)', async () => {
    const full = {
      raison_sociale: 'TransGabon SARL',
      adresse: 'BP 1234, Libreville',
      telephone: '+241 01 76 00 00',
      email: 'Compta@TransGabon.ga',
      nif: '202301234567A',
      rccm: 'GA-LBV-2023-B-01234',
      prefixe_facture: 'tg-fac',
      objectif_mensuel: '25000000',
      delai_en_ligne_min: 10,
      rayon_arrivee_m: 500,
      arret_min_minutes: 10,
      trajet_distance_min_m: 1000,
      vitesse_mouvement_kmh: 8,
    };
    const saved = data(await ctx.t.post('/api/entreprise/parametres/update', full, ctx.A.token));
    expect(saved).toMatchObject({
      ...full,
      email: 'compta@transgabon.ga',
      prefixe_facture: 'TG-FAC',
      objectif_mensuel: 25_000_000,
    });
    expect(saved.updated_at).not.toBeNull();
    const partial = data(
      await ctx.t.post('/api/entreprise/parametres/update', { objectif_mensuel: 30_000_000 }, ctx.A.token),
    );
    expect(partial).toMatchObject({ ...saved, objectif_mensuel: 30_000_000, updated_at: partial.updated_at });
    const [row] = await ctx.t.database.db
      .select()
      .from(parametresEntreprise)
      .where(eq(parametresEntreprise.entreprise_id, ctx.A.id));
    expect(row).toMatchObject({
      nif: '202301234567A',
      objectif_mensuel: 30_000_000,
      prefixe_facture: 'TG-FAC',
    });
    // The repository other modules use answers the same.
    expect(await getParametres(ctx.t.database.db, ctx.A.id)).toMatchObject({
      nif: '202301234567A',
      rccm: full.rccm,
    });
    // A blank optional field clears it.
    expect(
      data(await ctx.t.post('/api/entreprise/parametres/update', { rccm: '' }, ctx.A.token)).rccm,
    ).toBeNull();
    // Other companies are untouched.
    expect(data(await ctx.t.get('/api/entreprise/parametres', ctx.B.token)).objectif_mensuel).toBe(0);
  });

  it('refuse bad input in French, naming the field, and store nothing', async () => {
    const before = data(await ctx.t.get('/api/entreprise/parametres', ctx.A.token));
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ objectif_mensuel: -5 }, 'objectif_mensuel', "L'objectif mensuel ne peut pas être négatif."],
      [
        { objectif_mensuel: 'beaucoup' },
        'objectif_mensuel',
        "L'objectif mensuel n'est pas un nombre de francs CFA valide (exemples : 1250000, 1 250 000, 1.250.000 ou 17500,00).",
      ],
      [{ raison_sociale: '  ' }, 'raison_sociale', 'La raison sociale est obligatoire.'],
      [{ email: 'pas-un-email' }, 'email', "L'email n'est pas valide."],
      [
        { prefixe_facture: 'FAC/2026' },
        'prefixe_facture',
        'Le préfixe des factures ne contient que des lettres, des chiffres et des tirets.',
      ],
      [{ delai_en_ligne_min: 0 }, 'delai_en_ligne_min', 'Le délai en ligne doit être au moins 1.'],
      [{ rayon_arrivee_m: 5 }, 'rayon_arrivee_m', "Le rayon d'arrivée doit être au moins 10."],
      [{ arret_min_minutes: 0 }, 'arret_min_minutes', "La durée minimale d'un arrêt doit être au moins 1."],
      [
        { trajet_distance_min_m: 60_000 },
        'trajet_distance_min_m',
        "La distance minimale d'un trajet ne peut pas dépasser 50000.",
      ],
      [
        { vitesse_mouvement_kmh: 'vite' },
        'vitesse_mouvement_kmh',
        'La vitesse de mouvement doit être un nombre.',
      ],
    ];
    for (const [body, field, message] of cases) {
      failed(await ctx.t.post('/api/entreprise/parametres/update', body, ctx.A.token), 422, message, field);
    }
    expect(data(await ctx.t.get('/api/entreprise/parametres', ctx.A.token))).toEqual(before);
  });

  it('take a logo image, serve it, replace it and remove it', async () => {
    const saved = data(await upload(ctx.A.token, PNG));
    expect(saved.logo).toMatch(new RegExp(`^logos/${ctx.A.id}/[0-9a-f-]+\\.png$`));
    const abs = path.join(ctx.t.dataDir, 'uploads', saved.logo);
    expect(fs.readFileSync(abs)).toEqual(PNG);
    const got = await ctx.t.get('/api/entreprise/parametres/logo', ctx.A.token);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload).toEqual(PNG);

    const replaced = data(await upload(ctx.A.token, PNG));
    expect(replaced.logo).not.toBe(saved.logo);
    expect(fs.existsSync(abs)).toBe(false);

    failed(
      await upload(ctx.A.token, Buffer.from('%PDF-1.4 pas une image')),
      422,
      'Le logo doit être une image PNG, JPEG ou WEBP.',
      'logo',
    );
    failed(
      await upload(ctx.A.token, Buffer.alloc(3 * 1024 * 1024, 1)),
      422,
      'Le logo ne doit pas dépasser 2 Mo.',
      'logo',
    );
    failed(
      await ctx.t.post('/api/entreprise/parametres/logo', { logo: 'x' }, ctx.A.token),
      422,
      'Envoyez le logo comme fichier (multipart/form-data, champ « logo »).',
      'logo',
    );
    expect(data(await ctx.t.get('/api/entreprise/parametres', ctx.A.token)).logo).toBe(replaced.logo);

    const removed = data(await ctx.t.post('/api/entreprise/parametres/update', { logo: null }, ctx.A.token));
    expect(removed.logo).toBeNull();
    expect(fs.existsSync(path.join(ctx.t.dataDir, 'uploads', replaced.logo))).toBe(false);
    failed(
      await ctx.t.get('/api/entreprise/parametres/logo', ctx.A.token),
      404,
      "Cette entreprise n'a pas de logo.",
    );
  });

  it('are per company; a superadmin names the company', async () => {
    data(await ctx.t.post('/api/entreprise/parametres/update', { nif: 'OG-NIF-1' }, ctx.B.token));
    // A company's query parameter never reaches another company.
    const mine = data(await ctx.t.get(`/api/entreprise/parametres?entreprise=${ctx.B.id}`, ctx.A.token));
    expect(mine.entreprise_id).toBe(ctx.A.id);
    data(
      await ctx.t.post(
        `/api/entreprise/parametres/update?entreprise=${ctx.B.id}`,
        { nif: 'VOLÉ' },
        ctx.A.token,
      ),
    );
    expect(data(await ctx.t.get('/api/entreprise/parametres', ctx.B.token)).nif).toBe('OG-NIF-1');

    failed(
      await ctx.t.get('/api/entreprise/parametres', ctx.admin),
      422,
      "L'entreprise est obligatoire.",
      'entreprise',
    );
    expect(data(await ctx.t.get(`/api/entreprise/parametres?entreprise=${ctx.B.id}`, ctx.admin)).nif).toBe(
      'OG-NIF-1',
    );
    const set = data(
      await ctx.t.post(
        `/api/entreprise/parametres/update?entreprise=${ctx.B.id}`,
        { objectif_mensuel: 1000 },
        ctx.admin,
      ),
    );
    expect(set).toMatchObject({ entreprise_id: ctx.B.id, nif: 'OG-NIF-1', objectif_mensuel: 1000 });
    data(await upload(ctx.admin, PNG, `?entreprise=${ctx.B.id}`));
    expect(
      (await ctx.t.get(`/api/entreprise/parametres/logo?entreprise=${ctx.B.id}`, ctx.admin)).statusCode,
    ).toBe(200);
    expect((await ctx.t.get('/api/entreprise/parametres/logo', ctx.B.token)).statusCode).toBe(200);
    // A client account is no company.
    const [client] = await ctx.t.database.db.select().from(users).where(eq(users.email, 'client@yams.ga'));
    failed(
      await ctx.t.get(`/api/entreprise/parametres?entreprise=${client!.id}`, ctx.admin),
      422,
      "Cette entreprise n'existe pas.",
      'entreprise',
    );
    failed(await ctx.t.get('/api/entreprise/parametres'), 401, 'Vous devez vous connecter pour continuer.');
  });
});

it('are documented in the OpenAPI document', async () => {
  const doc = (await ctx.t.get('/api/docs/json')).json();
  expect(doc.paths['/api/entreprise/parametres'].get).toBeDefined();
  expect(doc.paths['/api/entreprise/parametres/update'].post).toBeDefined();
  expect(doc.paths['/api/entreprise/parametres/logo'].post).toBeDefined();
  expect(doc.paths['/api/entreprise/parametres/logo'].get).toBeDefined();
});
