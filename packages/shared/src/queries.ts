import { z } from 'zod';
import {
  ACHAT_STATUTS,
  FACTURE_STATUTS,
  FACTURE_TYPES,
  JournalEnum,
  STATUTS_REGLEMENT,
} from './accounting.schemas';
import { AUDIT_ACTION_CODES, AUDIT_ENTITES } from './audit';
import { AVANCE_STATUTS } from './avances';
import { isCalendarDate, zJourIso } from './calendar';
import { MODES_PAIEMENT_CARBURANT, SAISIES_CARBURANT } from './carburant.rules';
import { CARBURANT_MSG } from './carburant.schemas';
import { SOUS_TYPES, USER_TYPES } from './enums';
import {
  DOCUMENT_ECHEANCES,
  type DocumentEcheance,
  INTERVENTION_STATUTS,
  INTERVENTION_TYPES,
} from './fleet.rules';
import { zVehiculeStatut } from './fleet.schemas';
import { APPAREIL_STATUTS } from './geolocation';
import { dateRangeQuery, listFilters, periodQuery, zFlag, zIdFilter, zRowId, zSearch } from './list-query';
import {
  COURSE_ETATS,
  COURSE_STATUTS,
  DEMANDE_STATUTS,
  MODES_PAIEMENT,
  PAIEMENT_STATUTS,
  TYPES_COURSE,
} from './operations.lifecycle';
import { zChamps } from './reference';

// The query string of every list of the API, one schema per list, by module. The API validates with it
// (its 422s and French messages), the contracts (`contracts.ts`) name it, and the web types its calls
// with it. Each is `listFilters({...})`: page, per_page, limit, req_count, entreprise, sort and the
// list's own filters, an empty value meaning no filter.

// ---------- Operations ----------

export const CoursesQuery = listFilters(
  {
    reglement: z
      .enum(COURSE_ETATS, { error: 'Le règlement doit être « Payé », « Non payé » ou « Acompte ».' })
      .optional(),
    proprietaire: zIdFilter('Le propriétaire'),
    vehicule: zIdFilter('Le véhicule'),
    client: zIdFilter('Le client'),
    chauffeur: zIdFilter('Le chauffeur'),
    statut: z.enum(COURSE_STATUTS, { error: "Le statut de course n'est pas valide." }).optional(),
    type: z.enum(TYPES_COURSE, { error: "Le type de course n'est pas valide." }).optional(),
    /** `a_payer=1`: courses that can still receive a payment (something left to pay, not cancelled). */
    a_payer: zFlag('Le filtre « à payer »'),
    search: zSearch,
    ...dateRangeQuery,
    ...periodQuery,
  },
  ['code', 'date_chargement', 'date_dechargement', 'montant', 'statut', 'type_course', 'vehicule', 'client'],
);

export const DemandesQuery = listFilters(
  {
    client: zIdFilter('Le client'),
    statut: z.enum(DEMANDE_STATUTS, { error: "Le statut de demande n'est pas valide." }).optional(),
    type: z.enum(TYPES_COURSE, { error: "Le type de course n'est pas valide." }).optional(),
    ...dateRangeQuery,
  },
  ['created_at', 'date_souhaitee', 'statut', 'type_course', 'budget', 'client'],
);

export const PaiementsQuery = listFilters(
  {
    client: zIdFilter('Le client'),
    course: zIdFilter('La course'),
    mode: z.enum(MODES_PAIEMENT, { error: "Le mode de paiement n'est pas valide." }).optional(),
    statut: z.enum(PAIEMENT_STATUTS, { error: "Le statut de paiement n'est pas valide." }).optional(),
    ...dateRangeQuery,
  },
  ['date_operation', 'montant', 'statut', 'mode', 'libelle', 'client', 'course'],
);

/** A user's own addresses: no filter of their own. */
export const AdressesQuery = listFilters({});

// ---------- Fleet ----------

export const VehiculesQuery = listFilters(
  {
    proprietaire: zChamps.filtreId('propriétaire'),
    chauffeur: zChamps.filtreId('chauffeur'),
    type: zChamps.filtreId('type'),
    statut: zVehiculeStatut.optional(),
    /** `affectable=1`: the vehicles a course can take now (VEHICULE_STATUTS_AFFECTABLES), for the pickers. */
    affectable: z
      .enum(['1', '0', 'true', 'false', ''], { error: 'Le filtre « affectable » doit valoir 1 ou 0.' })
      .optional()
      .transform((v) => v === '1' || v === 'true'),
    search: zChamps.recherche(),
  },
  ['plaque', 'marque', 'modele', 'tonnage', 'statut', 'annee', 'created_at'],
);

