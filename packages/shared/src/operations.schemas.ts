import { z } from 'zod';
import { GABON_UTC_OFFSET, isCalendarDate, todayInGabon, zCalendarDate, zDateComptable } from './calendar';
import { coordonneesCourseShape, coordonneesEnPaires } from './geolocation';
import { zMontant, zMontantOptionnel } from './money';
import { COURSE_STATUTS, MODES_PAIEMENT, TYPES_COURSE } from './operations.lifecycle';
import { zChamps } from './reference';
import { messageControles, texteStockable, zTexteStockable } from './text';

// Bodies of the operations API, with their French messages (answers: operations.out.ts).

/** 'Le client est obligatoire.' when absent, 'Le client n'est pas valide.' otherwise. */
const missingOr = (label: string) => (iss: { input?: unknown }) =>
  iss.input === undefined || iss.input === null || iss.input === ''
    ? `${label} est obligatoire.`
    : `${label} n'est pas valide.`;

/** Form values may arrive as strings: '' is absent, '12' is 12. */
const numeric = (v: unknown) => {
  if (v === '') return undefined;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return v;
};

const zId = zChamps.id;
const zOptionalId = zChamps.idOptionnel;

const zText = (label: string, max: number) =>
  zTexteStockable(label, `${label} doit être un texte.`)
    .trim()
    .max(max, { error: `${label} ne peut pas dépasser ${max} caractères.` })
    .nullish()
    .transform((v) => (v ? v : null));
const zRequiredText = (label: string, max: number) =>
  z
    .string({ error: missingOr(label) })
    .refine(texteStockable, { error: messageControles(label), abort: true })
    .trim()
    .min(1, { error: `${label} est obligatoire.` })
    .max(max, { error: `${label} ne peut pas dépasser ${max} caractères.` });

const zPoids = z.preprocess(
  numeric,
  z
    .number({ error: "Le poids n'est pas valide." })
    .int({ error: 'Le poids doit être un nombre entier de kilogrammes.' })
    .min(0, { error: 'Le poids ne peut pas être négatif.' })
    .max(500_000, { error: 'Le poids ne peut pas dépasser 500 tonnes.' })
    .nullish(),
);

/** Gabon keeps UTC+1 all year: a date-time without an offset is Libreville time. */
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** `2026-03-14`, `2026-03-14T08:30`, `2026-03-14T07:30:00.000Z` → an ISO 8601 instant, or null. */
export function parseDateTime(value: string): string | null {
  const m = DATE_TIME.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00', offset] = m;
  if (!isCalendarDate(`${y}-${mo}-${d}`) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null;
  const zone =
    offset && offset !== 'Z' && !offset.includes(':') ? `${offset.slice(0, 3)}:${offset.slice(3)}` : offset;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${zone ?? GABON_UTC_OFFSET}`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

const zDateTime = (label: string) =>
  z
    .string({ error: missingOr(label) })
    .trim()
    .min(1, { error: `${label} est obligatoire.` })
    .transform((v, ctx) => {
      const iso = parseDateTime(v);
      if (!iso) ctx.addIssue({ code: 'custom', message: `${label} n'est pas une date valide.` });
      return iso ?? v;
    });

/** The day money changed hands (a payment, an invoice's or a purchase's settlement): the accounting rule. */
export const zDateOperation = zDateComptable("La date de l'opération");

const enumOf = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.enum(values, { error: missingOr(label) });

// ---------- Courses ----------

const courseShape = {
  entreprise_id: zOptionalId("L'entreprise"),
  client_id: zId('Le client'),
  vehicule_id: zId('Le véhicule'),
  chauffeur_id: zOptionalId('Le chauffeur'),
  type_course: enumOf(TYPES_COURSE, 'Le type de course'),
  type_marchandise_id: zOptionalId('Le type de marchandise'),
  trajet_id: zOptionalId('Le trajet'),
  /** Required, unless the trajet names it (the API then takes the trajet's). */
  ville_depart_id: zId('La ville de départ').optional(),
  ville_arrivee_id: zId("La ville d'arrivée").optional(),
  adresse_chargement: zText("L'adresse de chargement", 255),
  adresse_dechargement: zText("L'adresse de déchargement", 255),
  ...coordonneesCourseShape,
  date_chargement: zDateTime('La date de chargement'),
  date_dechargement: zDateTime('La date de déchargement').nullish(),
  poids_kg: zPoids,
  description: zText('La description', 2000),
  /** Required, unless the trajet suggests one (its montant). */
  montant: zMontant('Le montant', { min: 1 }).optional(),
};

/**
 * A new course names its cities and its price, or a trajet that gives them (the API reads the trajet: a
 * city or a price it lacks is then asked for on its own field).
 */
const villesOuTrajet = (
  v: { trajet_id?: number | null; ville_depart_id?: number; ville_arrivee_id?: number; montant?: number },
  ctx: z.RefinementCtx,
) => {
  if (v.trajet_id) return;
  for (const [path, message] of [
    ['ville_depart_id', 'La ville de départ est obligatoire.'],
    ['ville_arrivee_id', "La ville d'arrivée est obligatoire."],
    ['montant', 'Le montant est obligatoire.'],
  ] as const) {
    if (v[path] === undefined) ctx.addIssue({ code: 'custom', path: [path], message });
  }
};

