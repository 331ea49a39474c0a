import { z } from 'zod';
import {
  ANOMALIE_CARBURANT_CODES,
  MODE_PAIEMENT_CARBURANT_LIBELLES,
  MODES_PAIEMENT_CARBURANT,
  SAISIES_CARBURANT,
} from './carburant.rules';
import { zFichierEnvoye } from './files';
import { dateRangeQuery } from './list-query';
import { MONTANT_MAX, zMontantOptionnel } from './money';
import { zChamps } from './reference';

// Fuel fills as the office enters them (`/api/carburant`), the import of a fuel-card file, and the answers.

export const CARBURANT_MSG = {
  litres: 'Les litres sont obligatoires.',
  litresBornes: 'Les litres doivent être un nombre entre 0 et 2000.',
  montantOuPrix: 'Indiquez le montant ou le prix au litre.',
  montantIncoherent: 'Le montant ne correspond pas aux litres × prix au litre (écart de plus de 1 %).',
  montantTropEleve: 'Les litres × le prix au litre dépassent 1.000.000.000 FCFA.',
  dateObligatoire: 'La date du plein est obligatoire.',
  dateInvalide: 'La date du plein doit être une date (JJ/MM/AAAA HH:MM ou AAAA-MM-JJ).',
  dateFuture: 'La date du plein est dans le futur.',
  dateAncienne: 'La date du plein ne peut pas précéder 2000.',
  modeInvalide: 'Le mode de paiement doit être caisse, carte, avance (du chauffeur) ou bon.',
  vehiculeInconnu: "Ce véhicule n'existe pas.",
  vehiculePlaqueInconnue: 'Aucun véhicule ne porte cette plaque',
  chauffeurInconnu: "Ce chauffeur n'existe pas.",
  chauffeurNomInconnu: 'Aucun chauffeur ne porte ce nom',
  courseCodeInconnu: 'Aucune course ne porte ce code',
  courseInconnue: "Cette course n'existe pas.",
  courseAutreVehicule: "Cette course n'est pas faite avec ce véhicule.",
  recuAbsent: 'Envoyez la photo du reçu en multipart/form-data, champ « photo ».',
} as const;

const pad = (n: string) => n.padStart(2, '0');

/**
 * The moment of a fill as people type it: an ISO instant, `2026-03-15` or `2026-03-15T08:30` (Libreville
 * time, noon for a day alone), `15/03/2026` or `15/03/2026 08:30` (a fuel card's file).
 */
export function lireDatePlein(v: unknown): unknown {
  if (v === null) return undefined;
  if (typeof v !== 'string') return v;
  const t = v.trim();
  if (t === '') return undefined;
  const fr = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T]+(\d{1,2})[:h](\d{2}))?$/.exec(t);
  if (fr) {
    const [, j, m, a, h, min] = fr;
    return `${a}-${pad(m!)}-${pad(j!)}T${h ? `${pad(h)}:${min}` : '12:00'}:00+01:00`;
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return `${t}T12:00:00+01:00`;
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(t)) return `${t.length === 16 ? `${t}:00` : t}+01:00`;
  return t;
}

const zDatePlein = z.preprocess(
  lireDatePlein,
  z.iso
    .datetime({
      offset: true,
      error: (iss) => (iss.input === undefined ? CARBURANT_MSG.dateObligatoire : CARBURANT_MSG.dateInvalide),
    })
    .refine((v) => !Number.isNaN(Date.parse(v)), { error: CARBURANT_MSG.dateInvalide })
    .refine((v) => Date.parse(v) <= Date.now() + 10 * 60_000, { error: CARBURANT_MSG.dateFuture })
    .refine((v) => Date.parse(v) >= Date.parse('2000-01-01T00:00:00+01:00'), {
      error: CARBURANT_MSG.dateAncienne,
    }),
);

/** `12,5`, `12.5`, 12.5 litres. */
export const zLitres = z.preprocess(
  (v) =>
    v === null
      ? undefined
      : typeof v === 'string'
        ? v.trim() === ''
          ? undefined
          : Number(v.trim().replace(',', '.'))
        : v,
  z
    .number({ error: (iss) => (iss.input === undefined ? CARBURANT_MSG.litres : CARBURANT_MSG.litresBornes) })
    .refine((v) => Number.isFinite(v) && v > 0 && v <= 2000, { error: CARBURANT_MSG.litresBornes }),
);

const oui = new Set(['oui', 'o', 'true', '1', 'x', 'plein', 'yes']);
const non = new Set(['non', 'n', 'false', '0', '', 'partiel', 'no']);
/** A full tank: true/false, or Oui/Non as a file says it. */
const zPleinComplet = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const t = v.trim().toLowerCase();
    return oui.has(t) ? true : non.has(t) ? false : v;
  },
  z.boolean({ error: 'Le plein complet est oui ou non.' }),
);

/** A payment mode by its code or its French label (`Carte carburant`). */
const zModePaiement = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  const t = v.trim().toLowerCase();
  if (t === '') return null;
  const parLibelle = Object.entries(MODE_PAIEMENT_CARBURANT_LIBELLES).find(([, l]) => l.toLowerCase() === t);
  return parLibelle ? parLibelle[0] : t;
}, z.enum(MODES_PAIEMENT_CARBURANT, { error: CARBURANT_MSG.modeInvalide }).nullish());

