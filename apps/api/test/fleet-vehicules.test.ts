import fs from 'node:fs';
import path from 'node:path';
import { addDays, normalisePlaque, todayInGabon } from '@yams/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../src/db/migrate';
import { vehicules } from '../src/db/schema';
import { data, expectEvery, type Fixtures, failed, type Json, setupFixtures } from './fixtures';

let ctx: Fixtures;
let semi: number;
let pickup: number;
beforeAll(async () => {
  ctx = await setupFixtures();
  semi = await ctx.typeVehicule('Semi-remorque');
  pickup = await ctx.typeVehicule('Pick-up');
});

describe('GET /api/vehicules', () => {
  it('lists the company’s vehicles with type, tonnage, owner, driver, status and expiring papers', async () => {
    const { t, A } = ctx;
    const list = data(await t.get('/api/vehicules', A.token)) as Array<Json>;
    expect(list).toHaveLength(25);
    expectEvery(list, (v) => v.entreprise_id === A.id);
    const plaques = list.map((v) => v.plaque as string);
    expect(plaques).toEqual([...plaques].sort());
    expectEvery(plaques, (p) => /^GA-\d{3}-[A-Z]{2}$/.test(p));
    const v = list[0]!;
    expect(v).toMatchObject({
      type_vehicule: { id: expect.any(Number), libelle: expect.any(String) },
      tonnage: expect.any(Number),
      proprietaire: { id: A.id, nom_complet: 'TransGabon SARL' },
      documents_expiring: expect.any(Number),
    });
    const driven = list.find((x) => x.chauffeur !== null)!;
    expect(driven.chauffeur).toEqual({
      id: driven.chauffeur_id,
      nom_complet: expect.stringMatching(/\S+ \S+/),
    });
    expect(list.some((x) => (x.documents_expiring as number) > 0)).toBe(true);
    expect(
      list.some((x) => x.tonnage === 40 || x.tonnage === 0.1 || x.tonnage === 4.5 || x.tonnage === 26),
    ).toBe(true);
  });

  it('filters by statut, type, owner, driver and search; empty values are ignored', async () => {
    const { t, A, B } = ctx;
    expect(data(await t.get('/api/vehicules?statut=&type=&search=&req_count=1', A.token))).toBe(25);
    const dispo = data(await t.get('/api/vehicules?statut=Disponible', A.token)) as Array<{ statut: string }>;
    expect(dispo.length).toBeGreaterThan(5);
    expectEvery(dispo, (v) => v.statut === 'Disponible');
    failed(
      await t.get('/api/vehicules?statut=Perdu', A.token),
      422,
      "Le statut du véhicule n'est pas valide.",
    );
    const semis = data(await t.get(`/api/vehicules?type=${semi}`, A.token)) as Array<{
      type_vehicule_id: number;
    }>;
    expectEvery(semis, (v) => v.type_vehicule_id === semi);
    expect(data(await t.get(`/api/vehicules?type=${semi}&req_count=1`, A.token))).toBe(semis.length);
    expect(data(await t.get(`/api/vehicules?proprietaire=${A.id}&req_count=1`, A.token))).toBe(25);
    expect(data(await t.get(`/api/vehicules?proprietaire=${B.id}&req_count=1`, A.token))).toBe(0);
    failed(
      await t.get('/api/vehicules?proprietaire=abc', A.token),
      422,
      'Le filtre propriétaire doit être un identifiant.',
    );
    const all = data(await t.get('/api/vehicules', A.token)) as Array<{
      chauffeur_id: number | null;
      plaque: string;
      marque: string;
    }>;
    const chauffeurId = all.find((v) => v.chauffeur_id)!.chauffeur_id!;
    const driven = data(await t.get(`/api/vehicules?chauffeur=${chauffeurId}`, A.token)) as Array<{
      chauffeur_id: number;
    }>;
    expect(driven.length).toBeGreaterThan(0);
    expectEvery(driven, (v) => v.chauffeur_id === chauffeurId);
    const plaque = all[3]!.plaque;
    expect(
      data(await t.get(`/api/vehicules?search=${plaque.slice(3, 6)}`, A.token)).map(
        (v: { plaque: string }) => v.plaque,
      ),
    ).toContain(plaque);
    const marque = all[0]!.marque;
    const byBrand = data(
      await t.get(`/api/vehicules?search=${encodeURIComponent(marque.toLowerCase())}`, A.token),
    ) as Array<{ marque: string }>;
    expectEvery(byBrand, (v) => v.marque === marque);
  });

  it('pages with the Laravel shape, 6 per page by default, counts and caps', async () => {
    const { t, A } = ctx;
    const page = data(await t.get('/api/vehicules?page=2', A.token));
    expect(page).toMatchObject({ current_page: 2, per_page: 6, total: 25, last_page: 5, from: 7, to: 12 });
    expect(page.data).toHaveLength(6);
    expect(data(await t.get('/api/vehicules?req_count=1', A.token))).toBe(25);
    expect(data(await t.get('/api/vehicules?limit=4', A.token))).toHaveLength(4);
  });

  it('counts documents expiring within 30 days, the expired ones included', async () => {
    const { t, A } = ctx;
    const v = await ctx.vehicule(ctx.A, { statut: 'Nouveau' });
    const today = todayInGabon();
    for (const [libelle, offset] of [
      ['Assurance', 10],
      ['Visite technique', -3],
      ['Patente', 100],
      ['Carte grise', null],
    ] as const) {
      const date_expiration = offset === null ? null : addDays(today, offset);
      data(await t.post('/api/documents', { libelle, camion_id: v.id, date_expiration }, A.token));
    }
    const row = data(await t.get(`/api/vehicules?search=${v.plaque}`, A.token))[0];
    expect(row).toMatchObject({ documents_expiring: 2, documents_expired: 1 });
    const detail = data(await t.get(`/api/vehicules/${v.id}`, A.token));
    expect(detail.documents.map((d: { libelle: string; etat: string }) => [d.libelle, d.etat])).toEqual([
      ['Visite technique', 'Expiré'],
      ['Assurance', 'Expire bientôt'],
      ['Patente', 'Valide'],
      ['Carte grise', 'Sans expiration'],
    ]);
  });
});

