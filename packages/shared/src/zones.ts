import { z } from 'zod';
import { isCalendarDate } from './calendar';
import { listFilters, zIdFilter, zSearch } from './list-query';
import { zChamps } from './reference';

// Zones (géofences) of a company and the tracking reports built on the positions (issue 28): the summary
// per vehicle and per driver, and the time on site (each visit of a zone).
//
//   GET  /api/zones ?search=&type=&categorie=&client=    ZoneOut[] (crudRoutes: list, options, export, one, create,
//   POST /api/zones, /api/zones/{id}/update, …/destroy    update, destroy, destroy-group)
//   GET  /api/rapports/resume ?date_debut=&date_fin=&vehicule=&format=xlsx|pdf      RapportResumeOut
//   GET  /api/rapports/zones  ?date_debut=&date_fin=&zone=&vehicule=&client=&format=xlsx|pdf   RapportZonesOut
//
// A course's pickup and drop-off with coordinates are zones of their own in the time-on-site report (a circle
// of the company's arrival radius, named after the course), for the course's vehicle, unless the point lies in
// a saved zone: then the saved zone's visit carries the course.

export const ZONE_TYPES = ['cercle', 'polygone'] as const;
export type ZoneType = (typeof ZONE_TYPES)[number];

export const ZONE_CATEGORIES = [
  'Dépôt',
  'Site client',
  'Port',
  'Pont-bascule',
  'Poste frontière',
  'Chargement',
  'Déchargement',
  'Autre',
] as const;
export type ZoneCategorie = (typeof ZONE_CATEGORIES)[number];

/** A polygon has at most this many vertices. */
export const ZONE_SOMMETS_MAX = 200;

export const ZONE_MSG = {
  type: 'Le type de zone est « cercle » ou « polygone ».',
  categorie: `La catégorie est l'une de : ${ZONE_CATEGORIES.join(', ')}.`,
  centre: 'Le centre du cercle est obligatoire (latitude et longitude).',
  rayon: 'Le rayon du cercle est obligatoire (en mètres, de 10 à 50 000).',
  sommets: 'Un polygone a au moins 3 sommets.',
  sommetsMax: `Un polygone a au plus ${ZONE_SOMMETS_MAX} sommets.`,
  sommet:
    'Chaque sommet est [latitude, longitude] : une latitude entre -90 et 90, une longitude entre -180 et 180.',
  clientInconnu: "Ce client n'existe pas.",
  nomPris: 'Une zone porte déjà ce nom.',
} as const;

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

const zSommet = z.tuple([z.number({ error: ZONE_MSG.sommet }), z.number({ error: ZONE_MSG.sommet })], {
  error: ZONE_MSG.sommet,
});

const zoneShape = {
  nom: zChamps.texte('Le nom', 120),
  type: z.enum(ZONE_TYPES, { error: ZONE_MSG.type }),
  categorie: z.enum(ZONE_CATEGORIES, { error: ZONE_MSG.categorie }).optional(),
  latitude: coordonnee('La latitude', -90, 90),
  longitude: coordonnee('La longitude', -180, 180),
  rayon_m: zChamps.entierOptionnel('Le rayon', 10, 50_000),
  points: z
    .array(zSommet, { error: ZONE_MSG.sommet })
    .max(ZONE_SOMMETS_MAX, { error: ZONE_MSG.sommetsMax })
    .nullish(),
  client_id: zChamps.idOptionnel('Le client'),
};

export interface ZoneForme {
  type?: ZoneType;
  latitude?: number | null;
  longitude?: number | null;
  rayon_m?: number | null;
  points?: [number, number][] | null;
}

/** What the zone's shape lacks, by field (empty when complete): a circle's centre and radius, a polygon's vertices. */
export function zoneFormeErreurs(v: ZoneForme): Record<string, string> {
  const e: Record<string, string> = {};
  if (v.type === 'cercle') {
    if (v.latitude == null || v.longitude == null)
      e[v.latitude == null ? 'latitude' : 'longitude'] = ZONE_MSG.centre;
    if (v.rayon_m == null) e.rayon_m = ZONE_MSG.rayon;
  } else if (v.type === 'polygone') {
    const p = v.points ?? [];
    if (p.length < 3) e.points = ZONE_MSG.sommets;
    else if (p.some(([lat, lng]) => !(Math.abs(lat) <= 90 && Math.abs(lng) <= 180)))
      e.points = ZONE_MSG.sommet;
  }
  return e;
}

const formeComplete = (v: ZoneForme, ctx: z.RefinementCtx) => {
  for (const [path, message] of Object.entries(zoneFormeErreurs(v)))
    ctx.addIssue({ code: 'custom', path: [path], message });
};

export const ZoneBody = z
  .object({ ...zoneShape, entreprise_id: zChamps.idOptionnel("L'entreprise") })
  .superRefine(formeComplete);
export type ZoneBody = z.infer<typeof ZoneBody>;
/** Only the fields sent change; the service checks the shape once merged with the stored zone. */
export const ZoneUpdateBody = z.object(zoneShape).partial();
export type ZoneUpdateBody = z.infer<typeof ZoneUpdateBody>;

