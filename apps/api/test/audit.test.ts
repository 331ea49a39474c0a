import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { runAs } from '../src/db/audit-context';
import { auditLog, garages, typesVehicules, vehicules } from '../src/db/schema';
import { transaction } from '../src/lib/transaction';
import { type Fixtures, setupFixtures } from './fixtures';

// The audit log: written by the database's triggers in the transaction of every write, attributed
// to the request's user, read through the API only (superadmins: the whole log; whoever reads a record: its
// history), never written through it.

type Entry = {
  id: number;
  table: string;
  entite: string;
  record_id: number;
  action: string;
  action_libelle: string;
  changements: Array<{
    champ: string;
    avant: unknown;
    apres: unknown;
    avant_libelle?: string | null;
    apres_libelle?: string | null;
  }>;
  user_id: number | null;
  utilisateur: string;
  entreprise_id: number | null;
};

let f: Fixtures;
const change = (e: Entry, champ: string) => e.changements.find((c) => c.champ === champ);
const logOf = (table: string, id: number) =>
  f.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.table_name, table), eq(auditLog.record_id, id)))
    .orderBy(auditLog.id);

beforeAll(async () => {
  f = await setupFixtures();
});

describe('audit log', () => {
  it('records a creation, an update of two fields, a state change and a deletion, by whom, from what to what', async () => {
    const plaque = `AUD-${process.pid % 1000}-1`;
    const [type] = await f.db.select().from(typesVehicules).limit(1);
    const created = await f.t.post(
      '/api/vehicules',
      { plaque, marque: 'Renault Trucks', tonnage: 20, statut: 'Disponible', type_vehicule_id: type!.id },
      f.A.token,
    );
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    const up = await f.t.post(
      `/api/vehicules/${id}/update`,
      { marque: 'Mercedes-Benz', tonnage: 32 },
      f.A.token,
    );
    expect(up.statusCode, up.body).toBe(200);
    const state = await f.t.post(`/api/vehicules/${id}/update`, { statut: 'Indisponible' }, f.A.token);
    expect(state.statusCode, state.body).toBe(200);

    const res = await f.t.get(`/api/vehicules/${id}/historique`, f.A.token);
    expect(res.statusCode, res.body).toBe(200);
    const history = res.json().data as Entry[];
    expect(history.map((e) => e.action)).toEqual(['etat', 'modification', 'creation']);
    const [etat, modif, creation] = history as [Entry, Entry, Entry];
    expect(history.map((e) => e.user_id)).toEqual([f.A.id, f.A.id, f.A.id]);
    expect(creation.utilisateur).not.toBe('Système');
    expect(creation.entite).toBe('Véhicule');
    expect(change(creation, 'plaque')).toEqual({ champ: 'plaque', avant: null, apres: plaque });
    expect(change(creation, 'entreprise_id')?.apres).toBe(f.A.id);
    // References come named: the type of vehicle's libellé, the company's name.
    expect(change(creation, 'type_vehicule_id')).toMatchObject({
      apres: type!.id,
      apres_libelle: type!.libelle,
    });
    expect(change(creation, 'entreprise_id')?.apres_libelle).toBe('TransGabon SARL');
    expect(modif.changements.map((c) => c.champ).sort()).toEqual(['marque', 'tonnage_kg']);
    expect(change(modif, 'marque')).toEqual({
      champ: 'marque',
      avant: 'Renault Trucks',
      apres: 'Mercedes-Benz',
    });
    // Stored as the database holds it: the tonnage in kilograms.
    expect(change(modif, 'tonnage_kg')).toEqual({ champ: 'tonnage_kg', avant: 20_000, apres: 32_000 });
    expect(etat.action_libelle).toBe("Changement d'état");
    expect(change(etat, 'statut')).toEqual({ champ: 'statut', avant: 'Disponible', apres: 'Indisponible' });
    expect(history.every((e) => e.entreprise_id === f.A.id)).toBe(true);

    const del = await f.t.post(`/api/vehicules/${id}/destroy`, {}, f.A.token);
    expect(del.statusCode, del.body).toBe(200);
    const [gone] = await f.db.select().from(vehicules).where(eq(vehicules.id, id));
    expect(gone).toBeUndefined();
    // The log keeps its rows after the audited row is gone; the deletion holds the last values.
    const stored = await logOf('vehicules', id);
    expect(stored.map((e) => e.action)).toEqual(['creation', 'modification', 'etat', 'suppression']);
    expect(stored.map((e) => e.user_id)).toEqual([f.A.id, f.A.id, f.A.id, f.A.id]);
    expect(stored[3]!.changes).toMatchObject({
      plaque,
      marque: 'Mercedes-Benz',
      tonnage_kg: 32_000,
      statut: 'Indisponible',
    });

    // The company still reads a deleted row's history; another company gets the 404 of a missing row.
    const after = await f.t.get(`/api/vehicules/${id}/historique`, f.A.token);
    expect(after.statusCode).toBe(200);
    expect((after.json().data as Entry[])[0]).toMatchObject({
      action: 'suppression',
      action_libelle: 'Suppression',
    });
    const foreign = await f.t.get(`/api/vehicules/${id}/historique`, f.B.token);
    const missing = await f.t.get('/api/vehicules/2000000000/historique', f.B.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect(foreign.json().errors).toEqual(["Cette fiche n'existe pas."]);

    // The superadmin's log, filtered on the record, says the same.
    const all = await f.t.get(`/api/audit?table=vehicules&record=${id}&page=1&per_page=10`, f.admin);
    expect(all.statusCode, all.body).toBe(200);
    const page = all.json().data as { total: number; data: Array<Entry & { entreprise_nom?: string }> };
    expect(page.total).toBe(4);
    expect(page.data.map((e) => e.action)).toEqual(['suppression', 'etat', 'modification', 'creation']);
    expect(page.data[0]!.entreprise_nom).toBeTruthy();
  });

  it('a write that fails and rolls back leaves no entry', async () => {
    const nom = `Garage rollback ${process.pid}`;
    await expect(
      runAs(f.A.id, () =>
        transaction(f.db, async (tx) => {
          await tx.insert(garages).values({ entreprise_id: f.A.id, nom });
          const [row] = await tx.select().from(garages).where(eq(garages.nom, nom));
          // Written inside the transaction, seen there…
          const inside = await tx.select().from(auditLog).where(eq(auditLog.record_id, row!.id));
          expect(inside.filter((e) => e.table_name === 'garages')).toHaveLength(1);
          throw new Error('échec volontaire');
        }),
      ),
    ).rejects.toThrow('échec volontaire');
    // …and gone with it.
    const after = await f.db.execute(
      sql`select count(*)::int as n from audit_log where table_name = 'garages' and changes->>'nom' = ${nom}`,
    );
    expect((after as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
    // A refused write through the API (a city that does not exist) leaves nothing either.
    const before = await f.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    const bad = await f.t.post('/api/garages', { nom: 'Garage fantôme', ville_id: 99999 }, f.A.token);
    expect(bad.statusCode).toBe(422);
    expect(await f.db.select({ n: sql<number>`count(*)::int` }).from(auditLog)).toEqual(before);
  });

  it('attributes each request’s writes to its own user, concurrent requests and the system included', async () => {
    const [va, vb] = await Promise.all([f.vehicule(f.A), f.vehicule(f.B)]);
    // Parallel updates by two companies on one embedded connection: no attribution leaks across.
    const rounds = await Promise.all(
      [1, 2, 3, 4].flatMap((i) => [
        f.t.post(`/api/vehicules/${va.id}/update`, { tonnage: 10 + i }, f.A.token),
        f.t.post(`/api/vehicules/${vb.id}/update`, { tonnage: 20 + i }, f.B.token),
      ]),
    );
    expect(rounds.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const a = (await logOf('vehicules', va.id)).filter((e) => e.action === 'modification');
    const b = (await logOf('vehicules', vb.id)).filter((e) => e.action === 'modification');
    expect(a.length).toBeGreaterThan(0);
    expect(b.length).toBeGreaterThan(0);
    expect([...new Set(a.map((e) => e.user_id))]).toEqual([f.A.id]);
    expect([...new Set(b.map((e) => e.user_id))]).toEqual([f.B.id]);
    // A single statement outside any transaction (the reference CRUD) is attributed too.
    const [garage] = await f.db.select().from(garages).where(eq(garages.entreprise_id, f.A.id)).limit(1);
    const renamed = await f.t.post(
      `/api/garages/${garage!.id}/update`,
      { ...garage, nom: `${garage!.nom} (audit)` },
      f.A.token,
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    const g = await logOf('garages', garage!.id);
    expect(g.at(-1)).toMatchObject({ action: 'modification', user_id: f.A.id });
    expect(g.at(-1)!.changes).toEqual({ nom: [garage!.nom, `${garage!.nom} (audit)`] });
    // The fixtures write through the services outside any request: the system.
    const creation = (await logOf('vehicules', va.id))[0]!;
    expect(creation).toMatchObject({ action: 'creation', user_id: null });
    const history = (await f.t.get(`/api/vehicules/${va.id}/historique`, f.A.token)).json().data as Entry[];
    expect(history.at(-1)!.utilisateur).toBe('Système');
  });

  it('never stores a password, and a company reads no other company’s history', async () => {
    const withSecret = await f.db.execute(
      sql`select count(*)::int as n from audit_log where changes ? 'password' and changes->>'password' <> '***'
          and not (jsonb_typeof(changes->'password') = 'array' and changes->'password' <@ '["***", null]'::jsonb)`,
    );
    expect((withSecret as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
    const [vb] = await f.db.select().from(vehicules).where(eq(vehicules.entreprise_id, f.B.id)).limit(1);
    const res = await f.t.get(`/api/vehicules/${vb!.id}/historique`, f.A.token);
    expect(res.statusCode).toBe(404);
    const own = await f.t.get(`/api/vehicules/${vb!.id}/historique`, f.B.token);
    expect(own.statusCode).toBe(200);
  });

  it('the whole log is the superadmins’: filters, French labels, 403 for a company', async () => {
    const company = await f.t.get('/api/audit?page=1&per_page=5', f.A.token);
    expect(company.statusCode).toBe(403);
    const [own] = await f.db.select().from(auditLog).where(eq(auditLog.entreprise_id, f.A.id)).limit(1);
    expect((await f.t.get(`/api/audit/${own!.id}`, f.A.token)).statusCode).toBe(403);
    const one = await f.t.get(`/api/audit/${own!.id}`, f.admin);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toMatchObject({ id: own!.id, entreprise_id: f.A.id });
    const byUser = await f.t.get(`/api/audit?utilisateur=${f.A.id}&action=etat&page=1&per_page=50`, f.admin);
    expect(byUser.statusCode, byUser.body).toBe(200);
    const rows = byUser.json().data.data as Entry[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((e) => e.user_id !== f.A.id || e.action !== 'etat')).toEqual([]);
    const ofB = await f.t.get(
      `/api/audit?entreprise=${f.B.id}&date_debut=2020-01-01&page=1&per_page=50`,
      f.admin,
    );
    const bRows = ofB.json().data.data as Entry[];
    expect(bRows.length).toBeGreaterThan(0);
    expect(bRows.filter((e) => e.entreprise_id !== f.B.id)).toEqual([]);
    const bad = await f.t.get('/api/audit?table=mots_de_passe&action=effacement', f.admin);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining(["L'entité n'est pas valide.", "L'action n'est pas valide."]),
    );
  });

  it('cannot be written or erased through the API nor in the database', async () => {
    const [first] = await f.db.select().from(auditLog).orderBy(auditLog.id).limit(1);
    const count = async () => (await f.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;
    const before = await count();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of ['/api/audit', `/api/audit/${first!.id}`, `/api/vehicules/1/historique`]) {
        const res = await f.t.app.inject({
          method,
          url,
          payload: { action: 'creation' },
          headers: { authorization: `Bearer ${f.admin}` },
        });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    const writes = f.t.app.routeTable.filter(
      (r) => r.method !== 'GET' && (r.url.startsWith('/api/audit') || r.url.includes('historique')),
    );
    expect(writes).toEqual([]);
    await expect(
      f.db.update(auditLog).set({ user_id: 1 }).where(eq(auditLog.id, first!.id)),
    ).rejects.toThrow();
    await expect(f.db.delete(auditLog).where(eq(auditLog.id, first!.id))).rejects.toThrow();
    expect(await count()).toBe(before);
  });
});
