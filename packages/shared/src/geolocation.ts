import { z } from 'zod';
import { zChamps } from './reference';
import { zTexteStockable } from './text';

// Geolocation: GPS devices (appareils) reporting with the OsmAnd protocol, their positions and
// tracks, a course's arrival events, and the public tracking link of a course. The contract between the API
// (apps/api/src/modules/geolocation) and the screens.
//
// Routes (all under the bearer token unless said otherwise):
//   GET  /api/appareils                     AppareilOut[] (the specification: latlng, queue, statut) — crudRoutes list:
//                                           ?search=&vehicule=&statut=En ligne|Hors ligne, page/per_page, limit
//   GET  /api/appareils/options | /export   select choices, server export (the list kit)
//   GET  /api/appareils/{id}                AppareilOut
//   POST /api/appareils                     AppareilBody → AppareilOut
//   POST /api/appareils/{id}/update         AppareilUpdateBody → AppareilOut
//   POST /api/appareils/{id}/destroy, /api/appareils/destroy-group
//   GET  /api/appareils/{id}/trace?date_debut=&date_fin=   TraceOut (days in Libreville time, ≤ 31 days)
//   GET  /api/appareils/{id}/trace/export?date_debut=&date_fin=&format=csv|xlsx   one line per day
//   GET  /api/appareils/inconnus            AppareilInconnuOut[] (superadmins: identifiers seen lately)
//   POST /api/appareils/inconnus/enregistrer   AppareilInconnuBody → AppareilOut (superadmins: to a company)
//   GET  /api/courses/{id}/evenements       CourseEvenementOut[] (oldest first)
//   GET  /api/courses/{id}/suivi            LienSuiviOut[] (the course's links, never their tokens)
//   POST /api/courses/{id}/suivi            → LienSuiviCreeOut (the token, shown once)
//   POST /api/courses/{id}/suivi/revoke     revokes every active link of the course
//   GET  /api/suivi/{token}                 public, no token: SuiviPublicOut, 404 once finished/cancelled/revoked
//   GET|POST /api/gps/osmand[/{cle}]        public OsmAnd ingest (and `/[{cle}]` on GPS_PORT when set):
//                                           200 empty body (unknown identifier and missing secret too),
//                                           400 malformed, 429 too many messages from the address
// Realtime: REALTIME_EVENTS.position ('position:new') to the company's room and the superadmins, payload
// PositionPoussee, once the positions are committed.
// Courses and demandes carry `chargement_lat/lng` and `dechargement_lat/lng` (CoordonneesCourse).

/** Statut of a device: a position received within the company's `delai_en_ligne_min` (default 5 min). */
export const APPAREIL_STATUTS = ['En ligne', 'Hors ligne'] as const;
export type AppareilStatut = (typeof APPAREIL_STATUTS)[number];

/** The events a course's vehicle raises around its pickup and drop-off (each at most once per course). */
export const COURSE_EVENEMENTS = [
  'Arrivé au chargement',
  'Parti du chargement',
  'Arrivé à destination',
  'Parti de destination',
] as const;
export type CourseEvenementType = (typeof COURSE_EVENEMENTS)[number];

