import { type ArretOut, GPS, type TraceJourOut, type TracePointOut } from '@yams/shared';
import { debutJourLibreville, distanceM, jourLibreville } from './geo';

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
  for (let t = debutJourLibreville(debut); t <= debutJourLibreville(fin); t += 86_400_000) {
    days.push(jourLibreville(t));
  }
  return days;
}

/** Stationary stretches: within GPS.arretRayonM of their first point for at least GPS.arretMinutes. */
export function arretsOf(points: TracePointOut[]): ArretOut[] {
  const arrets: ArretOut[] = [];
  const times = points.map((p) => Date.parse(p.heure));
  const minMs = GPS.arretMinutes * 60_000;
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
    const duree = times[last]! - times[i]!;
    if (last > i && duree >= minMs) {
      arrets.push({
        debut: a.heure,
        fin: points[last]!.heure,
        duree_min: Math.round(duree / 60_000),
        latitude: a.latitude,
        longitude: a.longitude,
      });
      i = j;
    } else {
      i++;
    }
  }
  return arrets;
}

/** Distance and driving time per day (a segment counts for the day its end falls in). */
export function resumeTrace(points: TracePointOut[], debut: string, fin: string): TraceResume {
  const arrets = arretsOf(points);
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
    const jour = jours.get(jourLibreville(t));
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
        if (dt <= trouMax && roule && vitesse >= GPS.vitesseConduiteKmh) jour.duree_conduite_s += dt;
      }
    }
    prev = { t, lat: p.latitude, lng: p.longitude };
  }
  for (const a of arrets) {
    const jour = jours.get(jourLibreville(Date.parse(a.debut)));
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