export const DocumentsQuery = listFilters(
  {
    camion_id: zChamps.filtreId('véhicule'),
    req_period: zChamps.mois().optional(),
    expire_avant: zJourIso("La date expire_avant n'est pas valide (AAAA-MM-JJ).").optional(),
    /** Documents à renouveler (DOCUMENT_ECHEANCES): expired, within 7 or 30 days, not replaced since. */
    echeance: z
      .enum(Object.keys(DOCUMENT_ECHEANCES) as [DocumentEcheance, ...DocumentEcheance[]], {
        error: "L'échéance n'est pas valide (a_renouveler, expire, 7 ou 30).",
      })
      .optional(),
    search: zChamps.recherche(),
  },
  ['libelle', 'date_expiration', 'vehicule'],
);

export const PlansEntretienQuery = listFilters(
  {
    vehicule: zChamps.filtreId('véhicule'),
    type_vehicule: zChamps.filtreId('type de véhicule'),
    actif: z.enum(['oui', 'non'], { error: 'Le filtre actif est oui ou non.' }).optional(),
    search: zChamps.recherche(),
  },
  ['libelle', 'intervalle_km', 'intervalle_mois', 'created_at'],
);

export const InterventionsQuery = listFilters(
  {
    vehicule: zChamps.filtreId('véhicule'),
    garage: zChamps.filtreId('garage'),
    type: z.enum(INTERVENTION_TYPES, { error: "Le type d'intervention n'est pas valide." }).optional(),
    statut: z.enum(INTERVENTION_STATUTS, { error: "Le statut d'intervention n'est pas valide." }).optional(),
    date_debut: zJourIso("La date de début n'est pas valide (AAAA-MM-JJ).").optional(),
    date_fin: zJourIso("La date de fin n'est pas valide (AAAA-MM-JJ).").optional(),
    req_period: zChamps.mois().optional(),
    search: zChamps.recherche(),
  },
  ['id', 'type', 'date_debut', 'date_fin', 'montant', 'statut', 'vehicule', 'garage'],
);

export const CarburantQuery = listFilters(
  {
    vehicule: zChamps.filtreId('véhicule'),
    chauffeur: zChamps.filtreId('chauffeur'),
    course: zChamps.filtreId('course'),
    mode_paiement: z.enum(MODES_PAIEMENT_CARBURANT, { error: CARBURANT_MSG.modeInvalide }).optional(),
    saisie: z.enum(SAISIES_CARBURANT, { error: 'La saisie est chauffeur, bureau ou import.' }).optional(),
    anomalie: z.enum(['oui', 'non'], { error: "Le filtre d'anomalie est oui ou non." }).optional(),
    plein_complet: z.enum(['oui', 'non'], { error: 'Le filtre plein complet est oui ou non.' }).optional(),
    ...dateRangeQuery,
    search: zChamps.recherche(),
  },
  ['date', 'litres', 'montant', 'kilometrage', 'vehicule', 'station'],
);

// ---------- Accounting ----------

export const FacturesQuery = listFilters(
  {
    client: zIdFilter('Le client'),
    type: z.enum(FACTURE_TYPES, { error: "Le type de facture n'est pas valide." }).optional(),
    statut: z.enum(FACTURE_STATUTS, { error: "Le statut de facture n'est pas valide." }).optional(),
    ...dateRangeQuery,
  },
  ['date_operation', 'numero', 'client', 'type', 'net_a_payer', 'statut'],
);

/** `GET /api/factures/courses-facturables?client=`: a client's courses that no validated invoice holds. */
export const CoursesFacturablesQuery = z.object({ client: zIdFilter('Le client') });

export const AchatsQuery = listFilters(
  {
    fournisseur: zIdFilter('Le fournisseur'),
    statut: z.enum(ACHAT_STATUTS, { error: "Le statut d'achat n'est pas valide." }).optional(),
    statut_reglement: z
      .enum(STATUTS_REGLEMENT, { error: "Le statut de règlement n'est pas valide." })
      .optional(),
    ...dateRangeQuery,
  },
  ['date_operation', 'montant', 'statut', 'statut_reglement', 'fournisseur'],
);

export const PiecesDeCaisseQuery = listFilters(
  {
    actif: z
      .enum(['0', '1', 'true', 'false'])
      .transform((v) => v === '1' || v === 'true')
      .optional(),
    ...dateRangeQuery,
  },
  ['numero', 'date_operation', 'libelle', 'beneficiaire', 'decaisseur', 'montant'],
);

