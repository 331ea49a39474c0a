import { GPS, jourAGabon, type TracePointOut } from '@yams/shared';
import { distanceM } from './geo';
import { arretsOf, joursEntre, type SeuilsTrajets } from './trace';

// The summary of a device's track over a period (GET /api/rapports/resume): distance, driving time, stops,
// top speed, idle time and engine hours (where the tracker reports its ignition), positions, days without
// data; the same figures per driver. Pure: the points come in time order.

/** A jump faster than this between two fixes is a GPS glitch (as in trace.ts). */
const VITESSE_MAX_KMH = 250;

export interface ChiffresResume {
  distance_km: number;
  duree_conduite_s: number;
  arrets: number;
  vitesse_max_kmh: number;
  /** null: the device never reported its ignition. */
  ralenti_s: number | null;
  moteur_s: number | null;
  positions: number;
}

export interface ResumeCalcule extends ChiffresResume {
  jours_sans_donnees: number;
  /** The same figures per driver (badge read by the tracker, else `conducteurDe`). */
  conducteurs: Map<string, ChiffresResume>;
}

const vide = (contact: boolean): ChiffresResume => ({
  distance_km: 0,
  duree_conduite_s: 0,
  arrets: 0,
  vitesse_max_kmh: 0,
  ralenti_s: contact ? 0 : null,
  moteur_s: contact ? 0 : null,
  positions: 0,
});

const round2 = (n: number) => Math.round(n * 100) / 100;

function arrondi(c: ChiffresResume): ChiffresResume {
  return {
    ...c,
    distance_km: round2(c.distance_km),
    duree_conduite_s: Math.round(c.duree_conduite_s),
    vitesse_max_kmh: Math.round(c.vitesse_max_kmh),
    ralenti_s: c.ralenti_s === null ? null : Math.round(c.ralenti_s),
    moteur_s: c.moteur_s === null ? null : Math.round(c.moteur_s),
  };
}

/**
 * A segment between two fixes counts for the later one: its distance (unless a glitch), and, when the
 * silence is at most GPS.trouMaxMinutes, its time as driving (speed ≥ the speed of motion, ignition not off,
 * the phone not still), engine (ignition on) or idle (ignition on and not moving). The driver of a fix is the
 * last badge the device read, else `conducteurDe(instant)` (the course's driver), else none.
 */
export function resumeAppareil(
  points: TracePointOut[],
  debut: string,
  fin: string,
  seuils: SeuilsTrajets,
  conducteurDe: (t: number) => string | null = () => null,
): ResumeCalcule {
  const contact = points.some((p) => p.contact !== undefined);
  const total = vide(contact);
  const conducteurs = new Map<string, ChiffresResume>();
  const times = points.map((p) => Date.parse(p.heure));
  const jours = new Set<string>();
  let badge: string | null = null;
  const conducteurA = (k: number): string | null => conducteurDe(times[k]!);
  const quiA: (string | null)[] = [];
  const trouMax = GPS.trouMaxMinutes * 60;

  for (let k = 0; k < points.length; k++) {
    const p = points[k]!;
    badge = p.conducteur ?? badge;
    const qui = badge ?? conducteurA(k);
    quiA.push(qui);
    const cibles = [total];
    if (qui) {
      if (!conducteurs.has(qui)) conducteurs.set(qui, vide(contact));
      cibles.push(conducteurs.get(qui)!);
    }
    jours.add(jourAGabon(times[k]!));
    for (const c of cibles) c.positions++;
    if (k === 0) continue;
    const q = points[k - 1]!;
    const dt = (times[k]! - times[k - 1]!) / 1000;
    const d = distanceM(q.latitude, q.longitude, p.latitude, p.longitude);
    if (dt <= 0 || (d / dt) * 3.6 > VITESSE_MAX_KMH) continue;
    const vitesse = p.vitesse ?? (d / dt) * 3.6;
    const roule = p.contact !== false && p.mouvement !== false && vitesse >= seuils.vitesseMouvementKmh;
    for (const c of cibles) {
      c.distance_km += d / 1000;
      c.vitesse_max_kmh = Math.max(c.vitesse_max_kmh, vitesse);
      if (dt > trouMax) continue;
      if (roule) c.duree_conduite_s += dt;
      if (p.contact === true) {
        c.moteur_s = (c.moteur_s ?? 0) + dt;
        if (!roule) c.ralenti_s = (c.ralenti_s ?? 0) + dt;
      }
    }
  }

  const debutIdx = new Map(points.map((p, k) => [p.heure, k]));
  for (const a of arretsOf(points, seuils)) {
    total.arrets++;
    const qui = quiA[debutIdx.get(a.debut) ?? -1];
    if (qui) conducteurs.get(qui)!.arrets++;
  }

  return {
    ...arrondi(total),
    jours_sans_donnees: joursEntre(debut, fin).filter((j) => !jours.has(j)).length,
    conducteurs: new Map([...conducteurs].map(([k, v]) => [k, arrondi(v)])),
  };
}
