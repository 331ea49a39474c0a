import { z } from 'zod';
import { isCalendarDate, joursEntre } from './calendar';
import { zIdFilter } from './list-query';

// Profitability (issue 27 §5, docs/rentabilite.md): per course, per vehicle and month, per driver and per
// trajet. The rules are here, pure, so a hand computation can check them (rentabilite.test.ts); the API
// reads the inputs in SQL and hands them to these functions.
//
//   GET /api/rentabilite/courses?date_debut&date_fin&vehicule&chauffeur&client&trajet&page&per_page&format
//   GET /api/rentabilite/vehicules?date_debut&date_fin&vehicule&format      one line per vehicle and month
//   GET /api/rentabilite/chauffeurs?date_debut&date_fin&vehicule&format     the courses summed per driver
//   GET /api/rentabilite/trajets?date_debut&date_fin&vehicule&format        the courses summed per trajet

/** A straight line between pickup and drop-off is this much shorter than the road (Gabon's roads wind). */
export const FACTEUR_ROUTE = 1.3;
/** The longest period of a profitability report, in days. */
export const RENTABILITE_JOURS_MAX = 366;
export const RENTABILITE_PAGE_MAX = 500;

export const RENTABILITE_MSG = {
  jour: (label: string) => `${label} doit être une date au format AAAA-MM-JJ.`,
  ordre: 'La date de fin doit être postérieure ou égale à la date de début.',
  tropLongue: `La période ne peut pas dépasser ${RENTABILITE_JOURS_MAX} jours.`,
  format: 'Le format est « json », « xlsx » ou « pdf ».',
  page: 'La page doit être un entier positif.',
  parPage: `Le nombre de lignes par page doit être un entier entre 1 et ${RENTABILITE_PAGE_MAX}.`,
} as const;

// ---------- The rules ----------

/** The rules in one French sentence, printed under the reports (screen, PDF). */
export const RENTABILITE_REGLES =
  'Carburant : les pleins saisis sur la course ; sans plein, estimé : distance × consommation de référence du véhicule (à défaut, sa consommation du mois) × prix moyen du litre sur un an. Distance : du chargement au déchargement à vol d’oiseau × 1,3 ; sans coordonnées, les km du mois du véhicule (compteur) partagés entre ses courses. Entretien : les interventions confirmées du mois du véhicule, au prorata des km de la course sur les km du mois, sinon à parts égales entre ses courses du mois.';

/** How a course's fuel is known: its own fills, an estimate from its distance, or not at all. */
export const SOURCES_CARBURANT = ['mesuré', 'estimé', 'inconnu'] as const;
export type SourceCarburant = (typeof SOURCES_CARBURANT)[number];

/** What the computation of one course needs, read from the database. */
export interface CourseIntrants {
  /** The course's price (FCFA). */
  montant: number;
  /** The sum of the fills recorded on the course (FCFA), null when it has none. */
  carburant_pleins: number | null;
  /** The course's road distance in km (straight line × FACTEUR_ROUTE), null without coordinates. */
  distance_km: number | null;
  /** The vehicle's reference consumption, L/100 km. */
  consommation_reference: number | null;
  /** The average price of a litre (FCFA) the company paid. */
  prix_litre: number | null;
  /** Road expenses other than the per diem (FCFA). */
  frais: number;
  per_diem: number;
  /** The vehicle's confirmed maintenance in the course's month (FCFA). */
  entretien_mois: number;
  /** The vehicle's km that month (odometer), null when unknown. */
  km_mois: number | null;
  /** The vehicle's courses that month (the course counted), for the share when km are unknown. */
  courses_mois: number;
}

export interface CourseRentabilite {
  revenu: number;
  carburant: number;
  carburant_source: SourceCarburant;
  frais: number;
  per_diem: number;
  entretien: number;
  couts: number;
  marge: number;
  /** Margin over revenue in %, one decimal; null on a course of no revenue. */
  marge_pct: number | null;
}

export const margePct = (marge: number, revenu: number): number | null =>
  revenu > 0 ? Math.round((marge / revenu) * 1000) / 10 : null;

/** A course's fuel: its fills when it has any, else distance × reference consumption × price per litre. */
export function carburantCourse(c: CourseIntrants): { carburant: number; source: SourceCarburant } {
  if (c.carburant_pleins !== null) return { carburant: c.carburant_pleins, source: 'mesuré' };
  if (c.distance_km === null || c.consommation_reference === null || c.prix_litre === null) {
    return { carburant: 0, source: 'inconnu' };
  }
  return {
    carburant: Math.round(((c.distance_km * c.consommation_reference) / 100) * c.prix_litre),
    source: 'estimé',
  };
}

/**
 * The course's share of its vehicle's maintenance that month: per km (the month's maintenance ÷ the month's
 * km × the course's km, at most the whole) when both km are known, else an equal share per course.
 */
