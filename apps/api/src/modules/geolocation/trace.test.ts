import { describe, expect, it } from 'vitest';
import { arretsOf, resumeTrace, SEUILS_DEFAUT, trajetsGpsOf } from './trace';
import { M_PER_DEG, track } from './trace.fixture';

describe('trajets et arrêts d’un suivi GPS', () => {
  it('un arrêt de 6 minutes sépare deux trajets, un arrêt de 4 minutes non', () => {
    const six = track('2026-11-20T08:00:00+01:00', [
      { drive: 20, kmh: 60 },
      { park: 6 },
      { drive: 10, kmh: 60 },
    ]);
    expect(arretsOf(six).map((a) => a.duree_min)).toEqual([6]);
    const trajets = trajetsGpsOf(six);
    expect(trajets.map((t) => [t.debut, t.fin])).toEqual([
      ['2026-11-20T07:00:00.000Z', '2026-11-20T07:20:00.000Z'],
      ['2026-11-20T07:26:00.000Z', '2026-11-20T07:36:00.000Z'],
    ]);
    expect(trajets.map((t) => t.distance_km)).toEqual([20, 10]);
    expect(trajets.map((t) => t.duree_s)).toEqual([1200, 600]);
    expect(trajets.map((t) => [t.vitesse_max_kmh, t.vitesse_moy_kmh])).toEqual([
      [60, 60],
      [60, 60],
    ]);

    const four = track('2026-11-20T08:00:00+01:00', [
      { drive: 20, kmh: 60 },
      { park: 4 },
      { drive: 10, kmh: 60 },
    ]);
    expect(arretsOf(four)).toEqual([]);
    const one = trajetsGpsOf(four);
    expect(one).toHaveLength(1);
    expect(one[0]!.distance_km).toBe(30);
    expect(one[0]!.duree_s).toBe(34 * 60);
    // The pause pulls the average down, not the maximum.
    expect([one[0]!.vitesse_max_kmh, one[0]!.vitesse_moy_kmh]).toEqual([60, 53]);
  });

  it('garé deux heures avec la dérive du GPS : un arrêt, aucun trajet', () => {
    const parked = track('2026-11-20T12:00:00+01:00', [{ park: 120, jitterM: 40 }]);
    expect(arretsOf(parked)).toEqual([expect.objectContaining({ duree_min: 120 })]);
    expect(trajetsGpsOf(parked)).toEqual([]);
  });

  it('une dérive de plus de 100 m en stationnement ne fait pas un trajet (moins de 500 m)', () => {
    const points = track('2026-11-20T12:00:00+01:00', [{ park: 30, jitterM: 20 }]);
    // A multipath jump of 150 m and back, in the middle of the stop.
    const k = 30;
    points[k] = { ...points[k]!, longitude: points[k]!.longitude + 150 / M_PER_DEG };
    expect(arretsOf(points).length).toBeGreaterThan(0);
    expect(trajetsGpsOf(points)).toEqual([]);
  });

  it('un silence de plus d’une heure coupe le trajet ; un silence plus court non', () => {
    const long = track('2026-11-20T06:00:00+01:00', [
      { drive: 10, kmh: 60 },
      { silence: 90, kmh: 40 },
      { drive: 10, kmh: 60 },
    ]);
    const cut = trajetsGpsOf(long);
    expect(cut.map((t) => t.distance_km)).toEqual([10, 10]);
    expect(cut[1]!.debut).toBe('2026-11-20T06:40:00.000Z');

    const short = track('2026-11-20T06:00:00+01:00', [
      { drive: 10, kmh: 60 },
      { silence: 30, kmh: 40 },
      { drive: 10, kmh: 60 },
    ]);
    const whole = trajetsGpsOf(short);
    expect(whole).toHaveLength(1);
    expect(whole[0]!.distance_km).toBe(40);
  });

  it('un trajet qui passe minuit (heure de Libreville) reste un seul trajet', () => {
    const night = track('2026-11-20T23:40:00+01:00', [{ drive: 40, kmh: 45 }, { park: 10 }]);
    const trajets = trajetsGpsOf(night);
    expect(trajets).toHaveLength(1);
    expect([trajets[0]!.debut, trajets[0]!.fin]).toEqual([
      '2026-11-20T22:40:00.000Z',
      '2026-11-20T23:20:00.000Z',
    ]);
    expect(trajets[0]!.distance_km).toBe(30);
  });

  it('un saut impossible du GPS ne compte ni en distance ni en vitesse', () => {
    const points = track('2026-11-20T08:00:00+01:00', [{ drive: 10, kmh: 50 }]);
    // One fix 30 km away, 30 s later, then back on the road.
    points[5] = { ...points[5]!, longitude: points[5]!.longitude + 0.27, vitesse: null };
    points[6] = { ...points[6]!, vitesse: null };
    const [trajet] = trajetsGpsOf(points);
    expect(trajet!.vitesse_max_kmh).toBe(50);
    expect(trajet!.distance_km).toBeLessThan(8.4);
  });

  it('le conducteur lu par le traceur est celui du trajet', () => {
    const points = track('2026-11-20T08:00:00+01:00', [{ drive: 10, kmh: 50 }]).map((p, i) =>
      i > 3 ? { ...p, conducteur: 'BADGE-17' } : p,
    );
    expect(trajetsGpsOf(points)[0]!.conducteur).toBe('BADGE-17');
  });

  it('les seuils de l’entreprise : un arrêt de 8 min, un trajet de 5 km, un mouvement dès 30 km/h', () => {
    const six = track('2026-11-20T08:00:00+01:00', [
      { drive: 20, kmh: 60 },
      { park: 6 },
      { drive: 4, kmh: 20 },
    ]);
    // Defaults: the 6-minute stop cuts, the 4-minute drive at 20 km/h (1.33 km) is a trip.
    expect(trajetsGpsOf(six).map((t) => t.distance_km)).toEqual([20, 1.33]);
    const seuils = { arretMinutes: 8, trajetDistanceMinM: 5_000, vitesseMouvementKmh: 30 };
    expect(arretsOf(six, seuils)).toEqual([]);
    expect(trajetsGpsOf(six, seuils)).toHaveLength(1);
    const court = { ...SEUILS_DEFAUT, trajetDistanceMinM: 5_000 };
    expect(trajetsGpsOf(six, court).map((t) => t.distance_km)).toEqual([20]);
    // Driving time counts the fixes at or above the speed of motion only.
    expect(resumeTrace(six, '2026-11-20', '2026-11-20').duree_conduite_s).toBe(24 * 60);
    expect(resumeTrace(six, '2026-11-20', '2026-11-20', seuils).duree_conduite_s).toBe(20 * 60);
  });
});
