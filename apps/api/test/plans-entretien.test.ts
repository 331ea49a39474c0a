import { writeFile } from 'node:fs/promises';
import { addDays, ajouterMois, PLAN_MSG, todayInGabon } from '@yams/shared';
import { eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { interventions, notifications, plansEntretien } from '../src/db/schema';
import { rappelsPlansEntretien } from '../src/modules/entretien';
import { data, type Fixtures, failed, type Json, setupFixtures } from './fixtures';

// Maintenance plans (`/api/plans-entretien`): writes and French refusals, tenancy, the due points against a
// hand computation, the reminders sent once per state, and the cycle restarted by the intervention made from
// a plan.

let f: Fixtures;
beforeAll(async () => {
  f = await setupFixtures();
  await f.collegue(f.A);
}, 180_000);

const today = todayInGabon();
const hier = addDays(today, -1);
const plan = (extra: Record<string, unknown> = {}) => ({
  libelle: 'Vidange moteur',
  intervalle_km: 10_000,
  intervalle_mois: 6,
  ...extra,
});
const plein = (vehicule_id: number, kilometrage: number, heure = '08:00') => ({
  vehicule_id,
  date: `${hier}T${heure}:00+01:00`,
  litres: 100,
  prix_litre: 690,
  kilometrage,
  plein_complet: true,
  mode_paiement: 'carte',
});
const echeanceDe = async (token: string, planId: number, vehiculeId: number) =>
  (data(await f.t.get(`/api/plans-entretien/echeances?vehicule=${vehiculeId}`, token)) as Json[]).find(
    (e) => e.plan_id === planId,
  );

describe("plans d'entretien", () => {
  it('created, read, listed, changed, historised and deleted by the office', async () => {
    const v = await f.vehicule(f.A);
    const { vidange, filtre } = await f.atelier(f.A);
    const p = data(
      await f.t.post(
        '/api/plans-entretien',
        plan({ vehicule_id: v.id, service_ids: [vidange.id], article_ids: [filtre.id] }),
        f.A.token,
      ),
    );
    expect(p).toMatchObject({
      entreprise_id: f.A.id,
      libelle: 'Vidange moteur',
      vehicule: { id: v.id, plaque: v.plaque },
      type_vehicule: null,
      cible: v.plaque,
      intervalle: '10 000 km ou 6 mois',
      services: [{ id: vidange.id, libelle: vidange.libelle, prix: vidange.montant }],
      articles: [{ id: filtre.id, libelle: filtre.nom, prix: filtre.prix_unitaire }],
      actif: true,
    });
    const [row] = await f.db.select().from(plansEntretien).where(eq(plansEntretien.id, p.id));
    expect(row).toMatchObject({ entreprise_id: f.A.id, intervalle_km: 10_000, service_ids: [vidange.id] });
    const list = data(await f.t.get(`/api/plans-entretien?vehicule=${v.id}&page=1&per_page=10`, f.A.token));
    expect(list.total).toBe(1);
    const upd = data(
      await f.t.post(`/api/plans-entretien/${p.id}/update`, { intervalle_km: null, actif: false }, f.A.token),
    );
    expect(upd).toMatchObject({
      intervalle_km: null,
      intervalle_mois: 6,
      intervalle: '6 mois',
      actif: false,
    });
    const hist = data(await f.t.get(`/api/plans-entretien/${p.id}/historique`, f.A.token));
    expect(hist.map((h: Json) => h.action)).toEqual(['modification', 'creation']);
    data(await f.t.post(`/api/plans-entretien/${p.id}/destroy`, {}, f.A.token));
    expect(await f.db.select().from(plansEntretien).where(eq(plansEntretien.id, p.id))).toEqual([]);
  });

  it('a plan per vehicle type applies to each vehicle of that type', async () => {
    const type = await f.typeVehicule('Pick-up');
    const v = await f.vehicule(f.A, { type_vehicule_id: type });
    const p = data(
      await f.t.post('/api/plans-entretien', plan({ type_vehicule_id: type, libelle: 'Freins' }), f.A.token),
    );
    expect(p.cible).toBe('Type : Pick-up');
    expect(await echeanceDe(f.A.token, p.id, v.id)).toMatchObject({
      libelle: 'Freins',
      vehicule: { id: v.id },
    });
  });

  it('bad input: a French 422 naming each field', async () => {
    const v = await f.vehicule(f.A);
    const vB = await f.vehicule(f.B);
    const post = (b: Record<string, unknown>) => f.t.post('/api/plans-entretien', b, f.A.token);
    failed(await post(plan()), 422, PLAN_MSG.cible, 'vehicule_id');
    failed(
      await post(plan({ vehicule_id: v.id, type_vehicule_id: await f.typeVehicule('Pick-up') })),
      422,
      PLAN_MSG.cible,
      'vehicule_id',
    );
    failed(
      await post(plan({ vehicule_id: v.id, intervalle_km: null, intervalle_mois: null })),
      422,
      PLAN_MSG.intervalle,
      'intervalle_km',
    );
    failed(
      await post(plan({ vehicule_id: v.id, intervalle_mois: 0 })),
      422,
      "L'intervalle en mois doit être au moins 1.",
      'intervalle_mois',
    );
    failed(
      await post(plan({ vehicule_id: v.id, libelle: '' })),
      422,
      'Le libellé est obligatoire.',
      'libelle',
    );
    failed(await post(plan({ vehicule_id: vB.id })), 422, PLAN_MSG.vehiculeInconnu, 'vehicule_id');
    failed(
      await post(plan({ vehicule_id: v.id, service_ids: [2_000_000] })),
      422,
      PLAN_MSG.serviceInconnu,
      'service_ids',
    );
    const p = data(await post(plan({ vehicule_id: v.id })));
    failed(
      await f.t.post(
        `/api/plans-entretien/${p.id}/update`,
        { intervalle_km: null, intervalle_mois: null },
        f.A.token,
      ),
      422,
      PLAN_MSG.intervalle,
      'intervalle_km',
    );
  });

  it('tenancy: company B neither reads, changes nor sees A’s plans', async () => {
    const v = await f.vehicule(f.A);
    const p = data(await f.t.post('/api/plans-entretien', plan({ vehicule_id: v.id }), f.A.token));
    expect((await f.t.get(`/api/plans-entretien/${p.id}`, f.B.token)).statusCode).toBe(404);
    expect(
      (await f.t.post(`/api/plans-entretien/${p.id}/update`, { libelle: 'X' }, f.B.token)).statusCode,
    ).toBe(404);
    expect((await f.t.post(`/api/plans-entretien/${p.id}/destroy`, {}, f.B.token)).statusCode).toBe(404);
    const bList = data(await f.t.get('/api/plans-entretien/echeances', f.B.token)) as Json[];
    expect(bList.length).toBeGreaterThan(0); // B's demo plans
    expect(bList.some((e) => e.plan_id === p.id || e.vehicule.id === v.id)).toBe(false);
    // B's plan cannot be carried out on A's vehicle.
    const vB = await f.vehicule(f.B);
    const pB = data(await f.t.post('/api/plans-entretien', plan({ vehicule_id: vB.id }), f.B.token));
    await expect(f.intervention(f.A, v.id, { plan_entretien_id: pB.id })).rejects.toMatchObject({
      statusCode: 422,
      data: { fields: { plan_entretien_id: PLAN_MSG.planInconnu } },
    });
  });
});

describe('échéances, rappels et cycle', () => {
  it('due points equal a hand computation, reminded once per state, restarted by the intervention made from the plan', async () => {
    const v = await f.vehicule(f.A);
    const p = data(await f.t.post('/api/plans-entretien', plan({ vehicule_id: v.id }), f.A.token));
    // Done 10 days ago at 100 000 km.
    const debut = addDays(today, -10);
    const fait = await f.intervention(f.A, v.id, {
      plan_entretien_id: p.id,
      date_debut: debut,
      date_fin: debut,
      kilometrage: 100_000,
    });
    // Due at 110 000 km or 6 months after; the odometer is the intervention's: 10 000 km left.
    expect(await echeanceDe(f.A.token, p.id, v.id)).toMatchObject({
      dernier: { intervention_id: fait.id, date: debut, kilometrage: 100_000 },
      compteur: 100_000,
      prochain_km: 110_000,
      km_restants: 10_000,
      prochaine_date: ajouterMois(debut, 6),
      etat: 'a_jour',
    });
    expect(await rappelsPlansEntretien(f.db, today)).toBeGreaterThanOrEqual(0);
    const cles = async () =>
      (
        await f.db
          .select()
          .from(notifications)
          .where(like(notifications.cle, `plan:${p.id}:${v.id}:%`))
      ).map((n) => n.cle);
    expect(await cles()).toEqual([]);

    // A fill at 109 500 km: 500 km left, « bientôt ».
    data(await f.t.post('/api/carburant', plein(v.id, 109_500), f.A.token));
    const bientot = await echeanceDe(f.A.token, p.id, v.id);
    expect(bientot).toMatchObject({
      compteur: 109_500,
      km_restants: 500,
      etat: 'bientot',
      motif: 'km',
      texte: 'dans 500 km',
    });
    const dues = data(await f.t.get('/api/plans-entretien/echeances?dues=1', f.A.token)) as Json[];
    expect(dues.some((e) => e.plan_id === p.id)).toBe(true);
    expect(dues.some((e) => e.etat === 'a_jour')).toBe(false);

    await rappelsPlansEntretien(f.db, today);
    const once = await cles();
    expect(once.length).toBeGreaterThan(0); // one per back-office account of A
    expect(new Set(once)).toEqual(new Set([`plan:${p.id}:${v.id}:${fait.id}:bientot`]));
    const [n] = await f.db.select().from(notifications).where(eq(notifications.cle, once[0]!));
    expect(n).toMatchObject({
      type: 'plan_entretien',
      titre: `Entretien à prévoir : Vidange moteur (${v.plaque})`,
      lien: `/parc-auto/interventions?id=nouveau&depuis=plan:${p.id}:${v.id}`,
    });
    await rappelsPlansEntretien(f.db, today);
    await rappelsPlansEntretien(f.db, addDays(today, 1));
    expect((await cles()).length).toBe(once.length); // never twice for the same state

    // Past 110 000 km: « en retard », told once more.
    data(await f.t.post('/api/carburant', plein(v.id, 110_200, '18:00'), f.A.token));
    expect(await echeanceDe(f.A.token, p.id, v.id)).toMatchObject({ km_restants: -200, etat: 'en_retard' });
    await rappelsPlansEntretien(f.db, today);
    await rappelsPlansEntretien(f.db, today);
    const after = await cles();
    expect(after.length).toBe(once.length * 2);
    expect(after.filter((c) => c?.endsWith(':en_retard')).length).toBe(once.length);

    // The intervention made from the plan today at 110 300 km: the cycle restarts from it.
    const refait = data(
      await f.t.post(
        '/api/interventions',
        {
          vehicule_id: v.id,
          garage_id: (await f.atelier(f.A)).garage.id,
          type: 'Entretien',
          date_debut: today,
          date_fin: today,
          kilometrage: 110_300,
          plan_entretien_id: p.id,
          lignes: [],
        },
        f.A.token,
      ),
    );
    expect(refait.plan_entretien_id).toBe(p.id);
    const [stored] = await f.db.select().from(interventions).where(eq(interventions.id, refait.id));
    expect(stored!.plan_entretien_id).toBe(p.id);
    expect(await echeanceDe(f.A.token, p.id, v.id)).toMatchObject({
      dernier: { intervention_id: refait.id, kilometrage: 110_300 },
      prochain_km: 120_300,
      prochaine_date: ajouterMois(today, 6),
      etat: 'a_jour',
    });
    // A plan of another vehicle cannot be carried out on this one.
    const autre = await f.vehicule(f.A);
    await expect(f.intervention(f.A, autre.id, { plan_entretien_id: p.id })).rejects.toMatchObject({
      statusCode: 422,
      data: { fields: { plan_entretien_id: PLAN_MSG.planAutreVehicule } },
    });
  });
});

describe("carnet d'entretien", () => {
  it('the vehicle’s interventions in PDF for its company, 404 for B and for no vehicle', async () => {
    const v = await f.vehicule(f.A);
    const { vidange } = await f.atelier(f.A);
    await f.intervention(f.A, v.id, {
      kilometrage: 52_000,
      lignes: [{ kind: 'service', service_id: vidange.id, qte: 1 }],
    });
    const res = await f.t.get(`/api/vehicules/${v.id}/carnet`, f.A.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // To look at it: CARNET_PDF=/tmp/carnet.pdf npx vitest run … then pdftoppm.
    if (process.env.CARNET_PDF) await writeFile(process.env.CARNET_PDF, res.rawPayload);
    expect((await f.t.get(`/api/vehicules/${v.id}/carnet`, f.B.token)).statusCode).toBe(404);
    expect((await f.t.get('/api/vehicules/999999/carnet', f.A.token)).statusCode).toBe(404);
  });
});
