import { describe, expect, it } from 'vitest';
import { ajouterMois, echeancePlan, echeancePlanTexte, parUrgence } from './entretien.rules';

const vidange = { intervalle_km: 10_000, intervalle_mois: null };
const visite = { intervalle_km: null, intervalle_mois: 6 };
const both = { intervalle_km: 10_000, intervalle_mois: 6 };

describe('ajouterMois', () => {
  it('keeps the day, or the last day of a shorter month', () => {
    expect(ajouterMois('2026-01-15', 6)).toBe('2026-07-15');
    expect(ajouterMois('2026-01-31', 1)).toBe('2026-02-28');
    expect(ajouterMois('2026-11-30', 3)).toBe('2027-02-28');
    expect(ajouterMois('2028-01-31', 1)).toBe('2028-02-29');
  });
});

describe('échéance par kilométrage', () => {
  const dernier = { date: '2026-01-10', kilometrage: 120_000 };
  it('up to date far from the due km', () => {
    const e = echeancePlan({
      plan: vidange,
      dernier,
      compteur: 125_000,
      depuis: '2025-01-01',
      aujourdhui: '2026-03-01',
    });
    // 120 000 + 10 000 = 130 000; 130 000 − 125 000 = 5 000 km left
    expect(e).toMatchObject({
      prochain_km: 130_000,
      km_restants: 5000,
      etat: 'a_jour',
      motif: 'km',
      prochaine_date: null,
    });
  });
  it('« bientôt » within 1 000 km, included', () => {
    const at = (compteur: number) =>
      echeancePlan({ plan: vidange, dernier, compteur, depuis: '2025-01-01', aujourdhui: '2026-03-01' }).etat;
    expect(at(128_999)).toBe('a_jour');
    expect(at(129_000)).toBe('bientot');
    expect(at(130_000)).toBe('bientot');
    expect(at(130_001)).toBe('en_retard');
  });
  it('company margins replace the defaults', () => {
    const e = echeancePlan({
      plan: vidange,
      dernier,
      compteur: 127_500,
      depuis: '2025-01-01',
      aujourdhui: '2026-03-01',
      seuils: { km: 3000, jours: 30 },
    });
    expect(e.etat).toBe('bientot');
  });
  it('no odometer: nothing to say by km', () => {
    const e = echeancePlan({
      plan: vidange,
      dernier,
      compteur: null,
      depuis: '2025-01-01',
      aujourdhui: '2026-03-01',
    });
    expect(e).toMatchObject({ prochain_km: 130_000, km_restants: null, etat: 'a_jour', motif: null });
  });
});

describe('échéance par date', () => {
  const dernier = { date: '2026-01-10', kilometrage: null };
  const at = (aujourdhui: string) =>
    echeancePlan({ plan: visite, dernier, compteur: 50_000, depuis: '2025-01-01', aujourdhui });
  it('due six months after the last one', () => {
    expect(at('2026-05-01')).toMatchObject({
      prochaine_date: '2026-07-10',
      jours_restants: 70,
      etat: 'a_jour',
      motif: 'date',
    });
  });
  it('« bientôt » 30 days before, « en retard » the day after', () => {
    expect(at('2026-06-09').etat).toBe('a_jour'); // 31 days left
    expect(at('2026-06-10').etat).toBe('bientot'); // 30
    expect(at('2026-07-10')).toMatchObject({ etat: 'bientot', jours_restants: 0 });
    expect(at('2026-07-11')).toMatchObject({ etat: 'en_retard', jours_restants: -1 });
  });
});

describe('km et date : le premier atteint décide', () => {
  const dernier = { date: '2026-01-10', kilometrage: 120_000 };
  it('the date first', () => {
    const e = echeancePlan({
      plan: both,
      dernier,
      compteur: 122_000,
      depuis: '2025-01-01',
      aujourdhui: '2026-07-20',
    });
    expect(e).toMatchObject({
      prochaine_date: '2026-07-10',
      prochain_km: 130_000,
      etat: 'en_retard',
      motif: 'date',
      km_restants: 8000,
    });
  });
  it('the km first', () => {
    const e = echeancePlan({
      plan: both,
      dernier,
      compteur: 131_500,
      depuis: '2025-01-01',
      aujourdhui: '2026-02-01',
    });
    expect(e).toMatchObject({ etat: 'en_retard', motif: 'km', km_restants: -1500, jours_restants: 159 });
  });
  it('both soon: the one with less margin left', () => {
    // 500 km of 1 000 (0.5) against 20 days of 30 (0.67): km
    const e = echeancePlan({
      plan: both,
      dernier,
      compteur: 129_500,
      depuis: '2025-01-01',
      aujourdhui: '2026-06-20',
    });
    expect(e).toMatchObject({ etat: 'bientot', motif: 'km' });
  });
});

describe('pas encore d’historique', () => {
  it('by km: the next multiple of the interval above the odometer', () => {
    const e = echeancePlan({
      plan: vidange,
      dernier: null,
      compteur: 234_500,
      depuis: '2026-01-01',
      aujourdhui: '2026-03-01',
    });
    expect(e).toMatchObject({ prochain_km: 240_000, km_restants: 5500, etat: 'a_jour' });
    const f = echeancePlan({
      plan: vidange,
      dernier: null,
      compteur: 239_400,
      depuis: '2026-01-01',
      aujourdhui: '2026-03-01',
    });
    expect(f.etat).toBe('bientot');
  });
  it('by date: from the plan’s start', () => {
    const e = echeancePlan({
      plan: visite,
      dernier: null,
      compteur: null,
      depuis: '2025-06-01',
      aujourdhui: '2026-01-05',
    });
    expect(e).toMatchObject({ prochaine_date: '2025-12-01', jours_restants: -35, etat: 'en_retard' });
  });
  it('nothing known: up to date, no due point', () => {
    const e = echeancePlan({
      plan: vidange,
      dernier: null,
      compteur: null,
      depuis: '2025-06-01',
      aujourdhui: '2026-01-05',
    });
    expect(e).toMatchObject({ prochain_km: null, prochaine_date: null, etat: 'a_jour', motif: null });
  });
});

describe('ordre et texte', () => {
  it('overdue first, then the least margin', () => {
    const l = [
      { n: 'a', etat: 'a_jour' as const, urgence: 3 },
      { n: 'b', etat: 'bientot' as const, urgence: 0.8 },
      { n: 'c', etat: 'en_retard' as const, urgence: -0.1 },
      { n: 'd', etat: 'bientot' as const, urgence: 0.1 },
      { n: 'e', etat: 'en_retard' as const, urgence: -2 },
    ];
    expect(l.sort(parUrgence).map((x) => x.n)).toEqual(['e', 'c', 'd', 'b', 'a']);
  });
  it('French lines', () => {
    expect(echeancePlanTexte({ motif: 'km', km_restants: 800, jours_restants: null })).toBe('dans 800 km');
    expect(echeancePlanTexte({ motif: 'km', km_restants: -1500, jours_restants: 3 })).toBe(
      'dépassée de 1 500 km',
    );
    expect(echeancePlanTexte({ motif: 'date', km_restants: null, jours_restants: -1 })).toBe(
      'en retard de 1 jour',
    );
    expect(echeancePlanTexte({ motif: 'date', km_restants: null, jours_restants: 12 })).toBe('dans 12 jours');
  });
});