export const GPS = {
  /** Traccar Client's default port; set GPS_PORT to listen on it beside the API. */
  portTraccar: 5055,
  /** The ingest path on the API's own port. */
  osmandPath: '/api/gps/osmand',
  /** `queue` of GET /api/appareils: at most this many points… */
  queuePoints: 60,
  /** …of the hours before the device's last position. */
  queueHeures: 6,
  /** A stop: the vehicle stays within this distance… */
  arretRayonM: 100,
  /** …for at least this long. */
  arretMinutes: 5,
  /** Below this speed a vehicle is not driving. */
  vitesseConduiteKmh: 5,
  /** A silence longer than this between two points is not driving time. */
  trouMaxMinutes: 10,
  /** A track request covers at most this many days. */
  traceJoursMax: 31,
  /** A trip shorter than this (a yard manoeuvre, GPS drift) is not reported as a trip. */
  trajetDistanceMinM: 500,
  /** A silence in the data longer than this ends a trip (the next fixes start another one). */
  trajetTrouMinutes: 60,
  /** A trip's start or end is named after a saved address within this distance. */
  lieuRayonM: 300,
  /** A vehicle leaves a place once farther than the radius × this (no event storm at the border). */
  sortieFacteur: 1.2,
  /** A vehicle leaves a zone once at least this far outside its border (GPS jitter does not flap). */
  zoneMargeSortieM: 50,
  /** A zone crossed in less than this (a road through a depot's circle) is a passage, not a visit. */
  zoneVisiteMinSecondes: 60,
  /** Unknown identifiers (superadmins only): kept this many hours after they were last seen… */
  inconnusHeures: 7 * 24,
  /** …at most this many (an identifier sweep cannot flood the table)… */
  inconnusMax: 1_000,
  /** …and one identifier written at most once per this many seconds and API node. */
  inconnusEcritureSecondes: 60,
  /** A fix dated more than this ahead of the server (a phone with a wrong clock) is put at its receive time. */
  avanceMaxMinutes: 5,
  /** The path of the ingest for a device with a secret: `{osmandPath}/{cle}`. */
  osmandCle: (cle: string) => `/api/gps/osmand/${cle}`,
  /** The public tracking page: the vehicle's track over at most this many hours, this many points. */
  suiviTraceHeures: 12,
  suiviTracePoints: 500,
  /** Public tracking page of the web app. */
  suiviPage: (token: string) => `/suivi/${token}`,
} as const;

/** `GET /api/gps/serveur`: where devices send. `port_gps`: the OsmAnd listener's port (GPS_PORT), or null. */
export const GpsServeurOut = z.object({ port_gps: z.number().int().nullable() });
export type GpsServeurOut = z.infer<typeof GpsServeurOut>;

// ---------- Coordinates of a course's / demande's pickup and drop-off ----------

const coordonnee = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) => (v === '' ? null : typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ error: `${label} doit être un nombre entre ${min} et ${max}.` })
      .refine((v) => Number.isFinite(v) && v >= min && v <= max, {
        error: `${label} doit être un nombre entre ${min} et ${max}.`,
      })
      .nullish(),
  );

/** Nullable pairs: both or neither. Field names follow `adresse_chargement` / `adresse_dechargement`. */
export const coordonneesCourseShape = {
  chargement_lat: coordonnee('La latitude du chargement', -90, 90),
  chargement_lng: coordonnee('La longitude du chargement', -180, 180),
  dechargement_lat: coordonnee('La latitude du déchargement', -90, 90),
  dechargement_lng: coordonnee('La longitude du déchargement', -180, 180),
};

/** The pair is given whole or cleared whole (an update may leave both absent). */
export function coordonneesEnPaires(
  v: {
    chargement_lat?: number | null;
    chargement_lng?: number | null;
    dechargement_lat?: number | null;
    dechargement_lng?: number | null;
  },
  ctx: z.RefinementCtx,
): void {
  const pairs = [
    ['chargement_lat', 'chargement_lng', 'du chargement'],
    ['dechargement_lat', 'dechargement_lng', 'du déchargement'],
  ] as const;
  for (const [lat, lng, lieu] of pairs) {
    const a = v[lat];
    const b = v[lng];
    if (a === undefined && b === undefined) continue;
    if ((a == null) !== (b == null)) {
      ctx.addIssue({
        code: 'custom',
        path: [a == null ? lat : lng],
        message: `La latitude et la longitude ${lieu} vont ensemble : indiquez les deux, ou aucune.`,
      });
    }
  }
}

/** What courses and demandes answer (null when unknown; hidden with the address on a masked demande). */
export const CoordonneesCourseOut = {
  chargement_lat: z.number().nullable(),
  chargement_lng: z.number().nullable(),
  dechargement_lat: z.number().nullable(),
  dechargement_lng: z.number().nullable(),
};

