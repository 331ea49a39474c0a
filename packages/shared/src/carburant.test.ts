import { describe, expect, it } from 'vitest';
import {
  anomaliesDuPlein,
  consommationParMois,
  type PleinLu,
  tronconsConsommation,
  type VehiculeCarburant,
} from './carburant.rules';

// Hand-made sequences of one truck; the expected figures are computed by hand in the comments.

let n = 0;
const p = (date: string, litres: number, kilometrage: number | null, plein = true): PleinLu => ({
  id: ++n,
  date: `${date}:00+01:00`,
  litres,
  kilometrage,
  plein,
});
const camion: VehiculeCarburant = { capacite_reservoir: 400, consommation_reference: 32 };

describe('consommation plein à plein', () => {
  it('full tanks only: litres of the closing fill over the distance', () => {
    const s = [p('2026-03-01T08:00', 300, 100_000), p('2026-03-04T08:00', 330, 101_000)];
    // 330 L / 1000 km = 33 L/100 km
    expect(tronconsConsommation(s, camion)).toEqual([
      expect.objectContaining({
        depuis_id: s[0]!.id,
        plein_id: s[1]!.id,
        km: 1000,
        litres: 330,
        consommation: 33,
      }),
    ]);
  });

  it('partial fills are carried into the next full tank; litres before the first full tank count for nothing', () => {
    const s = [
      p('2026-03-01T06:00', 50, 99_500, false), // before any full tank: level unknown
      p('2026-03-01T08:00', 300, 100_000),
      p('2026-03-02T08:00', 120, 100_400, false),
      p('2026-03-03T08:00', 80, null, false), // no reading: its litres still count
      p('2026-03-04T08:00', 150, 101_200),
    ];
    // (120 + 80 + 150) / 1200 km = 29.17 → 29.2 L/100 km
    const [t] = tronconsConsommation(s, camion);
    expect(t).toMatchObject({ km: 1200, litres: 350, consommation: 29.2, plein_manquant: false });
    expect(tronconsConsommation(s, camion)).toHaveLength(1);
  });

  it('a missed fill: a stretch longer than a tank plus the recorded litres is flagged and left out of the month', () => {
    const s = [
      p('2026-04-01T08:00', 300, 200_000),
      p('2026-04-03T08:00', 320, 201_000), // 32 L/100 km
      p('2026-04-09T08:00', 330, 203_500), // 2500 km on 330 L: 13.2 L/100 km; reach: (400 + 330) / 0.256 = 2851 km
      p('2026-04-14T08:00', 300, 205_900), // 2400 km on 300 L; reach (400 + 300) / 0.256 = 2734 km: fine
    ];
    const t = tronconsConsommation(s, camion);
    expect(t.map((x) => x.plein_manquant)).toEqual([false, false, false]);
    const manque = [p('2026-04-20T08:00', 320, 208_000), p('2026-04-22T08:00', 310, 212_000)];
    // 2100 km on 320 L: fine; then 4000 km on 310 L: reach (400 + 310) / 0.256 = 2773 km < 4000: a fill was missed
    const t2 = tronconsConsommation([...s, ...manque], camion);
    expect(t2.at(-1)).toMatchObject({ km: 4000, litres: 310, plein_manquant: true });
    expect(t2.map((x) => x.plein_manquant)).toEqual([false, false, false, false, true]);
    // April: the complete stretches only: (320 + 330 + 300 + 320) L / (1000 + 2500 + 2400 + 2100) km = 15.875
    const [avril] = consommationParMois(t2);
    expect(avril).toEqual({ mois: '2026-04', km: 8000, litres: 1270, consommation: 15.9, troncons: 4 });
  });

  it('an odometer going backwards (reset) breaks the chain, which restarts at the next full tank', () => {
    const s = [
      p('2026-05-01T08:00', 300, 150_000),
      p('2026-05-03T08:00', 100, 150_300, false),
      p('2026-05-04T08:00', 200, 120, true), // new counter: 150,300 → 120
      p('2026-05-06T08:00', 340, 1_120),
    ];
    const t = tronconsConsommation(s, camion);
    // The stretch across the reset is not computed; 340 L / 1000 km after it.
    expect(t).toHaveLength(1);
    expect(t[0]).toMatchObject({ depuis_id: s[2]!.id, plein_id: s[3]!.id, km: 1000, consommation: 34 });
  });

  it('a full tank without odometer breaks the chain too; order is by date whatever the input order', () => {
    const s = [
      p('2026-06-05T08:00', 300, 10_800),
      p('2026-06-01T08:00', 300, 10_000),
      p('2026-06-03T08:00', 250, null),
    ];
    expect(tronconsConsommation(s, camion)).toEqual([]);
  });

  it('per month: litres over km of the stretches closing in the month (Libreville days)', () => {
    const s = [
      p('2026-01-30T08:00', 300, 50_000),
      p('2026-01-31T23:30', 330, 51_000), // 23:30 in Libreville is still January
      p('2026-02-02T08:00', 310, 52_000),
      p('2026-02-05T08:00', 350, 53_000),
    ];
    expect(consommationParMois(tronconsConsommation(s, camion))).toEqual([
      { mois: '2026-01', km: 1000, litres: 330, consommation: 33, troncons: 1 },
      { mois: '2026-02', km: 2000, litres: 660, consommation: 33, troncons: 2 },
    ]);
  });
});