export const ZoneOut = z.object({
  id: z.number(),
  entreprise_id: z.number(),
  nom: z.string(),
  type: z.enum(ZONE_TYPES),
  categorie: z.enum(ZONE_CATEGORIES),
  /** A circle's centre; a polygon's mean of vertices. */
  latitude: z.number(),
  longitude: z.number(),
  rayon_m: z.number().nullable(),
  points: z.array(z.tuple([z.number(), z.number()])).nullable(),
  client: z.object({ id: z.number(), nom: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ZoneOut = z.infer<typeof ZoneOut>;

export const ZonesQuery = listFilters(
  {
    search: zSearch,
    type: z.enum(ZONE_TYPES, { error: ZONE_MSG.type }).optional(),
    categorie: z.enum(ZONE_CATEGORIES, { error: ZONE_MSG.categorie }).optional(),
    client: zIdFilter('Le client'),
  },
  ['nom', 'categorie', 'created_at'],
);

// ---------- Reports ----------

export const zFormatRapport = z
  .enum(['json', 'xlsx', 'pdf'], { error: 'Le format est « json », « xlsx » ou « pdf ».' })
  .optional();

export const zJour = (label: string) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string({ error: `${label} doit être une date au format AAAA-MM-JJ.` })
      .refine(isCalendarDate, { error: `${label} doit être une date au format AAAA-MM-JJ.` })
      .optional(),
  );

/** `GET /api/rapports/resume`: every device of the company (or one vehicle's) over a day range. */
export const RapportResumeQuery = z.object({
  date_debut: zJour('La date de début'),
  date_fin: zJour('La date de fin'),
  vehicule: zIdFilter('Le véhicule'),
  format: zFormatRapport,
});
export type RapportResumeQuery = z.infer<typeof RapportResumeQuery>;

/** The figures of a vehicle (or a driver) over the period. */
const resumeChiffres = {
  distance_km: z.number(),
  /** Seconds moving (speed ≥ the company's `vitesse_mouvement_kmh`, ignition not off). */
  duree_conduite_s: z.number(),
  /** Stops of at least the company's `arret_min_minutes`. */
  arrets: z.number(),
  vitesse_max_kmh: z.number(),
  /** Ignition on and not moving, seconds; null when the device never reported its ignition. */
  ralenti_s: z.number().nullable(),
  /** Ignition on, seconds; null when the device never reported its ignition. */
  moteur_s: z.number().nullable(),
  positions: z.number(),
};

export const ResumeVehiculeOut = z.object({
  appareil: z.object({ id: z.number(), nom: z.string() }),
  vehicule: z.object({ id: z.number(), plaque: z.string() }).nullable(),
  ...resumeChiffres,
  /** Libreville days of the period without a single position. */
  jours_sans_donnees: z.number(),
});
export type ResumeVehiculeOut = z.infer<typeof ResumeVehiculeOut>;

export const ResumeConducteurOut = z.object({
  /** The badge the tracker read, else the driver of the vehicle's course running then. */
  conducteur: z.string(),
  ...resumeChiffres,
  vehicules: z.array(z.string()),
});
export type ResumeConducteurOut = z.infer<typeof ResumeConducteurOut>;

export const RapportResumeOut = z.object({
  date_debut: z.string(),
  date_fin: z.string(),
  vehicules: z.array(ResumeVehiculeOut),
  conducteurs: z.array(ResumeConducteurOut),
  totaux: z.object({
    distance_km: z.number(),
    duree_conduite_s: z.number(),
    arrets: z.number(),
    vitesse_max_kmh: z.number(),
    positions: z.number(),
  }),
});
export type RapportResumeOut = z.infer<typeof RapportResumeOut>;

/** `GET /api/rapports/zones`: the visits of the period, of one zone, vehicle or client if asked. */
export const RapportZonesQuery = z.object({
  date_debut: zJour('La date de début'),
  date_fin: zJour('La date de fin'),
  zone: zIdFilter('La zone'),
  vehicule: zIdFilter('Le véhicule'),
  client: zIdFilter('Le client'),
  format: zFormatRapport,
});
export type RapportZonesQuery = z.infer<typeof RapportZonesQuery>;

export const VisiteZoneOut = z.object({
  /** A saved zone (its id), or a course's pickup or drop-off (id null, `course` set). */
  zone: z.object({ id: z.number().nullable(), nom: z.string(), categorie: z.enum(ZONE_CATEGORIES) }),
  appareil: z.object({ id: z.number(), nom: z.string() }),
  vehicule: z.object({ id: z.number(), plaque: z.string() }).nullable(),
  client: z.object({ id: z.number(), nom: z.string() }).nullable(),
  course: z.object({ id: z.number(), code: z.string() }).nullable(),
  /** The first fix inside. */
  arrivee: z.string(),
  /** The last fix inside before leaving; null while still inside at the end of the data. */
  depart: z.string().nullable(),
  duree_s: z.number(),
});
export type VisiteZoneOut = z.infer<typeof VisiteZoneOut>;

export const RapportZonesOut = z.object({
  date_debut: z.string(),
  date_fin: z.string(),
  visites: z.array(VisiteZoneOut),
  /** Per zone: its visits and their time on site. */
  zones: z.array(z.object({ nom: z.string(), visites: z.number(), duree_s: z.number() })),
  duree_s: z.number(),
});
export type RapportZonesOut = z.infer<typeof RapportZonesOut>;
