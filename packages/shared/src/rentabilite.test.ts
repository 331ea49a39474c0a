import { describe, expect, it } from 'vitest';
import {
  type CourseIntrants,
  carburantCourse,
  kmDuMois,
  partEntretien,
  RentabiliteCoursesQuery,
  rentabiliteCourse,
  rentabiliteVehiculeMois,
  totauxCourses,
} from './rentabilite';

const base: CourseIntrants = {
  montant: 850_000,
  carburant_pleins: null,
  distance_km: null,
  consommation_reference: null,
  prix_litre: null,
  frais: 0,
  per_diem: 0,
  entretien_mois: 0,
  km_mois: null,
  courses_mois: 1,
};

describe('rentabilité d’une course, calculée à la main', () => {
  it('pleins mesurés, frais, per diem et part d’entretien au km', () => {
    // 850 000 − 120 000 (pleins) − 15 000 (péage + pesage) − 20 000 (per diem)
    // − 300 000 × 450 / 3 000 (entretien du mois au km) = 850 000 − 120 000 − 15 000 − 20 000 − 45 000 = 650 000.
    const r = rentabiliteCourse({
      ...base,
      carburant_pleins: 120_000,
      distance_km: 450,
      frais: 15_000,
      per_diem: 20_000,
      entretien_mois: 300_000,
      km_mois: 3_000,
      courses_mois: 4,
    });
    expect(r).toEqual({
      revenu: 850_000,
      carburant: 120_000,
      carburant_source: 'mesuré',
      frais: 15_000,
      per_diem: 20_000,
      entretien: 45_000,
      couts: 200_000,
      marge: 650_000,
      marge_pct: 76.5,
    });
  });

  it('sans plein : distance × consommation de référence × prix du litre, arrondi au franc', () => {
    // 312,4 km × 35 L/100 km = 109,34 L × 695 FCFA = 75 991,3 → 75 991.
    expect(
      carburantCourse({ ...base, distance_km: 312.4, consommation_reference: 35, prix_litre: 695 }),
    ).toEqual({
      carburant: 75_991,
      source: 'estimé',
    });
    expect(carburantCourse({ ...base, distance_km: 312.4, prix_litre: 695 })).toEqual({
      carburant: 0,
      source: 'inconnu',
    });
    // A fill of the course wins over the estimate, even a small one.
    expect(
      carburantCourse({
        ...base,
        carburant_pleins: 5_000,
        distance_km: 300,
        consommation_reference: 30,
        prix_litre: 700,
      }).source,
    ).toBe('mesuré');
  });

  it('entretien : au km quand on les connaît, sinon à parts égales, jamais plus que le mois', () => {
    expect(partEntretien({ ...base, entretien_mois: 90_000, courses_mois: 3 })).toBe(30_000);
    expect(
      partEntretien({ ...base, entretien_mois: 90_000, km_mois: 100, distance_km: 450, courses_mois: 3 }),
    ).toBe(90_000);
    expect(
      partEntretien({ ...base, entretien_mois: 100_000, km_mois: 0, distance_km: 10, courses_mois: 3 }),
    ).toBe(33_333);
    expect(partEntretien({ ...base, entretien_mois: 0, km_mois: 1_000, distance_km: 10 })).toBe(0);
  });

  it('une course sans revenu : marge négative, pas de pourcentage', () => {
    const r = rentabiliteCourse({ ...base, montant: 0, frais: 2_000 });
    expect(r.marge).toBe(-2_000);
    expect(r.marge_pct).toBeNull();
  });

  it('totaux : sommes et courses au carburant estimé', () => {
    const a = rentabiliteCourse({ ...base, carburant_pleins: 100_000 });
    const b = rentabiliteCourse({ ...base, montant: 150_000, frais: 50_000 });
    expect(totauxCourses([a, b])).toEqual({
      courses: 2,
      revenu: 1_000_000,
      carburant: 100_000,
      frais: 50_000,
      per_diem: 0,
      entretien: 0,
      couts: 150_000,
      marge: 850_000,
      marge_pct: 85,
      carburant_estime: 1,
    });
  });
});

describe('rentabilité d’un véhicule sur un mois', () => {
  it('marge, coût au km et consommation', () => {
    const v = rentabiliteVehiculeMois({
      revenu: 2_000_000,
      courses: 3,
      carburant: 600_000,
      litres: 870,
      entretien: 250_000,
      documents: 0,
      frais: 90_000,
      km: 2_400,
      jours: 9,
    });
    expect(v).toMatchObject({
      couts: 940_000,
      marge: 1_060_000,
      marge_pct: 53,
      cout_km: 392,
      consommation: 36.3,
    });
    expect(rentabiliteVehiculeMois({ ...v, km: null }).cout_km).toBeNull();
  });
});

describe('filtres', () => {
  it('dates refusées en français, sur leur champ', () => {
    const bad = RentabiliteCoursesQuery.safeParse({ date_debut: '2026-13-01' });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['date_debut', 'La date de début doit être une date au format AAAA-MM-JJ.'],
    ]);
    const ordre = RentabiliteCoursesQuery.safeParse({ date_debut: '2026-11-02', date_fin: '2026-11-01' });
    expect(ordre.error?.issues[0]?.message).toBe(
      'La date de fin doit être postérieure ou égale à la date de début.',
    );
    expect(
      RentabiliteCoursesQuery.safeParse({ date_debut: '2025-01-01', date_fin: '2026-11-01' }).error?.issues[0]
        ?.path,
    ).toEqual(['date_fin']);
  });
});

describe('km du mois au compteur', () => {
  it('dernier relevé du mois moins le dernier d’avant, sinon l’écart du mois', () => {
    const r = [
      { jour: '2026-09-28', km: 120_000 },
      { jour: '2026-10-05', km: 120_800 },
      { jour: '2026-10-20', km: 122_400 },
      { jour: '2026-11-03', km: 122_900 },
    ];
    expect(kmDuMois(r, '2026-10')).toBe(2_400);
    expect(kmDuMois(r.slice(1), '2026-10')).toBe(1_600);
    expect(kmDuMois(r, '2026-12')).toBeNull();
    expect(kmDuMois([{ jour: '2026-10-05', km: 5 }], '2026-10')).toBeNull();
  });
});