export function partEntretien(c: CourseIntrants): number {
  if (c.entretien_mois <= 0) return 0;
  if (c.km_mois !== null && c.km_mois > 0 && c.distance_km !== null) {
    return Math.min(c.entretien_mois, Math.round((c.entretien_mois * c.distance_km) / c.km_mois));
  }
  return c.courses_mois > 0 ? Math.round(c.entretien_mois / c.courses_mois) : 0;
}

/** Revenue minus fuel, road expenses, per diem and the maintenance share. */
export function rentabiliteCourse(c: CourseIntrants): CourseRentabilite {
  const { carburant, source } = carburantCourse(c);
  const entretien = partEntretien(c);
  const couts = carburant + c.frais + c.per_diem + entretien;
  const marge = c.montant - couts;
  return {
    revenu: c.montant,
    carburant,
    carburant_source: source,
    frais: c.frais,
    per_diem: c.per_diem,
    entretien,
    couts,
    marge,
    marge_pct: margePct(marge, c.montant),
  };
}

/** A vehicle's month, as read: what it earned and what it cost. */
export interface VehiculeMoisIntrants {
  revenu: number;
  courses: number;
  carburant: number;
  litres: number;
  entretien: number;
  documents: number;
  frais: number;
  km: number | null;
  jours: number;
}

export interface VehiculeMoisChiffres extends VehiculeMoisIntrants {
  couts: number;
  marge: number;
  marge_pct: number | null;
  /** All costs ÷ km, FCFA; null without km. */
  cout_km: number | null;
  /** Litres bought ÷ km × 100; null without km or litres. */
  consommation: number | null;
}

export function rentabiliteVehiculeMois(v: VehiculeMoisIntrants): VehiculeMoisChiffres {
  const couts = v.carburant + v.entretien + v.documents + v.frais;
  const marge = v.revenu - couts;
  const km = v.km !== null && v.km > 0 ? v.km : null;
  return {
    ...v,
    couts,
    marge,
    marge_pct: margePct(marge, v.revenu),
    cout_km: km === null ? null : Math.round(couts / km),
    consommation: km === null || v.litres <= 0 ? null : Math.round((v.litres / km) * 1000) / 10,
  };
}

/** The sums of course lines (a driver's, a trajet's, the period's). */
export interface TotauxCourses {
  courses: number;
  revenu: number;
  carburant: number;
  frais: number;
  per_diem: number;
  entretien: number;
  couts: number;
  marge: number;
  marge_pct: number | null;
  /** Courses whose fuel is an estimate (or unknown). */
  carburant_estime: number;
}

export function totauxCourses(lignes: CourseRentabilite[]): TotauxCourses {
  const t = { courses: 0, revenu: 0, carburant: 0, frais: 0, per_diem: 0, entretien: 0, couts: 0, marge: 0 };
  let estime = 0;
  for (const l of lignes) {
    t.courses += 1;
    t.revenu += l.revenu;
    t.carburant += l.carburant;
    t.frais += l.frais;
    t.per_diem += l.per_diem;
    t.entretien += l.entretien;
    t.couts += l.couts;
    t.marge += l.marge;
    if (l.carburant_source !== 'mesuré') estime += 1;
  }
  return { ...t, marge_pct: margePct(t.marge, t.revenu), carburant_estime: estime };
}

// ---------- Queries ----------

const zJour = (label: string) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string({ error: RENTABILITE_MSG.jour(label) })
      .refine(isCalendarDate, { error: RENTABILITE_MSG.jour(label) })
      .optional(),
  );

const periode = {
  date_debut: zJour('La date de début'),
  date_fin: zJour('La date de fin'),
  vehicule: zIdFilter('Le véhicule'),
  /** A superadmin's company (a company's own is always its own). */
  entreprise: zIdFilter("L'entreprise"),
  format: z.enum(['json', 'xlsx', 'pdf'], { error: RENTABILITE_MSG.format }).optional(),
};

/** Ordered and not too long (the defaults are the API's: this month). */
const periodeValide = (q: { date_debut?: string; date_fin?: string }, ctx: z.RefinementCtx) => {
  if (!q.date_debut || !q.date_fin) return;
  if (q.date_debut > q.date_fin)
    ctx.addIssue({ code: 'custom', path: ['date_fin'], message: RENTABILITE_MSG.ordre });
  else if (joursEntre(q.date_debut, q.date_fin) > RENTABILITE_JOURS_MAX)
    ctx.addIssue({ code: 'custom', path: ['date_fin'], message: RENTABILITE_MSG.tropLongue });
};

const zEntier = (error: string, min: number, max: number) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error }).optional(),
  );