describe('anomalies d’un plein', () => {
  const codes = (id: number, s: PleinLu[], marge = 20) =>
    anomaliesDuPlein(id, s, camion, marge).map((a) => a.code);

  it('a normal fill raises nothing', () => {
    const s = [p('2026-07-01T08:00', 300, 10_000), p('2026-07-03T08:00', 330, 11_000)];
    expect(codes(s[1]!.id, s)).toEqual([]);
  });

  it('consumption above the reference by more than the company margin', () => {
    const s = [p('2026-07-01T08:00', 300, 10_000), p('2026-07-03T08:00', 390, 11_000)];
    // 39 L/100 km; 32 × 1.20 = 38.4 → flagged; with a 25 % margin (40) → not
    expect(anomaliesDuPlein(s[1]!.id, s, camion, 20)).toEqual([
      {
        code: 'consommation',
        message:
          'Consommation de 39 L/100 km sur 1.000 km, au-dessus de la référence de 32 L/100 km (+20 % admis).',
      },
    ]);
    expect(codes(s[1]!.id, s, 25)).toEqual([]);
  });

  it('more litres than the tank holds', () => {
    const s = [p('2026-07-01T08:00', 412.5, 10_000, false)];
    expect(anomaliesDuPlein(s[0]!.id, s, camion)).toEqual([
      { code: 'capacite', message: '412,5 L pour un réservoir de 400 L.' },
    ]);
  });

  it('two fills too close in time (< 2 h) or in distance (< 20 km)', () => {
    const s = [
      p('2026-07-01T08:00', 200, 10_000, false),
      p('2026-07-01T09:30', 50, 10_100, false), // 90 min later
      p('2026-07-02T09:30', 60, 10_115, false), // 15 km later
      p('2026-07-03T09:30', 60, 10_600, false),
    ];
    expect(anomaliesDuPlein(s[1]!.id, s, camion)).toEqual([
      { code: 'rapproche', message: 'Plein moins de 2 heures après le précédent (90 min).' },
    ]);
    expect(anomaliesDuPlein(s[2]!.id, s, camion)).toEqual([
      { code: 'rapproche', message: 'Plein moins de 20 km après le précédent (15 km).' },
    ]);
    expect(codes(s[3]!.id, s)).toEqual([]);
  });

  it('an odometer below the previous reading; a later fill does not change an earlier one', () => {
    const s = [p('2026-08-01T08:00', 200, 80_000, false), p('2026-08-02T08:00', 200, 79_500, false)];
    expect(anomaliesDuPlein(s[1]!.id, s, camion)).toEqual([
      { code: 'compteur', message: 'Compteur à 79.500 km, en dessous du relevé précédent (80.000 km).' },
    ]);
    expect(codes(s[0]!.id, s)).toEqual([]);
  });

  it('no reference or capacity: only the time, distance and odometer checks', () => {
    const s = [p('2026-09-01T08:00', 900, 1_000), p('2026-09-05T08:00', 900, 1_500)];
    expect(anomaliesDuPlein(s[1]!.id, s, { capacite_reservoir: null, consommation_reference: null })).toEqual(
      [],
    );
  });
});