const pleinFields = {
  vehicule_id: zChamps.id('Le véhicule'),
  date: zDatePlein,
  chauffeur_id: zChamps.idOptionnel('Le chauffeur'),
  course_id: zChamps.idOptionnel('La course'),
  station: zChamps.texteOptionnel('La station', 120),
  litres: zLitres,
  prix_litre: zMontantOptionnel('Le prix au litre'),
  montant: zMontantOptionnel('Le montant'),
  kilometrage: zChamps.entierOptionnel('Le kilométrage', 0, 10_000_000),
  plein_complet: zPleinComplet.default(false),
  mode_paiement: zModePaiement,
};

/** The amount is given, or litres × price per litre; both given must agree within 1 %. */
const montantCoherent = (
  v: { litres?: number; prix_litre?: number | null; montant?: number | null },
  ctx: z.RefinementCtx,
) => {
  if (v.litres === undefined) return;
  if (!v.montant && !v.prix_litre) {
    ctx.addIssue({ code: 'custom', path: ['montant'], message: CARBURANT_MSG.montantOuPrix });
  } else if (v.prix_litre && v.litres * v.prix_litre > MONTANT_MAX) {
    ctx.addIssue({ code: 'custom', path: ['prix_litre'], message: CARBURANT_MSG.montantTropEleve });
  } else if (v.montant && v.prix_litre) {
    const attendu = v.litres * v.prix_litre;
    if (Math.abs(attendu - v.montant) > attendu * 0.01) {
      ctx.addIssue({ code: 'custom', path: ['montant'], message: CARBURANT_MSG.montantIncoherent });
    }
  }
};

export const PleinBody = z
  .object({ entreprise_id: zChamps.idOptionnel("L'entreprise"), ...pleinFields })
  .superRefine(montantCoherent);
export type PleinBody = z.infer<typeof PleinBody>;
/** The API checks the amount against the stored litres and price when only some are sent. */
export const PleinUpdateBody = z.object(pleinFields).partial();
export type PleinUpdateBody = z.infer<typeof PleinUpdateBody>;

/** `POST /api/carburant/{id}/recu` (multipart/form-data): the receipt's photo, part « photo ». */
export const RecuCarburantBody = z.object({ photo: zFichierEnvoye('photo', CARBURANT_MSG.recuAbsent) });

const Plaque = z.object({ id: z.number(), plaque: z.string() });

export const AnomalieCarburantOut = z.object({ code: z.enum(ANOMALIE_CARBURANT_CODES), message: z.string() });

export const PleinOut = z.object({
  id: z.number(),
  entreprise_id: z.number(),
  vehicule_id: z.number(),
  vehicule: Plaque,
  /** The instant of the fill. */
  date: z.string(),
  chauffeur_id: z.number().nullable(),
  chauffeur: z.object({ id: z.number(), nom_complet: z.string() }).nullable(),
  course_id: z.number().nullable(),
  course: z.object({ id: z.number(), code: z.string() }).nullable(),
  station: z.string().nullable(),
  litres: z.number(),
  prix_litre: z.number().nullable(),
  montant: z.number(),
  kilometrage: z.number().nullable(),
  plein_complet: z.boolean(),
  mode_paiement: z.enum(MODES_PAIEMENT_CARBURANT).nullable(),
  /** Who recorded it: the driver's app, the office, an import. */
  saisie: z.enum(SAISIES_CARBURANT),
  /** Raised when the fill was recorded (or its figures changed), never again on reading. */
  anomalies: z.array(AnomalieCarburantOut),
  /** The receipt's photo (`GET /api/photos-chauffeur/{id}`), or null. */
  photo_id: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PleinOut = z.infer<typeof PleinOut>;

/** `GET /api/carburant/consommation`: per vehicle and month, full tank to full tank. */
export const ConsommationQuery = z.object({
  vehicule: zChamps.filtreId('véhicule'),
  ...dateRangeQuery,
  entreprise: zChamps.filtreId("d'entreprise"),
});
export const ConsommationLigne = z.object({
  vehicule: Plaque,
  /** `YYYY-MM`. */
  mois: z.string(),
  km: z.number(),
  litres: z.number(),
  /** L/100 km, null when no complete stretch closed in the month. */
  consommation: z.number().nullable(),
  consommation_reference: z.number().nullable(),
  /** The reference plus the company's margin: above it, the consumption is an anomaly. */
  consommation_seuil: z.number().nullable(),
  /** All the fills of the month: litres and FCFA. */
  litres_achetes: z.number(),
  montant: z.number(),
  pleins: z.number(),
});
export type ConsommationLigne = z.infer<typeof ConsommationLigne>;

// The odometer

export const SOURCES_KILOMETRAGE = {
  carburant: 'plein saisi au bureau',
  application: 'application chauffeur',
  intervention: 'intervention',
} as const;
export type SourceKilometrage = keyof typeof SOURCES_KILOMETRAGE;

export const ReleveKilometrage = z.object({
  kilometrage: z.number(),
  source: z.enum(Object.keys(SOURCES_KILOMETRAGE) as [SourceKilometrage, ...SourceKilometrage[]]),
  /** An instant (a fill) or a day (an intervention). */
  date: z.string(),
  /** The row it was read on (a fill's or an intervention's id). */
  reference_id: z.number(),
});
export type ReleveKilometrage = z.infer<typeof ReleveKilometrage>;