// ---------- Devices ----------

/** Letters, digits and . _ : - (Traccar's random id, an IMEI, a phone's name). */
export const IDENTIFIANT_APPAREIL = /^[A-Za-z0-9._:-]{1,64}$/;
const zIdentifiant = zTexteStockable("L'identifiant", "L'identifiant est obligatoire.")
  .trim()
  .min(1, { error: "L'identifiant est obligatoire." })
  .max(64, { error: "L'identifiant ne peut pas dépasser 64 caractères." })
  .regex(IDENTIFIANT_APPAREIL, {
    error: "L'identifiant ne contient que des lettres, des chiffres et les signes . _ : -",
  });

const appareilShape = {
  nom: zChamps.texte('Le nom', 120),
  identifiant: zIdentifiant,
  /** The vehicle it rides in (null: not in a vehicle). */
  vehicule_id: zChamps.idOptionnel('Le véhicule'),
  /**
   * A secret the device must send: true gives it one (kept if it has one), false removes it.
   * Absent at creation: none.
   */
  avec_cle: z.boolean({ error: 'La clé secrète est oui ou non.' }).optional(),
};

/** `entreprise_id`: a superadmin names the company. */
export const AppareilBody = z.object({
  ...appareilShape,
  entreprise_id: zChamps.idOptionnel("L'entreprise"),
});
export type AppareilBody = z.infer<typeof AppareilBody>;
export const AppareilUpdateBody = z.object(appareilShape).partial();
export type AppareilUpdateBody = z.infer<typeof AppareilUpdateBody>;

/** Registers an identifier seen by the ingest ('Appareil inconnu'); the name defaults to `Appareil {id}`. */
export const AppareilInconnuBody = z.object({
  identifiant: zIdentifiant,
  nom: zChamps.texte('Le nom', 120).optional(),
  vehicule_id: zChamps.idOptionnel('Le véhicule'),
  entreprise_id: zChamps.idOptionnel("L'entreprise"),
});
export type AppareilInconnuBody = z.infer<typeof AppareilInconnuBody>;

/** A point of the specification's `latlng` and `queue`. */
export const PointOut = z.object({ latitude: z.number(), longitude: z.number() });
export type PointOut = z.infer<typeof PointOut>;

/** One stored fix. `heure`: the device's fix time; `vitesse` in km/h; `cap` in degrees; `batterie` in %. */
export const PositionOut = z.object({
  heure: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  vitesse: z.number().nullable(),
  cap: z.number().nullable(),
  altitude: z.number().nullable(),
  precision: z.number().nullable(),
  batterie: z.number().nullable(),
  en_charge: z.boolean().nullable(),
  /** When the server received it. */
  recu_le: z.string(),
});
export type PositionOut = z.infer<typeof PositionOut>;