describe('POST /api/vehicules', () => {
  it('requires plate, brand and type, in French', async () => {
    const res = await ctx.t.post('/api/vehicules', {}, ctx.A.token);
    failed(res, 422, 'La plaque est obligatoire.', 'plaque');
    failed(res, 422, 'La marque est obligatoire.', 'marque');
    failed(res, 422, 'Le type de véhicule est obligatoire.', 'type_vehicule_id');
    failed(
      await ctx.t.post(
        '/api/vehicules',
        { plaque: 'GA/12', marque: 'MAN', type_vehicule_id: semi },
        ctx.A.token,
      ),
      422,
      'La plaque ne peut contenir que des lettres, des chiffres, des espaces et des tirets.',
      'plaque',
    );
    failed(
      await ctx.t.post(
        '/api/vehicules',
        { plaque: 'GA-1', marque: 'MAN', type_vehicule_id: 99999 },
        ctx.A.token,
      ),
      422,
      "Ce type de véhicule n'existe pas.",
      'type_vehicule_id',
    );
    failed(
      await ctx.t.post(
        '/api/vehicules',
        { plaque: 'GA-1', marque: 'MAN', type_vehicule_id: semi, tonnage: 'lourd' },
        ctx.A.token,
      ),
      422,
      'Le tonnage doit être un nombre.',
      'tonnage',
    );
  });

  it('stores one canonical plate, unique within the company whatever its spelling', async () => {
    const { t, A, B } = ctx;
    const res = await t.post(
      '/api/vehicules',
      { plaque: ' ge 175 rx ', marque: 'MAN', modele: 'TGS', type_vehicule_id: semi, tonnage: 32.5 },
      A.token,
    );
    expect(res.json().message).toBe('Le véhicule a été ajouté.');
    const v = data(res);
    expect(v).toMatchObject({
      plaque: 'GE-175-RX',
      tonnage: 32.5,
      statut: 'Nouveau',
      entreprise_id: A.id,
      proprietaire: { id: A.id },
    });
    const [stored] = await t.database.db.select().from(vehicules).where(eq(vehicules.id, v.id));
    expect(stored).toMatchObject({ plaque: 'GE-175-RX', tonnage_kg: 32_500 });
    // The same truck typed another way is refused, with the French message under the field.
    for (const plaque of ['GE-175-RX', 'GE 175 RX', 'ge175rx', 'Ge-175 rx'])
      failed(
        await t.post('/api/vehicules', { plaque, marque: 'MAN', type_vehicule_id: semi }, A.token),
        422,
        'Cette plaque est déjà enregistrée.',
        'plaque',
      );
    // A foreign or temporary plate keeps its groups, dashed, and is compared without them.
    const foreign = data(
      await t.post(
        '/api/vehicules',
        { plaque: 'ww 12 34 b', marque: 'Iveco', type_vehicule_id: semi },
        A.token,
      ),
    );
    expect(foreign.plaque).toBe('WW-12-34-B');
    failed(
      await t.post('/api/vehicules', { plaque: 'WW1234B', marque: 'Iveco', type_vehicule_id: semi }, A.token),
      422,
      'Cette plaque est déjà enregistrée.',
      'plaque',
    );
    // Search finds it however it is typed.
    for (const search of ['ge175', 'GE 175 R', 'ge-175-rx', 'e175rx']) {
      const found = data(
        await t.get(`/api/vehicules?search=${encodeURIComponent(search)}`, A.token),
      ) as Json[];
      expect(found.map((x) => x.plaque)).toContain('GE-175-RX');
    }
    const options = data(await t.get('/api/vehicules/options?search=ge175', A.token)) as Json[];
    expect(options.map((o) => o.label)).toContain('GE-175-RX');
    // Another company may register the same plate (a vehicle sold from one to the other).
    expect(
      data(
        await t.post('/api/vehicules', { plaque: 'GE175RX', marque: 'MAN', type_vehicule_id: semi }, B.token),
      ).plaque,
    ).toBe('GE-175-RX');
    const other = await ctx.vehicule(ctx.A, { statut: 'Nouveau' });
    failed(
      await t.post(`/api/vehicules/${other.id}/update`, { plaque: 'ge 175rx' }, A.token),
      422,
      'Cette plaque est déjà enregistrée.',
      'plaque',
    );
    // Its own plate retyped is no conflict.
    expect(data(await t.post(`/api/vehicules/${v.id}/update`, { plaque: 'ge 175 rx' }, A.token)).plaque).toBe(
      'GE-175-RX',
    );
    // The database itself refuses a second spelling written behind the service's back.
    await expect(
      t.database.db.insert(vehicules).values({ entreprise_id: A.id, plaque: 'GE175RX', marque: 'X' }),
    ).rejects.toThrow();
  });

  it('the migration rewrites stored plates canonically and keeps every duplicate, marked', async () => {
    const { t, A } = ctx;
    const db = t.database.db;
    // Rows as an older version stored them (before the unique index compared without dashes).
    await db.execute(sql`drop index vehicules_plaque_cle_unique`);
    const old = await db
      .insert(vehicules)
      .values(
        ['GA 999 QA', 'gb 12 cd', 'GA-555-ZZ', 'GA 555 ZZ', 'ga555zz'].map((plaque) => ({
          entreprise_id: A.id,
          plaque,
          marque: 'Ancien',
        })),
      )
      .returning({ id: vehicules.id });
    const file = path.join(MIGRATIONS_FOLDER, '0013_plaques_canoniques.sql');
    await db.execute(sql.raw(fs.readFileSync(file, 'utf8')));
    await db.execute(
      sql`create unique index vehicules_plaque_cle_unique on vehicules (entreprise_id, replace(plaque, '-', ''))`,
    );
    const rows = await db
      .select({ id: vehicules.id, plaque: vehicules.plaque })
      .from(vehicules)
      .where(
        inArray(
          vehicules.id,
          old.map((o) => o.id),
        ),
      )
      .orderBy(vehicules.id);
    const [a, b, c1, c2, c3] = old.map((o) => o.id);
    expect(rows).toEqual([
      { id: a, plaque: 'GA-999-QA' },
      { id: b, plaque: 'GB-12-CD' },
      { id: c1, plaque: 'GA-555-ZZ' },
      { id: c2, plaque: `GA-555-ZZ-DOUBLON-${c2}` },
      { id: c3, plaque: `GA-555-ZZ-DOUBLON-${c3}` },
    ]);
    // The seeded plates were canonical already and stay as they were.
    const seeded = data(await t.get('/api/vehicules?limit=100', ctx.A.token)) as Json[];
    expect(seeded.filter((v) => v.marque !== 'Ancien').length).toBeGreaterThan(20);
    expectEvery(seeded, (v) => v.plaque === normalisePlaque(v.plaque as string) || v.marque === 'Ancien');
  });

  it('takes an owner of the company only, and a driver among its camionneurs and coursiers', async () => {
    const { t, A, B, admin } = ctx;
    const base = { marque: 'Toyota', modele: 'Hilux', type_vehicule_id: pickup };
    failed(
      await t.post('/api/vehicules', { ...base, plaque: 'PR-1', proprietaire_id: B.id }, A.token),
      422,
      'Le propriétaire doit être un transporteur de la même entreprise que le véhicule.',
      'proprietaire_id',
    );
    // One account of each type (the list is newest first: each type is asked for by itself).
    const oneOf = async (type: string) =>
      (data(await t.get(`/api/utilisateurs?type=${type}&limit=1`, A.token)) as Array<{ id: number }>)[0]!;
    const client = await oneOf('client');
    const camionneur = await oneOf('camionneur');
    const coursier = await oneOf('coursier');
    failed(
      await t.post('/api/vehicules', { ...base, plaque: 'PR-2', proprietaire_id: client.id }, A.token),
      422,
      'Le propriétaire doit être un transporteur de la même entreprise que le véhicule.',
      'proprietaire_id',
    );
    failed(
      await t.post('/api/vehicules', { ...base, plaque: 'PR-3', chauffeur_id: client.id }, A.token),
      422,
      'Le chauffeur doit être un camionneur ou un coursier de la même entreprise que le véhicule.',
      'chauffeur_id',
    );
    const ogStaff = data(await t.get('/api/utilisateurs?type=camionneur&limit=1', ctx.B.token))[0];
    failed(
      await t.post('/api/vehicules', { ...base, plaque: 'PR-4', chauffeur_id: ogStaff.id }, A.token),
      422,
      'Le chauffeur doit être un camionneur ou un coursier de la même entreprise que le véhicule.',
      'chauffeur_id',
    );
    const v = data(
      await t.post(
        '/api/vehicules',
        { ...base, plaque: 'PR-5', proprietaire_id: A.id, chauffeur_id: camionneur.id },
        A.token,
      ),
    );
    expect(v.chauffeur.id).toBe(camionneur.id);
    expect(
      data(await t.post(`/api/vehicules/${v.id}/update`, { chauffeur_id: coursier.id }, A.token)).chauffeur
        .id,
    ).toBe(coursier.id);
    expect(
      data(await t.post(`/api/vehicules/${v.id}/update`, { chauffeur_id: null }, A.token)).chauffeur,
    ).toBeNull();
    // A superadmin names the company, or lets the owner decide it.
    failed(
      await t.post('/api/vehicules', { ...base, plaque: 'SA-1' }, admin),
      422,
      "L'entreprise est obligatoire.",
      'entreprise_id',
    );
    expect(
      data(await t.post('/api/vehicules', { ...base, plaque: 'SA-2', proprietaire_id: B.id }, admin))
        .entreprise_id,
    ).toBe(B.id);
    expect(
      data(await t.post('/api/vehicules', { ...base, plaque: 'SA-3', entreprise_id: A.id }, admin))
        .proprietaire_id,
    ).toBe(A.id);
  });

  it('gives the independent camionneur its own two trucks, driven by itself', async () => {
    const token = await ctx.t.login('camionneur@yams.ga');
    const me = data(await ctx.t.get('/api/me', token));
    const own = data(await ctx.t.get('/api/vehicules', token)) as Array<{
      proprietaire_id: number;
      chauffeur_id: number;
    }>;
    expect(own).toHaveLength(2);
    expectEvery(own, (v) => v.proprietaire_id === me.id && v.chauffeur_id === me.id);
  });
});
