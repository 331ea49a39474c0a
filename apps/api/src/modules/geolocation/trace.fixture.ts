import type { TracePointOut } from '@yams/shared';

/**
 * Synthetic tracks with known answers: a vehicle leaves Owendo heading east, one fix every 30 s.
 * `drive` moves at a steady speed, `park` stays put with GPS jitter, `silence` moves without sending.
 */
type Leg =
  | { drive: number; kmh: number }
  | { park: number; jitterM?: number }
  | { silence: number; kmh: number };

// Metres per degree of longitude near the equator, on the sphere trace.ts measures with.
export const M_PER_DEG = (6_371_008.8 * Math.PI) / 180;

export function track(startIso: string, legs: Leg[]): TracePointOut[] {
  let t = Date.parse(startIso);
  let lng = 9.5;
  const lat = 0.3;
  const points: TracePointOut[] = [];
  const fix = (speed: number, dLat = 0, dLng = 0) =>
    points.push({
      heure: new Date(t).toISOString(),
      latitude: lat + dLat,
      longitude: lng + dLng,
      vitesse: speed,
    });
  fix(0);
  let n = 0;
  for (const leg of legs) {
    if ('drive' in leg) {
      for (let s = 30; s <= leg.drive * 60; s += 30) {
        t += 30_000;
        lng += ((leg.kmh / 3.6) * 30) / M_PER_DEG;
        fix(leg.kmh);
      }
    } else if ('park' in leg) {
      const j = (leg.jitterM ?? 0) / M_PER_DEG;
      for (let s = 30; s <= leg.park * 60; s += 30) {
        t += 30_000;
        n++;
        // Deterministic jitter around the parked spot, never more than jitterM away.
        fix(0, j * Math.sin(n * 1.7), j * Math.cos(n * 2.3));
      }
    } else {
      t += leg.silence * 60_000;
      lng += ((leg.kmh / 3.6) * leg.silence * 60) / M_PER_DEG;
      fix(leg.kmh);
    }
  }
  return points;
}