export const DATES_COURSE_ORDRE = 'La date de déchargement doit être postérieure à la date de chargement.';

const datesInOrder = (
  v: { date_chargement?: string; date_dechargement?: string | null },
  ctx: z.RefinementCtx,
) => {
  if (v.date_chargement && v.date_dechargement && v.date_dechargement < v.date_chargement) {
    ctx.addIssue({ code: 'custom', path: ['date_dechargement'], message: DATES_COURSE_ORDRE });
  }
};

export const CourseBody = z
  .object(courseShape)
  // Named with the other missing fields, not after them.
  .superRefine(villesOuTrajet, { when: (p) => typeof p.value === 'object' && p.value !== null })
  .superRefine(datesInOrder)
  .superRefine(coordonneesEnPaires);
export type CourseBody = z.infer<typeof CourseBody>;

/** Update: every field optional; what is absent is kept, `null` clears an optional field. */
export const CourseUpdateBody = z
  .object(courseShape)
  .partial()
  .superRefine(datesInOrder)
  .superRefine(coordonneesEnPaires);
export type CourseUpdateBody = z.infer<typeof CourseUpdateBody>;

/**
 * A move of the course's lifecycle. `date_reelle`: when it actually happened (a step typed afterwards, the
 * driver having called); not in the future, not before the previous step (`heureReelleRefus`). Default: now.
 */
export const CourseStatutBody = z.object({
  statut: enumOf(COURSE_STATUTS, 'Le statut'),
  date_reelle: zDateTime("L'heure réelle").nullish(),
});

/** Undoes the course's last step (its author, within ANNULATION_ETAPE_MINUTES): nothing to send. */
export const CourseAnnulerEtapeBody = z.object({});

// ---------- Paiements ----------

const paiementShape = {
  course_id: zId('La course'),
  date_operation: zDateOperation.optional(),
  libelle: zRequiredText('Le libellé', 255),
  mode: enumOf(MODES_PAIEMENT, 'Le mode de paiement'),
  reference: zText('La référence', 100),
  montant: zMontant('Le montant', { min: 1 }),
};

export const PaiementBody = z.object({
  ...paiementShape,
  /** A payment received in hand may be recorded already validated. */
  statut: z
    .enum(['En attente', 'Validé'], {
      error: "Le statut d'un nouveau paiement est « En attente » ou « Validé ».",
    })
    .optional(),
});
export type PaiementBody = z.infer<typeof PaiementBody>;

export const PaiementUpdateBody = z.object(paiementShape).partial();
export type PaiementUpdateBody = z.infer<typeof PaiementUpdateBody>;

// ---------- Demandes ----------

const demandeShape = {
  client_id: zId('Le client'),
  type_course: enumOf(TYPES_COURSE, 'Le type de course'),
  type_marchandise_id: zOptionalId('Le type de marchandise'),
  ville_depart_id: zId('La ville de départ'),
  ville_arrivee_id: zId("La ville d'arrivée"),
  adresse_chargement: zText("L'adresse de chargement", 255),
  adresse_dechargement: zText("L'adresse de déchargement", 255),
  ...coordonneesCourseShape,
  date_souhaitee: zCalendarDate('La date souhaitée'),
  poids_kg: zPoids,
  description: zText('La description', 2000),
  budget: zMontantOptionnel('Le budget'),
};

export const DATE_SOUHAITEE_PASSEE = 'La date souhaitée ne peut pas être dans le passé.';

/**
 * `entreprise_id`: a superadmin names the company the demande is recorded for. A new demande is wished for
 * today or later (Libreville day); an edit keeps a date already past (the API refuses only a new past date).
 */
export const DemandeBody = z
  .object({
    ...demandeShape,
    date_souhaitee: demandeShape.date_souhaitee.refine((v) => !isCalendarDate(v) || v >= todayInGabon(), {
      error: DATE_SOUHAITEE_PASSEE,
    }),
    entreprise_id: zOptionalId("L'entreprise"),
  })
  .superRefine(coordonneesEnPaires);
export type DemandeBody = z.infer<typeof DemandeBody>;
export const DemandeUpdateBody = z.object(demandeShape).partial().superRefine(coordonneesEnPaires);
export type DemandeUpdateBody = z.infer<typeof DemandeUpdateBody>;

/** A transporteur takes a request: the vehicle, the driver and its price; a superadmin names the company. */
export const AcceptDemandeBody = z.object({
  entreprise_id: zOptionalId("L'entreprise"),
  vehicule_id: zId('Le véhicule'),
  chauffeur_id: zOptionalId('Le chauffeur'),
  montant: zMontant('Le montant', { min: 1 }),
  date_chargement: zDateTime('La date de chargement').optional(),
});
export type AcceptDemandeBody = z.infer<typeof AcceptDemandeBody>;
