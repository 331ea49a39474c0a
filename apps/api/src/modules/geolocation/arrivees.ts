import { type CourseEvenementType, GPS } from '@yams/shared';
import { distanceM } from './geo';
import type { Fix } from './osmand';

// Arrival and departure events of a course: a fix of the device of the course's vehicle within
// the company's `rayon_arrivee_m` of the pickup (or the drop-off) raises 'Arrivé au chargement' (or 'Arrivé
// à destination') once; the first later fix farther than the radius × GPS.sortieFacteur raises 'Parti du
// chargement' (or 'Parti de destination') once. Stateless beyond the events already recorded, so a
// restart, a second API node or positions arriving out of order change nothing. Pure: the storage is in
// ingest.ts.

export interface Lieu {
  latitude: number;
  longitude: number;
}

/** What the check needs of the open course of a vehicle (cached briefly by the ingest). */
export interface ContexteCourse {
  courseId: number;
  code: string;
  entrepriseId: number;
  plaque: string;
  /** Fixes before this instant (ms) belong to the vehicle's previous job. */
  debutMs: number;
  rayonM: number;
  chargement: Lieu | null;
  dechargement: Lieu | null;
  /** Events already recorded: type → fix time (ms). */
  evenements: Map<CourseEvenementType, number>;
}

export interface EvenementDetecte {
  type: CourseEvenementType;
  heure: string;
  latitude: number;
  longitude: number;
}

const LIEUX = [
  { lieu: 'chargement', arrive: 'Arrivé au chargement', parti: 'Parti du chargement' },
  { lieu: 'dechargement', arrive: 'Arrivé à destination', parti: 'Parti de destination' },
] as const;

/** The events this fix raises (and records in `ctx.evenements`, so the next fix sees them). */
export function evenementsDuFix(ctx: ContexteCourse, fix: Fix): EvenementDetecte[] {
  if (!fix.valide) return [];
  const t = Date.parse(fix.heure);
  if (t < ctx.debutMs) return [];
  const found: EvenementDetecte[] = [];
  for (const { lieu, arrive, parti } of LIEUX) {
    const place = ctx[lieu];
    if (!place) continue;
    const d = distanceM(place.latitude, place.longitude, fix.latitude, fix.longitude);
    const arriveLe = ctx.evenements.get(arrive);
    let type: CourseEvenementType | null = null;
    if (arriveLe === undefined) {
      if (d <= ctx.rayonM) type = arrive;
    } else if (!ctx.evenements.has(parti) && t > arriveLe && d > ctx.rayonM * GPS.sortieFacteur) {
      type = parti;
    }
    if (type) {
      ctx.evenements.set(type, t);
      found.push({ type, heure: fix.heure, latitude: fix.latitude, longitude: fix.longitude });
    }
  }
  return found;
}

/** Whether a fix can raise anything at all (no open course, no coordinates: nothing to compute). */
export const aSurveiller = (ctx: ContexteCourse | null): ctx is ContexteCourse =>
  !!ctx && (!!ctx.chargement || !!ctx.dechargement) && ctx.evenements.size < 4;
