import { z } from 'zod';
import { zIdFilter } from './list-query';
import { zFormatRapport, zJour } from './zones';

// GPS alerts (issue 28 §4) and the events report (§7). Each alert is recorded once as a `gps_evenements` row
// with its place, and each user chooses which kinds they hear of, in the application and/or by e-mail
// ('Mon compte' → Notifications reçues).
//
//   GET  /api/rapports/evenements ?date_debut=&date_fin=&vehicule=&type=&zone=&format=xlsx|pdf   RapportEvenementsOut

/** The kinds of event recorded (the `type` column, as the report shows it). */
export const GPS_EVENEMENT_TYPES = [
  'Excès de vitesse',
  'Arrêt prolongé',
  'Ralenti moteur',
  'Appareil silencieux',
  'Entrée de zone',
  'Sortie de zone',
] as const;
export type GpsEvenementType = (typeof GPS_EVENEMENT_TYPES)[number];

/**
 * The alerts a user chooses, each a notification type: its label, and the event types it covers (entering
 * and leaving a zone are one choice).
 */
export const ALERTES_GPS = {
  alerte_vitesse: { libelle: 'Excès de vitesse', evenements: ['Excès de vitesse'] },
  alerte_arret: { libelle: 'Arrêt prolongé hors des zones', evenements: ['Arrêt prolongé'] },
  alerte_ralenti: { libelle: 'Moteur au ralenti trop longtemps', evenements: ['Ralenti moteur'] },
  alerte_silence: { libelle: 'Appareil GPS silencieux', evenements: ['Appareil silencieux'] },
  alerte_zone: { libelle: 'Entrée ou sortie d’une zone', evenements: ['Entrée de zone', 'Sortie de zone'] },
} as const satisfies Record<string, { libelle: string; evenements: readonly GpsEvenementType[] }>;
export type AlerteGps = keyof typeof ALERTES_GPS;
export const ALERTE_GPS_KEYS = Object.keys(ALERTES_GPS) as AlerteGps[];
export const isAlerteGps = (type: string): type is AlerteGps => Object.hasOwn(ALERTES_GPS, type);

/** The alert (notification type) an event type belongs to. */
export function alerteDe(type: GpsEvenementType): AlerteGps {
  return ALERTE_GPS_KEYS.find((k) => (ALERTES_GPS[k].evenements as readonly string[]).includes(type))!;
}

/** The company's thresholds of the alerts (Configurations → Entreprise), with their defaults. */
export const ALERTES_DEFAUTS = {
  /** Above this speed (km/h) a vehicle speeds, unless the vehicle has its own limit. */
  vitesse_max_kmh: 90,
  /** A stop outside every zone longer than this (minutes) is an alert. */
  arret_alerte_minutes: 30,
  /** The engine running at a standstill longer than this (minutes), where the tracker reports its ignition. */
  ralenti_alerte_minutes: 10,
  /** A device silent longer than this (hours). */
  silence_alerte_heures: 12,
} as const;

/** An overspeed episode ends once the speed is this far under the limit (no alert per fix at the limit). */
export const VITESSE_HYSTERESE_KMH = 5;

/** `0.41234, 9.45678`: a place without a name, as GPS applications write it (a point, not a French comma). */
export const coordonneesTexte = (p: { latitude: number; longitude: number }) =>
  `${p.latitude.toFixed(5)}, ${p.longitude.toFixed(5)}`;

export const RapportEvenementsQuery = z.object({
  date_debut: zJour('La date de début'),
  date_fin: zJour('La date de fin'),
  vehicule: zIdFilter('Le véhicule'),
  zone: zIdFilter('La zone'),
  type: z
    .enum(GPS_EVENEMENT_TYPES, {
      error: `Le type d’événement est l’un de : ${GPS_EVENEMENT_TYPES.join(', ')}.`,
    })
    .optional(),
  format: zFormatRapport,
});
export type RapportEvenementsQuery = z.infer<typeof RapportEvenementsQuery>;

export const GpsEvenementOut = z.object({
  id: z.number(),
  type: z.enum(GPS_EVENEMENT_TYPES),
  heure: z.string(),
  appareil: z.object({ id: z.number(), nom: z.string() }),
  vehicule: z.object({ id: z.number(), plaque: z.string() }).nullable(),
  latitude: z.number(),
  longitude: z.number(),
  /** The zone it happened in, else the nearest saved address, else null (the coordinates say where). */
  lieu: z.string().nullable(),
  zone: z.object({ id: z.number(), nom: z.string() }).nullable(),
  course: z.object({ id: z.number(), code: z.string() }).nullable(),
  /** What the event measured, in words: « 112 km/h (limite 90 km/h) », « 42 min ». */
  detail: z.string().nullable(),
});
export type GpsEvenementOut = z.infer<typeof GpsEvenementOut>;

export const RapportEvenementsOut = z.object({
  date_debut: z.string(),
  date_fin: z.string(),
  evenements: z.array(GpsEvenementOut),
  /** Per type: how many. */
  types: z.array(z.object({ type: z.enum(GPS_EVENEMENT_TYPES), nombre: z.number() })),
});
export type RapportEvenementsOut = z.infer<typeof RapportEvenementsOut>;