export const AppareilOut = z.object({
  id: z.number(),
  entreprise_id: z.number(),
  nom: z.string(),
  identifiant: z.string(),
  /** Its secret (to type into Traccar Client), null when it has none. */
  cle: z.string().nullable(),
  /** Whether it has one (the form's switch). */
  avec_cle: z.boolean(),
  statut: z.enum(APPAREIL_STATUTS),
  vehicule: z.object({ id: z.number(), plaque: z.string() }).nullable(),
  /** The open course (not finished or cancelled) its vehicle carries. */
  course: z.object({ id: z.number(), code: z.string(), statut: z.string() }).nullable(),
  derniere_position: PositionOut.nullable(),
  /** Spec: the last point (one, or none yet). */
  latlng: z.array(PointOut),
  /** Spec: the recent track, oldest first (GPS.queuePoints over GPS.queueHeures). */
  queue: z.array(PointOut),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AppareilOut = z.infer<typeof AppareilOut>;

export const AppareilInconnuOut = z.object({
  identifiant: z.string(),
  /** How many messages it sent. */
  vu_fois: z.number(),
  premiere_vue: z.string(),
  derniere_vue: z.string(),
});
export type AppareilInconnuOut = z.infer<typeof AppareilInconnuOut>;

// ---------- Tracks ----------

export const TracePointOut = z.object({
  heure: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** km/h (reported by the device, else computed from the previous point). */
  vitesse: z.number().nullable(),
  /** The ignition as the tracker reported it (`ignition`), when it did. Off: never driving time. */
  contact: z.boolean().optional(),
  /** The phone's own motion sensing (`is_moving` / `motion`), when reported. Still: never driving time. */
  mouvement: z.boolean().optional(),
  /** The driver's badge or key the tracker read (`driverUniqueId`), when it did. */
  conducteur: z.string().optional(),
});
export type TracePointOut = z.infer<typeof TracePointOut>;

/** Stationary for more than GPS.arretMinutes within GPS.arretRayonM. */
export const ArretOut = z.object({
  debut: z.string(),
  fin: z.string(),
  duree_min: z.number(),
  latitude: z.number(),
  longitude: z.number(),
});
export type ArretOut = z.infer<typeof ArretOut>;

/** A place of a trip report: its coordinates and, when one is near, the company's saved address. */
export const LieuOut = z.object({
  latitude: z.number(),
  longitude: z.number(),
  /** The nearest saved address within GPS.lieuRayonM, else null. */
  adresse: z.string().nullable(),
});
export type LieuOut = z.infer<typeof LieuOut>;

/** The movement between two stops (or a silence in the data): Traccar's « trip ». */
export const TrajetGpsOut = z.object({
  debut: z.string(),
  fin: z.string(),
  duree_s: z.number(),
  distance_km: z.number(),
  /** The highest speed of the trip (reported by the device, else computed), km/h. */
  vitesse_max_kmh: z.number(),
  /** Distance over duration, km/h. */
  vitesse_moy_kmh: z.number(),
  depart: LieuOut,
  arrivee: LieuOut,
  /** The driver's badge the tracker read during the trip, if any. */
  conducteur: z.string().nullable(),
  /** The vehicle's course running during the trip, if any. */
  course: z.object({ id: z.number(), code: z.string() }).nullable(),
});
export type TrajetGpsOut = z.infer<typeof TrajetGpsOut>;

/** A stop in a report: where (with the nearest saved address) and the course running then. */
export const ArretLieuOut = ArretOut.extend({
  adresse: z.string().nullable(),
  course: z.object({ id: z.number(), code: z.string() }).nullable(),
});
export type ArretLieuOut = z.infer<typeof ArretLieuOut>;

export const TraceJourOut = z.object({
  /** `YYYY-MM-DD`, Libreville. */
  date: z.string(),
  distance_km: z.number(),
  /** Seconds spent moving (≥ GPS.vitesseConduiteKmh). */
  duree_conduite_s: z.number(),
  arrets: z.number(),
  points: z.number(),
  premiere_heure: z.string().nullable(),
  derniere_heure: z.string().nullable(),
  /** The drivers the tracker identified that day (`driverUniqueId`), in order of first appearance. */
  conducteurs: z.array(z.string()),
});
export type TraceJourOut = z.infer<typeof TraceJourOut>;

export const TraceOut = z.object({
  appareil: z.object({
    id: z.number(),
    nom: z.string(),
    identifiant: z.string(),
    vehicule: z.object({ id: z.number(), plaque: z.string() }).nullable(),
  }),
  date_debut: z.string(),
  date_fin: z.string(),
  /** Oldest first. */
  points: z.array(TracePointOut),
  arrets: z.array(ArretOut),
  /** The company's stop threshold the stops were found with (Configurations → Entreprise). */
  arret_minutes: z.number(),
  /** Every day of the range, empty days included. */
  jours: z.array(TraceJourOut),
  distance_km: z.number(),
  duree_conduite_s: z.number(),
});
export type TraceOut = z.infer<typeof TraceOut>;

/** `GET /api/rapports/trajets`: a device's trips and stops, oldest first. */
export const RapportTrajetsOut = z.object({
  appareil: TraceOut.shape.appareil,
  date_debut: z.string(),
  date_fin: z.string(),
  trajets: z.array(TrajetGpsOut),
  arrets: z.array(ArretLieuOut),
  /** Sums over the trips. */
  distance_km: z.number(),
  duree_s: z.number(),
});
export type RapportTrajetsOut = z.infer<typeof RapportTrajetsOut>;

// ---------- Course events ----------

export const CourseEvenementOut = z.object({
  id: z.number(),
  course_id: z.number(),
  type: z.enum(COURSE_EVENEMENTS),
  /** The fix time of the position that raised it. */
  heure: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  appareil_id: z.number().nullable(),
  created_at: z.string(),
});
export type CourseEvenementOut = z.infer<typeof CourseEvenementOut>;

// ---------- Public tracking links ----------

export const LienSuiviOut = z.object({
  id: z.number(),
  course_id: z.number(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
  /** false once revoked or once the course is finished or cancelled. */
  actif: z.boolean(),
});
export type LienSuiviOut = z.infer<typeof LienSuiviOut>;

/** The answer of the creation: the token (≥ 128 bits, base64url) is shown this once, never stored. */
export const LienSuiviCreeOut = LienSuiviOut.extend({
  token: z.string(),
  /** The public page, relative to the app: `/suivi/{token}`. */
  chemin: z.string(),
  /** The absolute address (APP_URL + chemin). */
  url: z.string(),
});
export type LienSuiviCreeOut = z.infer<typeof LienSuiviCreeOut>;

const Lieu = z.object({
  ville: z.string(),
  adresse: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});

/** What the public page gets: this course's route, its vehicle's position and track, its events. Nothing else. */
export const SuiviPublicOut = z.object({
  /**
   * The carrier the page is headed with: its name (Configurations → Entreprise) and its logo's address
   * (`/api/suivi/{token}/logo`, served to the link's holder), or null without a logo.
   */
  transporteur: z.object({ nom: z.string(), logo: z.string().nullable() }),
  code: z.string(),
  statut: z.string(),
  chargement: Lieu,
  dechargement: Lieu,
  date_chargement: z.string(),
  date_dechargement: z.string().nullable(),
  position: z
    .object({
      heure: z.string(),
      latitude: z.number(),
      longitude: z.number(),
      vitesse: z.number().nullable(),
      cap: z.number().nullable(),
    })
    .nullable(),
  /** The vehicle's track during this course (GPS.suiviTraceHeures, GPS.suiviTracePoints), oldest first. */
  trace: z.array(z.object({ heure: z.string(), latitude: z.number(), longitude: z.number() })),
  evenements: z.array(z.object({ type: z.enum(COURSE_EVENEMENTS), heure: z.string() })),
  /** The delivery code the office asked for, for the receiver to give the driver; null once delivered. */
  code_livraison: z.string().nullable(),
  /** Once delivered: to whom and when (no photo, no signature on this public page). */
  livraison: z.object({ receptionnaire: z.string(), date: z.string() }).nullable(),
  mis_a_jour: z.string(),
});
export type SuiviPublicOut = z.infer<typeof SuiviPublicOut>;

// ---------- Realtime ----------

/** Pushed with REALTIME_EVENTS.position once stored: one or more new fixes of one device, oldest first. */
export const PositionPoussee = z.object({
  appareil_id: z.number(),
  entreprise_id: z.number(),
  vehicule_id: z.number().nullable(),
  positions: z.array(
    z.object({
      heure: z.string(),
      latitude: z.number(),
      longitude: z.number(),
      vitesse: z.number().nullable(),
      cap: z.number().nullable(),
    }),
  ),
});
export type PositionPoussee = z.infer<typeof PositionPoussee>;
