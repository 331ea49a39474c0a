import { describe, expect, it } from 'vitest';
import { M_PER_DEG } from './trace.fixture';
import { distanceAuBord, visitesDe, type ZoneGeo } from './zones.geo';

// A zone at the port of Owendo (0.3, 9.5): a circle of 200 m, and a square of 400 m side around it.
const C = { latitude: 0.3, longitude: 9.5 };
const cercle: ZoneGeo = { type: 'cercle', ...C, rayon_m: 200 };
const h = 200 / M_PER_DEG;
const carre: ZoneGeo = {
  type: 'polygone',
  points: [
    [C.latitude - h, C.longitude - h],
    [C.latitude - h, C.longitude + h],
    [C.latitude + h, C.longitude + h],
    [C.latitude + h, C.longitude - h],
  ],
};

/** A fix `m` metres east of the centre at `iso` + `min` minutes. */
const fix = (iso: string, min: number, m: number) => ({
  heure: new Date(Date.parse(iso) + min * 60_000).toISOString(),
  latitude: C.latitude,
  longitude: C.longitude + m / M_PER_DEG,
});

describe('zones : distance au bord', () => {
  it('négative dedans, positive dehors, pour un cercle et un polygone', () => {
    expect(distanceAuBord(cercle, C.latitude, C.longitude + 150 / M_PER_DEG)).toBeCloseTo(-50, 0);
    expect(distanceAuBord(cercle, C.latitude, C.longitude + 260 / M_PER_DEG)).toBeCloseTo(60, 0);
    expect(distanceAuBord(carre, C.latitude, C.longitude + 150 / M_PER_DEG)).toBeCloseTo(-50, 0);
    expect(distanceAuBord(carre, C.latitude, C.longitude + 230 / M_PER_DEG)).toBeCloseTo(30, 0);
    // Outside past a corner: the distance to the corner.
    expect(distanceAuBord(carre, C.latitude + 230 / M_PER_DEG, C.longitude + 230 / M_PER_DEG)).toBeCloseTo(
      Math.hypot(30, 30),
      0,
    );
  });
});

describe('zones : visites', () => {
  // Comes from 1 km east, waits 40 minutes at the gate on the border with the jitter of the GPS
  // (from 20 m inside to 40 m outside, a fix a minute), goes in, then leaves eastwards.
  const T0 = '2026-11-20T08:00:00+01:00';
  const approche = [1000, 700, 400].map((m, i) => fix(T0, i, m));
  const portail = Array.from({ length: 40 }, (_, i) =>
    fix(T0, 3 + i, 200 + (i % 2 ? 40 : -20) * Math.sin(i)),
  );
  const dedans = [fix(T0, 43, 100), fix(T0, 50, 50), fix(T0, 60, 120)];
  const depart = [fix(T0, 61, 300), fix(T0, 62, 800)];
  const track = [...approche, ...portail, ...dedans, ...depart];

  it('le va-et-vient du GPS sur le bord ne fait qu’une visite (cercle et polygone)', () => {
    // The jitter does cross the border: without hysteresis, it would flap.
    const dehors = portail.filter((p) => distanceAuBord(cercle, p.latitude, p.longitude) > 0);
    expect(dehors.length).toBeGreaterThan(5);
    for (const zone of [cercle, carre]) {
      const visites = visitesDe(track, zone);
      expect(visites).toHaveLength(1);
      expect(visites[0]!.depart).toBe(fix(T0, 60, 0).heure);
      expect(visites[0]!.duree_s).toBeLessThanOrEqual(58 * 60);
      expect(visites[0]!.duree_s).toBeGreaterThanOrEqual(55 * 60);
    }
  });

  it('sortir au-delà de la marge puis revenir fait deux visites', () => {
    const t = [fix(T0, 0, 0), fix(T0, 10, 0), fix(T0, 11, 300), fix(T0, 20, 0), fix(T0, 25, 0)];
    expect(visitesDe(t, cercle).map((v) => [v.arrivee, v.depart, v.duree_s])).toEqual([
      ['2026-11-20T07:00:00.000Z', '2026-11-20T07:10:00.000Z', 600],
      ['2026-11-20T07:20:00.000Z', null, 300],
    ]);
  });

  it('une visite à cheval sur minuit (heure de Libreville) reste une visite', () => {
    // Arrives 23:30 in Libreville, leaves at 00:45 the next day.
    const nuit = [fix('2026-11-20T23:20:00+01:00', 0, 900)];
    for (let m = 10; m <= 85; m += 5) nuit.push(fix('2026-11-20T23:20:00+01:00', m, 50));
    nuit.push(fix('2026-11-20T23:20:00+01:00', 90, 900));
    expect(visitesDe(nuit, cercle)).toEqual([
      { arrivee: '2026-11-20T22:30:00.000Z', depart: '2026-11-20T23:45:00.000Z', duree_s: 75 * 60 },
    ]);
  });

  it('aucun point dans la zone, ou une traversée de moins d’une minute : aucune visite', () => {
    expect(visitesDe([fix(T0, 0, 900), fix(T0, 5, 230), fix(T0, 10, 900)], cercle)).toEqual([]);
    // A road through the zone: one fix inside, then 700 m away a minute later.
    expect(visitesDe([fix(T0, 0, 900), fix(T0, 1, 100), fix(T0, 2, -700)], cercle)).toEqual([]);
    // Two minutes inside is a visit.
    expect(
      visitesDe([fix(T0, 0, 900), fix(T0, 1, 100), fix(T0, 3, 0), fix(T0, 4, -700)], cercle),
    ).toHaveLength(1);
  });
});
