import { z } from 'zod';
import { endpointContract } from './contract';
import { PLAN_ETATS } from './entretien.rules';
import { IdParams, zFlag } from './list-query';
import { zChamps } from './reference';

export const PLAN_MSG = {
  cible: 'Choisissez un véhicule ou un type de véhicule (un seul des deux).',
  intervalle: 'Indiquez un intervalle en kilomètres ou en mois (ou les deux).',
  vehiculeInconnu: "Ce véhicule n'existe pas.",
  typeInconnu: "Ce type de véhicule n'existe pas.",
  serviceInconnu: "Un des services n'existe pas.",
  articleInconnu: "Un des articles n'existe pas.",
  planInconnu: "Ce plan d'entretien n'existe pas.",
  planAutreVehicule: "Ce plan d'entretien ne s'applique pas à ce véhicule.",
} as const;

const ids = (label: string) =>
  z
    .array(zChamps.id(label), { error: `${label} doit être une liste.` })
    .max(50, { error: `${label} ne peut pas dépasser 50 éléments.` });

const planFields = {
  libelle: zChamps.texte('Le libellé', 120),
  vehicule_id: zChamps.idOptionnel('Le véhicule'),
  type_vehicule_id: zChamps.idOptionnel('Le type de véhicule'),
  intervalle_km: zChamps.entierOptionnel("L'intervalle en kilomètres", 100, 1_000_000),
  intervalle_mois: zChamps.entierOptionnel("L'intervalle en mois", 1, 120),
  /** The company's services usually done (ids of /api/services). */
  service_ids: ids('Les services').default([]),
  /** The company's articles usually used (ids of /api/articles). */
  article_ids: ids('Les articles').default([]),
  actif: z.boolean({ error: 'Actif doit valoir vrai ou faux.' }).default(true),
};

type Cible = { vehicule_id?: number | null; type_vehicule_id?: number | null };
type Intervalles = { intervalle_km?: number | null; intervalle_mois?: number | null };
/** Exactly one of the vehicle and the vehicle type. */
export const planCibleValide = (v: Cible) => !!v.vehicule_id !== !!v.type_vehicule_id;
export const planIntervalleValide = (v: Intervalles) => !!v.intervalle_km || !!v.intervalle_mois;

export const PlanEntretienBody = z
  .object({ entreprise_id: zChamps.idOptionnel("L'entreprise"), ...planFields })
  .refine(planCibleValide, { path: ['vehicule_id'], error: PLAN_MSG.cible })
  .refine(planIntervalleValide, { path: ['intervalle_km'], error: PLAN_MSG.intervalle });
export type PlanEntretienBody = z.infer<typeof PlanEntretienBody>;
/** Partial: the API checks the target and the intervals on the result. */
export const PlanEntretienUpdateBody = z
  .object({
    ...planFields,
    service_ids: planFields.service_ids.unwrap().optional(),
    article_ids: planFields.article_ids.unwrap().optional(),
    actif: planFields.actif.unwrap().optional(),
  })
  .partial();
export type PlanEntretienUpdateBody = z.infer<typeof PlanEntretienUpdateBody>;

const Ref = z.object({ id: z.number(), libelle: z.string() });
export const PlanEntretienOut = z.object({
  id: z.number(),
  entreprise_id: z.number(),
  libelle: z.string(),
  vehicule_id: z.number().nullable(),
  vehicule: z.object({ id: z.number(), plaque: z.string() }).nullable(),
  type_vehicule_id: z.number().nullable(),
  type_vehicule: Ref.nullable(),
  /** « GA-175-RX » or « Type : Camion benne ». */
  cible: z.string(),
  intervalle_km: z.number().nullable(),
  intervalle_mois: z.number().nullable(),
  /** « 10 000 km ou 6 mois ». */
  intervalle: z.string(),
  service_ids: z.array(z.number()),
  article_ids: z.array(z.number()),
  /** With their current price (the intervention made from the plan starts from it). */
  services: z.array(Ref.extend({ prix: z.number() })),
  articles: z.array(Ref.extend({ prix: z.number() })),
  actif: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PlanEntretienOut = z.infer<typeof PlanEntretienOut>;

export const zPlanEtat = z.enum(PLAN_ETATS, { error: "L'état est en_retard, bientot ou a_jour." });

/** One vehicle under one applicable plan, with its due point. */
export const EcheancePlanOut = z.object({
  plan_id: z.number(),
  libelle: z.string(),
  vehicule: z.object({ id: z.number(), plaque: z.string() }),
  intervalle: z.string(),
  compteur: z.number().nullable(),
  dernier: z
    .object({ intervention_id: z.number(), date: z.string(), kilometrage: z.number().nullable() })
    .nullable(),
  prochaine_date: z.string().nullable(),
  prochain_km: z.number().nullable(),
  jours_restants: z.number().nullable(),
  km_restants: z.number().nullable(),
  etat: zPlanEtat,
  etat_libelle: z.string(),
  motif: z.enum(['km', 'date']).nullable(),
  /** « dans 800 km », « en retard de 12 jours ». */
  texte: z.string(),
  /** The intervention form prefilled from this plan (web address). */
  lien_intervention: z.string(),
});
export type EcheancePlanOut = z.infer<typeof EcheancePlanOut>;

export const EcheancesQuery = z.object({
  etat: zPlanEtat.optional(),
  /** Only the due ones (en retard and bientôt). */
  dues: zFlag('Le filtre dues'),
  vehicule: zChamps.filtreId('véhicule'),
});

/** Each vehicle × active applicable plan with its due state, the most urgent first. */
export const echeancesPlansEndpoint = endpointContract({
  method: 'GET',
  path: '/api/plans-entretien/echeances',
  query: EcheancesQuery,
  response: z.array(EcheancePlanOut),
});

/** A vehicle's maintenance log in PDF: every intervention with its day, odometer, services and parts, cost. */
export const carnetEntretienEndpoint = endpointContract({
  method: 'GET',
  path: '/api/vehicules/:id/carnet',
  params: IdParams,
});
