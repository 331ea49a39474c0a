import { GPS, type GpsEvenementType, VITESSE_HYSTERESE_KMH } from '@yams/shared';
import { distanceM } from './geo';
import type { GpsEvenementDetails } from './geolocation.table';
import { distanceAuBord, margeSortie, type ZoneGeo } from './zones.geo';

// The GPS alerts of one device, evaluated fix by fix from a small state kept in memory (alertes.service.ts
// holds one per device and records what this returns): overspeed, a long stop outside every zone, the engine
// idling, entering and leaving a zone. Pure: no clock, no I/O; the fixes come in time order. Each episode gives
// one alert, dated at its start (the unique key of `gps_evenements` with the device and the type), so the same
// episode evaluated again — by another API node, after a restart — is recorded once. The silent device is not
// here: no fix comes to tell it (alertes.service.ts, `verifierSilences`).

export interface SeuilsAlertes {
  /** The vehicle's own limit, else the company's. */
  vitesseMaxKmh: number;
  arretMinutes: number;
  ralentiMinutes: number;
  /** Under this speed a vehicle with its engine on idles (the company's speed of motion). */
  vitesseMouvementKmh: number;
}

export interface ZoneAlerte {
  id: number;
  nom: string;
  geo: ZoneGeo;
}

export interface FixAlerte {
  heure: string;
  latitude: number;
  longitude: number;
  /** km/h as the device reported it; null: unknown (no overspeed decided on it). */
  vitesse: number | null;
  /** The ignition (`ignition` attribute); null where the tracker does not report it (no idle alert). */
  contact: boolean | null;
}

interface Ancre {
  heure: string;
  t: number;
  latitude: number;
  longitude: number;
  /** Its alert was given. */
  signale: boolean;
}

/** What one device's alerts remember between fixes. */
export interface EtatAlertes {
  /** The last fix evaluated (ms): an older one (a late batch) is not evaluated. */
  dernier: number | null;
  /** An overspeed episode running since this fix. */
  vitesse: Ancre | null;
  /** Stationary since this fix (within GPS.arretRayonM of it). */
  arret: Ancre | null;
  /** Engine on at a standstill since this fix. */
  ralenti: Ancre | null;
  /** Inside each zone (by id), with the exit's hysteresis; a zone not yet seen is learnt without an event. */
  zones: Map<number, boolean>;
}

export const etatVide = (): EtatAlertes => ({
  dernier: null,
  vitesse: null,
  arret: null,
  ralenti: null,
  zones: new Map(),
});

export interface AlerteDetectee {
  type: GpsEvenementType;
  /** The episode's start. */
  heure: string;
  latitude: number;
  longitude: number;
  /** The zone of a zone's event. */
  zone: ZoneAlerte | null;
  details: GpsEvenementDetails;
}

/** A silence longer than this ends an overspeed or idle episode: the next one is another. */
const TROU_MS = GPS.trouMaxMinutes * 60_000;

const ancre = (f: FixAlerte, t: number): Ancre => ({
  heure: f.heure,
  t,
  latitude: f.latitude,
  longitude: f.longitude,
  signale: false,
});

/** In a zone or within its exit margin (a truck parked at the depot's gate is at the depot). */
export function dansUneZone(
  zones: readonly ZoneAlerte[],
  latitude: number,
  longitude: number,
): ZoneAlerte | null {
  return zones.find((z) => distanceAuBord(z.geo, latitude, longitude) <= margeSortie(z.geo)) ?? null;
}

/**
 * The alerts one more fix raises (most often none), `etat` updated. Rebuilding the state from the recent
 * positions (after a restart) evaluates them the same way and drops what they raise.
 */
export function evaluerFix(
  etat: EtatAlertes,
  f: FixAlerte,
  seuils: SeuilsAlertes,
  zones: readonly ZoneAlerte[],
): AlerteDetectee[] {
  const t = Date.parse(f.heure);
  if (etat.dernier !== null && t <= etat.dernier) return [];
  const trou = etat.dernier !== null && t - etat.dernier > TROU_MS;
  etat.dernier = t;
  const found: AlerteDetectee[] = [];
  const at = (
    type: GpsEvenementType,
    a: Ancre,
    details: GpsEvenementDetails,
    zone: ZoneAlerte | null = null,
  ) => found.push({ type, heure: a.heure, latitude: a.latitude, longitude: a.longitude, zone, details });

  // Overspeed: one alert per episode, from the first fix over the limit until the speed is back under the
  // limit by VITESSE_HYSTERESE_KMH (a speed hovering at the limit is one episode) or a silence.
  if (trou) etat.vitesse = null;
  if (f.vitesse !== null) {
    if (etat.vitesse) {
      if (f.vitesse <= seuils.vitesseMaxKmh - VITESSE_HYSTERESE_KMH) etat.vitesse = null;
    } else if (f.vitesse > seuils.vitesseMaxKmh) {
      etat.vitesse = { ...ancre(f, t), signale: true };
      at('Excès de vitesse', etat.vitesse, {
        vitesse_kmh: Math.round(f.vitesse),
        limite_kmh: seuils.vitesseMaxKmh,
      });
    }
  }

  // A stop: within GPS.arretRayonM of its first fix; outside every zone and at least the company's minutes.
  const a = etat.arret;
  if (a && distanceM(a.latitude, a.longitude, f.latitude, f.longitude) <= GPS.arretRayonM) {
    const minutes = (t - a.t) / 60_000;
    if (!a.signale && minutes >= seuils.arretMinutes) {
      a.signale = true;
      if (!dansUneZone(zones, a.latitude, a.longitude))
        at('Arrêt prolongé', a, { duree_min: Math.round(minutes) });
    }
  } else {
    etat.arret = ancre(f, t);
  }

  // Idling: ignition reported on, below the speed of motion, for the company's minutes.
  const idle = f.contact === true && (f.vitesse ?? 0) < seuils.vitesseMouvementKmh;
  if (!idle || trou) etat.ralenti = null;
  if (idle) {
    etat.ralenti ??= ancre(f, t);
    const r = etat.ralenti;
    const minutes = (t - r.t) / 60_000;
    if (!r.signale && minutes >= seuils.ralentiMinutes) {
      r.signale = true;
      at('Ralenti moteur', r, { duree_min: Math.round(minutes) });
    }
  }

  // Zones: in with the first fix inside, out with the first fix farther than the exit margin (the jitter of
  // a truck at the border does not flap).
  for (const z of zones) {
    const d = distanceAuBord(z.geo, f.latitude, f.longitude);
    const inside = etat.zones.get(z.id);
    if (inside === undefined) {
      etat.zones.set(z.id, d <= 0);
    } else if (!inside && d <= 0) {
      etat.zones.set(z.id, true);
      at('Entrée de zone', ancre(f, t), {}, z);
    } else if (inside && d > margeSortie(z.geo)) {
      etat.zones.set(z.id, false);
      at('Sortie de zone', ancre(f, t), {}, z);
    }
  }
  return found;
}