/**
 * The journals' lines (`GET /api/operations`), newest first; `sort=date_operation` for the oldest first. A
 * superadmin names the company (`entreprise`): running balances are kept per company.
 */
export const JournalQuery = listFilters(
  {
    type: JournalEnum.optional(),
    compte: z.string().trim().max(10, { error: 'Le compte ne peut pas dépasser 10 caractères.' }).optional(),
    ...dateRangeQuery,
  },
  ['date_operation'],
);

/** The balance générale of a period (`GET /api/operations/balance`; both dates required by the API). */
export const BalanceQuery = listFilters({
  ...dateRangeQuery,
  format: z.enum(['json', 'csv'], { error: 'Le format est « json » ou « csv ».' }).optional(),
});

// ---------- Users ----------

export const UsersQuery = listFilters(
  {
    type: z.enum(USER_TYPES, { error: "Le type d'utilisateur n'est pas valide." }).optional(),
    sous_type: z.enum(SOUS_TYPES, { error: "Le sous-type n'est pas valide." }).optional(),
    search: zSearch,
  },
  ['id', 'name', 'nom', 'email', 'type', 'telephone1', 'created_at'],
);

/** The users connected now: paged like any list, no filter of their own. */
export const ConnectedUsersQuery = listFilters({});

// ---------- Notifications and messages ----------

/** `read_at=null` selects the unread ones; an empty `read_at` is ignored like every empty filter. */
const readAt = z.literal('null', { error: 'Le filtre read_at accepte seulement « null ».' }).optional();

export const NotificationsQuery = listFilters({ read_at: readAt });

export const MessagesQuery = listFilters({
  read_at: readAt,
  boite: z.enum(['recus', 'envoyes'], { error: 'La boîte est « recus » ou « envoyes ».' }).optional(),
});

// ---------- Geolocation ----------

export const AppareilsQuery = listFilters(
  {
    search: zSearch,
    vehicule: zIdFilter('Le véhicule'),
    statut: z
      .enum(APPAREIL_STATUTS, { error: 'Le statut doit être « En ligne » ou « Hors ligne ».' })
      .optional(),
  },
  ['nom', 'identifiant', 'vehicule', 'created_at'],
);

const zJour = (label: string) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string({ error: `${label} doit être une date au format AAAA-MM-JJ.` })
      .refine(isCalendarDate, { error: `${label} doit être une date au format AAAA-MM-JJ.` })
      .optional(),
  );

/** `?date_debut=&date_fin=` (Libreville days, both default to today; at most GPS.traceJoursMax days). */
export const TraceQuery = z.object({
  date_debut: zJour('La date de début'),
  date_fin: zJour('La date de fin'),
});
export type TraceQuery = z.infer<typeof TraceQuery>;

/** `GET /api/rapports/trajets`: one device's trips and stops over a day range (at most GPS.traceJoursMax). */
export const RapportTrajetsQuery = TraceQuery.extend({
  appareil_id: zRowId("Choisissez l'appareil (son identifiant numérique)."),
});
export type RapportTrajetsQuery = z.infer<typeof RapportTrajetsQuery>;

/** The track's days as a file. */
export const TraceExportQuery = TraceQuery.extend({
  format: z
    .enum(['csv', 'xlsx'], { error: "Le format d'export doit être « csv » ou « xlsx »." })
    .default('xlsx'),
});

// ---------- Audit ----------

/** The platform's audit log (superadmins). */
export const AuditQuery = listFilters({
  table: z
    .enum(Object.keys(AUDIT_ENTITES) as [string, ...string[]], { error: "L'entité n'est pas valide." })
    .optional(),
  action: z.enum(AUDIT_ACTION_CODES, { error: "L'action n'est pas valide." }).optional(),
  utilisateur: zIdFilter("L'utilisateur"),
  record: zIdFilter("L'identifiant de la fiche"),
  ...dateRangeQuery,
});

// ---------- Reference data ----------

/** Every reference table (villes, garages, articles…): a search over its labels. */
export const ReferenceQuery = listFilters({ search: zSearch });

/** Driver advances: by driver, course, state, day given (`date_operation`). */
export const AvancesQuery = listFilters(
  {
    chauffeur: zChamps.filtreId('chauffeur'),
    course: zChamps.filtreId('course'),
    statut: z.enum(AVANCE_STATUTS, { error: "Le statut de l'avance n'est pas valide." }).optional(),
    ...dateRangeQuery,
    search: zChamps.recherche(),
  },
  ['date_operation', 'montant', 'statut', 'chauffeur'],
);
