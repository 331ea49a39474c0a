import {
  type ArretOut,
  debutJourGabon,
  GPS,
  jourAGabon,
  type TraceJourOut,
  type TracePointOut,
  type TrajetGpsOut,
} from '@yams/shared';
import { distanceM } from './geo';

// A device's track over a day range: its stops and, for each Libreville day, the distance driven and the
// driving time. Pure: the points come in time order from the repository.

/** A jump faster than this between two fixes is a GPS glitch, not a trip. */
const VITESSE_MAX_KMH = 250;

export interface TraceResume {
  arrets: ArretOut[];
  jours: TraceJourOut[];
  distance_km: number;
  duree_conduite_s: number;
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Every day from `debut` to `fin` (YYYY-MM-DD, inclusive). */
export function joursEntre(debut: string, fin: string): string[] {
  const days: string[] = [];
  for (let t = debutJourGabon(debut); t <= debutJourGabon(fin); t += 86_400_000) {
    days.push(jourAGabon(t));
  }
  return days;
}

/**
 * The company's thresholds of the tracking reports (Configurations → Entreprise), the defaults being
 * Traccar's habits: a stop of 5 minutes, a trip of 500 m, moving from 5 km/h.
 */
export interface SeuilsTrajets {
  /** Stationary (within GPS.arretRayonM) this long is a stop. */
  arretMinutes: number;
  /** A movement shorter than this is not a trip. */
  trajetDistanceMinM: number;
  /** At or above this speed a vehicle is moving (driving time); below, idle. */
  vitesseMouvementKmh: number;
}

export const SEUILS_DEFAUT: SeuilsTrajets = {
  arretMinutes: GPS.arretMinutes,
  trajetDistanceMinM: GPS.trajetDistanceMinM,
  vitesseMouvementKmh: GPS.vitesseConduiteKmh,
};

/** The points (first and last index) of each stationary stretch: within GPS.arretRayonM of its first point
 * for at least the stop's minutes. */
function arretIndices(points: TracePointOut[], seuils: SeuilsTrajets): { first: number; last: number }[] {
  const found: { first: number; last: number }[] = [];
  const times = points.map((p) => Date.parse(p.heure));
  const minMs = seuils.arretMinutes * 60_000;
  let i = 0;
  while (i < points.length) {
    const a = points[i]!;
    let j = i + 1;
    while (
      j < points.length &&
      distanceM(a.latitude, a.longitude, points[j]!.latitude, points[j]!.longitude) <= GPS.arretRayonM
    ) {
      j++;
    }
    const last = j - 1;
    if (last > i && times[last]! - times[i]! >= minMs) {
      found.push({ first: i, last });
      i = j;
    } else {
      i++;
    }
  }
  return found;
}

/** Stationary stretches: within GPS.arretRayonM of their first point for at least the stop's minutes. */
export function arretsOf(points: TracePointOut[], seuils: SeuilsTrajets = SEUILS_DEFAUT): ArretOut[] {
  return arretIndices(points, seuils).map(({ first, last }) => {
    const a = points[first]!;
    return {
      debut: a.heure,
      fin: points[last]!.heure,
      duree_min: Math.round((Date.parse(points[last]!.heure) - Date.parse(a.heure)) / 60_000),
      latitude: a.latitude,
      longitude: a.longitude,
    };
  });
}

/** A trip before its places are named and its course found (trajetsGpsOf). */
export type TrajetGpsCalcule = Omit<TrajetGpsOut, 'depart' | 'arrivee' | 'course'> & {
  depart: { latitude: number; longitude: number };
  arrivee: { latitude: number; longitude: number };
};

/**
 * The trips of a track: the movement from the last point of a stop (or the first point, or the first point
 * after a silence longer than GPS.trajetTrouMinutes) to the first point of the next stop (or the last point
 * before a silence, or the last point). Trips shorter than the company's minimum distance are drift or a manoeuvre in
 * a yard, not trips. A jump faster than VITESSE_MAX_KMH between two fixes is a glitch: neither distance nor
 * speed. A trip is a span of time: one that crosses midnight is one trip.
 */
export function trajetsGpsOf(
  points: TracePointOut[],
  seuils: SeuilsTrajets = SEUILS_DEFAUT,
): TrajetGpsCalcule[] {
  const times = points.map((p) => Date.parse(p.heure));
  const trouMs = GPS.trajetTrouMinutes * 60_000;
  // Where each movement may start and end: between stops, cut at silences.
  const spans: [number, number][] = [];
  let start = 0;
  const cut = (from: number, to: number) => {
    let a = from;
    for (let k = from; k < to; k++) {
      if (times[k + 1]! - times[k]! > trouMs) {
        spans.push([a, k]);
        a = k + 1;
      }
    }
    spans.push([a, to]);
  };
  for (const stop of arretIndices(points, seuils)) {
    if (stop.first > start) cut(start, stop.first);
    start = stop.last;
  }
  if (points.length - 1 > start) cut(start, points.length - 1);

  const trajets: TrajetGpsCalcule[] = [];
  for (const [a, b] of spans) {
    if (b <= a) continue;
    let metres = 0;
    let vmax = 0;
    let conducteur: string | null = points[a]!.conducteur ?? null;
    for (let k = a + 1; k <= b; k++) {
      const p = points[k]!;
      const q = points[k - 1]!;
      const dt = (times[k]! - times[k - 1]!) / 1000;
      const d = distanceM(q.latitude, q.longitude, p.latitude, p.longitude);
      conducteur ??= p.conducteur ?? null;
      if (dt <= 0 || (d / dt) * 3.6 > VITESSE_MAX_KMH) continue;
      metres += d;
      vmax = Math.max(vmax, p.vitesse ?? (d / dt) * 3.6);
    }
    if (metres < seuils.trajetDistanceMinM) continue;
    const duree = (times[b]! - times[a]!) / 1000;
    trajets.push({
      debut: points[a]!.heure,
      fin: points[b]!.heure,
      duree_s: Math.round(duree),
      distance_km: round(metres / 1000, 2),
      vitesse_max_kmh: Math.round(vmax),
      vitesse_moy_kmh: duree > 0 ? Math.round((metres / duree) * 3.6) : 0,
      depart: { latitude: points[a]!.latitude, longitude: points[a]!.longitude },
      arrivee: { latitude: points[b]!.latitude, longitude: points[b]!.longitude },
      conducteur,
    });
  }
  return trajets;
}

/** Distance and driving time per day (a segment counts for the day its end falls in). */
export function resumeTrace(
  points: TracePointOut[],
  debut: string,
  fin: string,
  seuils: SeuilsTrajets = SEUILS_DEFAUT,
): TraceResume {
  const arrets = arretsOf(points, seuils);
  const jours = new Map<string, TraceJourOut>(
    joursEntre(debut, fin).map((date) => [
      date,
      {
        date,
        distance_km: 0,
        duree_conduite_s: 0,
        arrets: 0,
        points: 0,
        premiere_heure: null,
        derniere_heure: null,
        conducteurs: [],
      },
    ]),
  );
  const trouMax = GPS.trouMaxMinutes * 60;
  let prev: { t: number; lat: number; lng: number } | null = null;
  for (const p of points) {
    const t = Date.parse(p.heure);
    const jour = jours.get(jourAGabon(t));
    if (!jour) continue;
    jour.points++;
    jour.premiere_heure ??= p.heure;
    jour.derniere_heure = p.heure;
    if (p.conducteur && !jour.conducteurs.includes(p.conducteur)) jour.conducteurs.push(p.conducteur);
    if (prev) {
      const dt = (t - prev.t) / 1000;
      const d = distanceM(prev.lat, prev.lng, p.latitude, p.longitude);
      if (dt > 0 && (d / dt) * 3.6 <= VITESSE_MAX_KMH) {
        jour.distance_km += d / 1000;
        const vitesse = p.vitesse ?? (d / dt) * 3.6;
        // Ignition off or a phone that senses no motion: GPS drift, not driving.
        const roule = p.contact !== false && p.mouvement !== false;
        if (dt <= trouMax && roule && vitesse >= seuils.vitesseMouvementKmh) jour.duree_conduite_s += dt;
      }
    }
    prev = { t, lat: p.latitude, lng: p.longitude };
  }
  for (const a of arrets) {
    const jour = jours.get(jourAGabon(Date.parse(a.debut)));
    if (jour) jour.arrets++;
  }
  const list = [...jours.values()].map((j) => ({
    ...j,
    distance_km: round(j.distance_km, 2),
    duree_conduite_s: Math.round(j.duree_conduite_s),
  }));
  return {
    arrets,
    jours: list,
    distance_km: round(
      list.reduce((s, j) => s + j.distance_km, 0),
      2,
    ),
    duree_conduite_s: list.reduce((s, j) => s + j.duree_conduite_s, 0),
  };
}

/** The thresholds of a company's settings (`parametres_entreprise`, defaults until saved). */
export function seuilsDe(p: {
  arret_min_minutes: number;
  trajet_distance_min_m: number;
  vitesse_mouvement_kmh: number;
}): SeuilsTrajets {
  return {
    arretMinutes: p.arret_min_minutes,
    trajetDistanceMinM: p.trajet_distance_min_m,
    vitesseMouvementKmh: p.vitesse_mouvement_kmh,
  };
}
