import fs from 'node:fs';
import path from 'node:path';
import { addDays, normalisePlaque, todayInGabon } from '@yams/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../src/db/migrate';
import { vehicules } from '../src/db/schema';
import { expectEvery } from './fixtures';
import {
  data,
  type FleetContext,
  type FleetKit,
  failed,
  fleetContext,
  fleetKit,
  type Json,
} from './fleet-fixtures';

let c: FleetContext;
let k: FleetKit;
let semi: number;
let pickup: number;
beforeAll(async () => {
  c = await fleetContext();
  k = await fleetKit(c);
  semi = k.typeId('Semi-remorque');
  pickup = k.typeId('Pick-up');
});

describe('GET /api/vehicules', () => {
  it('lists the company’s vehicles with type, tonnage, owner, driver, status and expiring papers', async () => {
    const { t, tg, tgId } = c;
    const list = data(await t.get('/api/vehicules', tg)) as Array<Json>;
    expect(list).toHaveLength(25);
    expectEvery(list, (v) => v.entreprise_id === tgId);
    const plaques = list.map((v) => v.plaque as string);
    expect(plaques).toEqual([...plaques].sort());
    expectEvery(plaques, (p) => /^GA-\d{3}-[A-Z]{2}$/.test(p));
    const v = list[0]!;
    expect(v).toMatchObject({
      type_vehicule: { id: expect.any(Number), libelle: expect.any(String) },
      tonnage: expect.any(Number),
      proprietaire: { id: tgId, nom_complet: 'TransGabon SARL' },
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
    const { t, tg, tgId, ogId } = c;
    expect(data(await t.get('/api/vehicules?statut=&type=&search=&req_count=1', tg))).toBe(25);
    const dispo = data(await t.get('/api/vehicules?statut=Disponible', tg)) as Array<{ statut: string }>;
    expect(dispo.length).toBeGreaterThan(5);
    expectEvery(dispo, (v) => v.statut === 'Disponible');
    failed(await t.get('/api/vehicules?statut=Perdu', tg), 422, "Le statut du véhicule n'est pas valide.");
    const semis = data(await t.get(`/api/vehicules?type=${semi}`, tg)) as Array<{ type_vehicule_id: number }>;
    expectEvery(semis, (v) => v.type_vehicule_id === semi);
    expect(data(await t.get(`/api/vehicules?type=${semi}&req_count=1`, tg))).toBe(semis.length);
    expect(data(await t.get(`/api/vehicules?proprietaire=${tgId}&req_count=1`, tg))).toBe(25);
    expect(data(await t.get(`/api/vehicules?proprietaire=${ogId}&req_count=1`, tg))).toBe(0);
    failed(
      await t.get('/api/vehicules?proprietaire=abc', tg),
      422,
      'Le filtre propriétaire doit être un identifiant.',
    );
    const all = data(await t.get('/api/vehicules', tg)) as Array<{
      chauffeur_id: number | null;
      plaque: string;
      marque: string;
    }>;
    const chauffeurId = all.find((v) => v.chauffeur_id)!.chauffeur_id!;
    const driven = data(await t.get(`/api/vehicules?chauffeur=${chauffeurId}`, tg)) as Array<{
      chauffeur_id: number;
    }>;
    expect(driven.length).toBeGreaterThan(0);
    expectEvery(driven, (v) => v.chauffeur_id === chauffeurId);
    const plaque = all[3]!.plaque;
    expect(
      data(await t.get(`/api/vehicules?search=${plaque.slice(3, 6)}`, tg)).map(
        (v: { plaque: string }) => v.plaque,
      ),
    ).toContain(plaque);
    const marque = all[0]!.marque;
    const byBrand = data(
      await t.get(`/api/vehicules?search=${encodeURIComponent(marque.toLowerCase())}`, tg),
    ) as Array<{ marque: string }>;
    expectEvery(byBrand, (v) => v.marque === marque);
  });

  it('pages with the Laravel shape, 6 per page by default, counts and caps', async () => {
    const { t, tg } = c;
    const page = data(await t.get('/api/vehicules?page=2', tg));
    expect(page).toMatchObject({ current_page: 2, per_page: 6, total: 25, last_page: 5, from: 7, to: 12 });
    expect(page.data).toHaveLength(6);
    expect(data(await t.get('/api/vehicules?req_count=1', tg))).toBe(25);
    expect(data(await t.get('/api/vehicules?limit=4', tg))).toHaveLength(4);
  });

  it('counts documents expiring within 30 days, the expired ones included', async () => {
    const { t, tg } = c;
    const v = await k.vehicule();
    const today = todayInGabon();
    for (const [libelle, offset] of [
      ['Assurance', 10],
      ['Visite technique', -3],
      ['Patente', 100],
      ['Carte grise', null],
    ] as const) {
      const date_expiration = offset === null ? null : addDays(today, offset);
      data(await t.post('/api/documents', { libelle, camion_id: v.id, date_expiration }, tg));
    }
    const row = data(await t.get(`/api/vehicules?search=${v.plaque}`, tg))[0];
    expect(row).toMatchObject({ documents_expiring: 2, documents_expired: 1 });
    const detail = data(await t.get(`/api/vehicules/${v.id}`, tg));
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
    const res = await c.t.post('/api/vehicules', {}, c.tg);
    failed(res, 422, 'La plaque est obligatoire.', 'plaque');
    failed(res, 422, 'La marque est obligatoire.', 'marque');
    failed(res, 422, 'Le type de véhicule est obligatoire.', 'type_vehicule_id');
    failed(
      await c.t.post('/api/vehicules', { plaque: 'GA/12', marque: 'MAN', type_vehicule_id: semi }, c.tg),
      422,
      'La plaque ne peut contenir que des lettres, des chiffres, des espaces et des tirets.',
      'plaque',
    );
    failed(
      await c.t.post('/api/vehicules', { plaque: 'GA-1', marque: 'MAN', type_vehicule_id: 99999 }, c.tg),
      422,
      "Ce type de véhicule n'existe pas.",
      'type_vehicule_id',
    );
    failed(
      await c.t.post(
        '/api/vehicules',
        { plaque: 'GA-1', marque: 'MAN', type_vehicule_id: semi, tonnage: 'lourd' },
        c.tg,
      ),
      422,
      'Le tonnage doit être un nombre.',
      'tonnage',
    );
  });

  it('stores one canonical plate, unique within the company whatever its spelling (issue 7, item 3)', async () => {
    const { t, tg, og, tgId } = c;
    const res = await t.post(
      '/api/vehicules',
      { plaque: ' ge 175 rx ', marque: 'MAN', modele: 'TGS', type_vehicule_id: semi, tonnage: 32.5 },
      tg,
    );
    expect(res.json().message).toBe('Le véhicule a été ajouté.');
    const v = data(res);
    expect(v).toMatchObject({
      plaque: 'GE-175-RX',
      tonnage: 32.5,
      statut: 'Nouveau',
      entreprise_id: tgId,
      proprietaire: { id: tgId },
    });
    const [stored] = await t.database.db.select().from(vehicules).where(eq(vehicules.id, v.id));
    expect(stored).toMatchObject({ plaque: 'GE-175-RX', tonnage_kg: 32_500 });
    // The same truck typed another way is refused, with the French message under the field.
    for (const plaque of ['GE-175-RX', 'GE 175 RX', 'ge175rx', 'Ge-175 rx'])
      failed(
        await t.post('/api/vehicules', { plaque, marque: 'MAN', type_vehicule_id: semi }, tg),
        422,
        'Cette plaque est déjà enregistrée.',
        'plaque',
      );
    // A foreign or temporary plate keeps its groups, dashed, and is compared without them.
    const foreign = data(
      await t.post('/api/vehicules', { plaque: 'ww 12 34 b', marque: 'Iveco', type_vehicule_id: semi }, tg),
    );
    expect(foreign.plaque).toBe('WW-12-34-B');
    failed(
      await t.post('/api/vehicules', { plaque: 'WW1234B', marque: 'Iveco', type_vehicule_id: semi }, tg),
      422,
      'Cette plaque est déjà enregistrée.',
      'plaque',
    );
    // Search finds it however it is typed.
    for (const search of ['ge175', 'GE 175 R', 'ge-175-rx', 'e175rx']) {
      const found = data(await t.get(`/api/vehicules?search=${encodeURIComponent(search)}`, tg)) as Json[];
      expect(found.map((x) => x.plaque)).toContain('GE-175-RX');
    }
    const options = data(await t.get('/api/vehicules/options?search=ge175', tg)) as Json[];
    expect(options.map((o) => o.label)).toContain('GE-175-RX');
    // Another company may register the same plate (a vehicle sold from one to the other).
    expect(
      data(await t.post('/api/vehicules', { plaque: 'GE175RX', marque: 'MAN', type_vehicule_id: semi }, og))
        .plaque,
    ).toBe('GE-175-RX');
    const other = await k.vehicule();
    failed(
      await t.post(`/api/vehicules/${other.id}/update`, { plaque: 'ge 175rx' }, tg),
      422,
      'Cette plaque est déjà enregistrée.',
      'plaque',
    );
    // Its own plate retyped is no conflict.
    expect(data(await t.post(`/api/vehicules/${v.id}/update`, { plaque: 'ge 175 rx' }, tg)).plaque).toBe(
      'GE-175-RX',
    );
    // The database itself refuses a second spelling written behind the service's back.
    await expect(
      t.database.db.insert(vehicules).values({ entreprise_id: tgId, plaque: 'GE175RX', marque: 'X' }),
    ).rejects.toThrow();
  });

  it('the migration rewrites stored plates canonically and keeps every duplicate, marked', async () => {
    const { t, tgId } = c;
    const db = t.database.db;
    // Rows as an older version stored them (before the unique index compared without dashes).
    await db.execute(sql`drop index vehicules_plaque_cle_unique`);
    const old = await db
      .insert(vehicules)
      .values(
        ['GA 999 QA', 'gb 12 cd', 'GA-555-ZZ', 'GA 555 ZZ', 'ga555zz'].map((plaque) => ({
          entreprise_id: tgId,
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
    const seeded = data(await t.get('/api/vehicules?limit=100', c.tg)) as Json[];
    expect(seeded.filter((v) => v.marque !== 'Ancien').length).toBeGreaterThan(20);
    expectEvery(seeded, (v) => v.plaque === normalisePlaque(v.plaque as string) || v.marque === 'Ancien');
  });

  it('takes an owner of the company only, and a driver among its camionneurs and coursiers', async () => {
    const { t, tg, ogId, tgId, admin } = c;
    const base = { marque: 'Toyota', modele: 'Hilux', type_vehicule_id: pickup };
    failed(
      await t.post('/api/vehicules', { ...base, plaque: 'PR-1', proprietaire_id: ogId }, tg),
      422,
      'Le propriétaire doit être un transporteur de la même entreprise que le véhicule.',
      'proprietaire_id',
    );
    const staff = data(await t.get('/api/utilisateurs?limit=100', tg)) as Array<{ id: number; type: string }>;
    const client = staff.find((u) => u.type === 'client')!;
    const camionneur = staff.find((u) => u.type === 'camionneur')!;
    const coursier = staff.find((u) => u.type === 'coursier')!;
    failed(
      await t.post('/api/vehicules', { ...base, plaque: 'PR-2', proprietaire_id: client.id }, tg),
      422,
      'Le propriétaire doit être un transporteur de la même entreprise que le véhicule.',
      'proprietaire_id',
    );
    failed(
      await t.post('/api/vehicules', { ...base, plaque: 'PR-3', chauffeur_id: client.id }, tg),
      422,
      'Le chauffeur doit être un camionneur ou un coursier de la même entreprise que le véhicule.',
      'chauffeur_id',
    );
    const ogStaff = data(await t.get('/api/utilisateurs?type=camionneur&limit=1', c.og))[0];
    failed(
      await t.post('/api/vehicules', { ...base, plaque: 'PR-4', chauffeur_id: ogStaff.id }, tg),
      422,
      'Le chauffeur doit être un camionneur ou un coursier de la même entreprise que le véhicule.',
      'chauffeur_id',
    );
    const v = data(
      await t.post(
        '/api/vehicules',
        { ...base, plaque: 'PR-5', proprietaire_id: tgId, chauffeur_id: camionneur.id },
        tg,
      ),
    );
    expect(v.chauffeur.id).toBe(camionneur.id);
    expect(
      data(await t.post(`/api/vehicules/${v.id}/update`, { chauffeur_id: coursier.id }, tg)).chauffeur.id,
    ).toBe(coursier.id);
    expect(
      data(await t.post(`/api/vehicules/${v.id}/update`, { chauffeur_id: null }, tg)).chauffeur,
    ).toBeNull();
    // A superadmin names the company, or lets the owner decide it.
    failed(
      await t.post('/api/vehicules', { ...base, plaque: 'SA-1' }, admin),
      422,
      "L'entreprise est obligatoire.",
      'entreprise_id',
    );
    expect(
      data(await t.post('/api/vehicules', { ...base, plaque: 'SA-2', proprietaire_id: ogId }, admin))
        .entreprise_id,
    ).toBe(ogId);
    expect(
      data(await t.post('/api/vehicules', { ...base, plaque: 'SA-3', entreprise_id: tgId }, admin))
        .proprietaire_id,
    ).toBe(tgId);
  });

  it('gives the independent camionneur its own two trucks, driven by itself', async () => {
    const token = await c.t.login('camionneur@yams.ga');
    const me = data(await c.t.get('/api/me', token));
    const own = data(await c.t.get('/api/vehicules', token)) as Array<{
      proprietaire_id: number;
      chauffeur_id: number;
    }>;
    expect(own).toHaveLength(2);
    expectEvery(own, (v) => v.proprietaire_id === me.id && v.chauffeur_id === me.id);
  });
});