export const RentabiliteCoursesQuery = z
  .object({
    ...periode,
    chauffeur: zIdFilter('Le chauffeur'),
    client: zIdFilter('Le client'),
    trajet: zIdFilter('Le trajet'),
    page: zEntier(RENTABILITE_MSG.page, 1, 1_000_000),
    per_page: zEntier(RENTABILITE_MSG.parPage, 1, RENTABILITE_PAGE_MAX),
  })
  .superRefine(periodeValide);
export type RentabiliteCoursesQuery = z.infer<typeof RentabiliteCoursesQuery>;

export const RentabilitePeriodeQuery = z.object(periode).superRefine(periodeValide);
export type RentabilitePeriodeQuery = z.infer<typeof RentabilitePeriodeQuery>;

// ---------- Answers ----------

const ref = z.object({ id: z.number(), libelle: z.string() }).nullable();
const zMarge = { marge: z.number(), marge_pct: z.number().nullable() };

export const RentabiliteCourseOut = z.object({
  id: z.number(),
  code: z.string(),
  date: z.string(),
  statut: z.string(),
  vehicule: z.object({ id: z.number(), plaque: z.string() }),
  chauffeur: ref,
  client: ref,
  trajet: ref,
  distance_km: z.number().nullable(),
  revenu: z.number(),
  carburant: z.number(),
  carburant_source: z.enum(SOURCES_CARBURANT),
  frais: z.number(),
  per_diem: z.number(),
  entretien: z.number(),
  couts: z.number(),
  ...zMarge,
});
export type RentabiliteCourseOut = z.infer<typeof RentabiliteCourseOut>;

const TotauxOut = z.object({
  courses: z.number(),
  revenu: z.number(),
  carburant: z.number(),
  frais: z.number(),
  per_diem: z.number(),
  entretien: z.number(),
  couts: z.number(),
  ...zMarge,
  carburant_estime: z.number(),
});

export const RentabiliteCoursesOut = z.object({
  date_debut: z.string(),
  date_fin: z.string(),
  page: z.number(),
  per_page: z.number(),
  /** Courses of the period (all pages). */
  total: z.number(),
  totaux: TotauxOut,
  /** This page's courses, the lowest margin first. */
  lignes: z.array(RentabiliteCourseOut),
});
export type RentabiliteCoursesOut = z.infer<typeof RentabiliteCoursesOut>;

export const RentabiliteVehiculeMoisOut = z.object({
  vehicule: z.object({ id: z.number(), plaque: z.string() }),
  /** `YYYY-MM`. */
  mois: z.string(),
  courses: z.number(),
  revenu: z.number(),
  carburant: z.number(),
  litres: z.number(),
  entretien: z.number(),
  documents: z.number(),
  frais: z.number(),
  couts: z.number(),
  ...zMarge,
  km: z.number().nullable(),
  cout_km: z.number().nullable(),
  consommation: z.number().nullable(),
  jours: z.number(),
});
export type RentabiliteVehiculeMoisOut = z.infer<typeof RentabiliteVehiculeMoisOut>;

export const RentabiliteVehiculesOut = z.object({
  date_debut: z.string(),
  date_fin: z.string(),
  totaux: z.object({
    revenu: z.number(),
    couts: z.number(),
    ...zMarge,
    km: z.number(),
    cout_km: z.number().nullable(),
  }),
  lignes: z.array(RentabiliteVehiculeMoisOut),
});
export type RentabiliteVehiculesOut = z.infer<typeof RentabiliteVehiculesOut>;

export const RentabiliteGroupeOut = TotauxOut.extend({
  /** The driver's or trajet's id; null: the courses without one. */
  id: z.number().nullable(),
  libelle: z.string(),
});
export type RentabiliteGroupeOut = z.infer<typeof RentabiliteGroupeOut>;

export const RentabiliteGroupesOut = z.object({
  date_debut: z.string(),
  date_fin: z.string(),
  totaux: TotauxOut,
  /** The best margin first. */
  lignes: z.array(RentabiliteGroupeOut),
});
export type RentabiliteGroupesOut = z.infer<typeof RentabiliteGroupesOut>;

/** An odometer reading: the Libreville day and the km read. */
export interface Releve {
  jour: string;
  km: number;
}

/**
 * A vehicle's km in a month (`YYYY-MM`), from its odometer readings (fills and garage visits): the highest
 * reading up to the month's end minus the highest before it; with no reading before, the month's highest
 * minus its lowest; null when the month has no reading (or the difference is not positive).
 */
export function kmDuMois(releves: Releve[], mois: string): number | null {
  let avant: number | null = null;
  let min: number | null = null;
  let max: number | null = null;
  for (const r of releves) {
    const m = r.jour.slice(0, 7);
    if (m < mois) avant = Math.max(avant ?? r.km, r.km);
    else if (m === mois) {
      min = Math.min(min ?? r.km, r.km);
      max = Math.max(max ?? r.km, r.km);
    }
  }
  if (max === null) return null;
  const km = max - (avant ?? min!);
  return km > 0 ? km : null;
}
