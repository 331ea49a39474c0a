import { GPS } from '@yams/shared';
import { distanceM } from './geo';

// Zones (géofences) as geometry, and the visits of a track: pure, the points in time order.

export type ZoneGeo =
  | { type: 'cercle'; latitude: number; longitude: number; rayon_m: number }
  | { type: 'polygone'; points: [number, number][] };

/** A stored zone's geometry. */
export const zoneGeo = (z: {
  type: string;
  latitude: number;
  longitude: number;
  rayon_m: number | null;
  points: [number, number][] | null;
}): ZoneGeo =>
  z.type === 'polygone'
    ? { type: 'polygone', points: z.points ?? [] }
    : { type: 'cercle', latitude: z.latitude, longitude: z.longitude, rayon_m: z.rayon_m ?? 0 };

const M_PAR_DEGRE = (6_371_008.8 * Math.PI) / 180;

/** Is (lat, lng) inside the polygon (ray casting on the plane of the coordinates)? */
function dansPolygone(points: [number, number][], lat: number, lng: number): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [yi, xi] = points[i]!;
    const [yj, xj] = points[j]!;
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Metres from (lat, lng) to the nearest edge of the polygon (a local flat projection: zones are small). */
function distanceAuxBords(points: [number, number][], lat: number, lng: number): number {
  const kx = Math.cos((lat * Math.PI) / 180) * M_PAR_DEGRE;
  const xy = ([a, b]: [number, number]) => [(b - lng) * kx, (a - lat) * M_PAR_DEGRE] as const;
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [x1, y1] = xy(points[j]!);
    const [x2, y2] = xy(points[i]!);
    const dx = x2 - x1;
    const dy = y2 - y1;
    const len = dx * dx + dy * dy;
    const u = len === 0 ? 0 : Math.max(0, Math.min(1, -(x1 * dx + y1 * dy) / len));
    best = Math.min(best, Math.hypot(x1 + u * dx, y1 + u * dy));
  }
  return best;
}

/** Signed metres from the zone's border: negative (or 0) inside, positive outside. */
export function distanceAuBord(z: ZoneGeo, lat: number, lng: number): number {
  if (z.type === 'cercle') return distanceM(z.latitude, z.longitude, lat, lng) - z.rayon_m;
  const d = distanceAuxBords(z.points, lat, lng);
  return dansPolygone(z.points, lat, lng) ? -d : d;
}

/**
 * How far outside the border a vehicle must be to have left: GPS.zoneMargeSortieM, or for a large circle
 * its radius × (GPS.sortieFacteur − 1), as the course arrivals do.
 */
export function margeSortie(z: ZoneGeo): number {
  return z.type === 'cercle'
    ? Math.max(GPS.zoneMargeSortieM, z.rayon_m * (GPS.sortieFacteur - 1))
    : GPS.zoneMargeSortieM;
}

export interface VisiteCalculee {
  /** The first fix inside. */
  arrivee: string;
  /** The last fix near the zone before leaving it; null while still there at the last fix. */
  depart: string | null;
  duree_s: number;
}

/**
 * The visits of a track to a zone, with hysteresis on the border: a vehicle enters with its first fix
 * inside and leaves with its first fix farther than `margeSortie` outside; the fixes in between (the
 * jitter of a parked truck at the gate) keep it there. A visit is one span of time: across midnight, one.
 * Crossing a zone in less than GPS.zoneVisiteMinSecondes is a passage, left out.
 */
export function visitesDe(
  points: ReadonlyArray<{ heure: string; latitude: number; longitude: number }>,
  z: ZoneGeo,
): VisiteCalculee[] {
  const marge = margeSortie(z);
  const visites: VisiteCalculee[] = [];
  let arrivee: string | null = null;
  let dernier: string | null = null;
  const ferme = (depart: string | null, fin: string) => {
    const duree_s = Math.round((Date.parse(fin) - Date.parse(arrivee!)) / 1000);
    // Still there at the last fix: a visit whatever its length so far.
    if (depart === null || duree_s >= GPS.zoneVisiteMinSecondes)
      visites.push({ arrivee: arrivee!, depart, duree_s });
  };
  for (const p of points) {
    const d = distanceAuBord(z, p.latitude, p.longitude);
    if (arrivee === null) {
      if (d <= 0) arrivee = dernier = p.heure;
    } else if (d <= marge) {
      dernier = p.heure;
    } else {
      ferme(dernier, dernier!);
      arrivee = dernier = null;
    }
  }
  if (arrivee !== null) ferme(null, dernier!);
  return visites;
}

/** The mean of a polygon's vertices (where a list or a map centres it). */
export function centreDe(points: [number, number][]): { latitude: number; longitude: number } {
  const n = points.length || 1;
  return {
    latitude: points.reduce((s, p) => s + p[0], 0) / n,
    longitude: points.reduce((s, p) => s + p[1], 0) / n,
  };
}
