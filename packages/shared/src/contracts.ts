import { z } from 'zod';
import {
  AchatOut,
  EcritureOut,
  FactureItemOut,
  FactureOut,
  LigneJournalOut,
  PieceDeCaisseOut,
} from './accounting.out';
import {
  AchatBody,
  AchatUpdateBody,
  AvoirBody,
  FactureBody,
  FactureUpdateBody,
  OperationDiverseBody,
  PieceDeCaisseBody,
  PieceDeCaisseUpdateBody,
  ReglementBody,
} from './accounting.schemas';
import { AdresseBody, AdresseOut, AdresseUpdateBody } from './adresses';
import { AuditEntryOut } from './audit';
import {
  AnnulerAvanceBody,
  AvanceBody,
  AvanceDetailOut,
  AvanceOut,
  AvanceUpdateBody,
  JustificatifBody,
  SolderBody,
} from './avances';
import { PleinBody, PleinOut, PleinUpdateBody } from './carburant.schemas';
import { entityContract } from './contract';
import { PlanEntretienBody, PlanEntretienOut, PlanEntretienUpdateBody } from './entretien.schemas';
import {
  DocumentBody,
  DocumentOut,
  DocumentUpdateBody,
  InterventionBody,
  InterventionOut,
  InterventionUpdateBody,
  VehiculeBody,
  VehiculeDetailOut,
  VehiculeOut,
  VehiculeUpdateBody,
} from './fleet.schemas';
import { AppareilBody, AppareilOut, AppareilUpdateBody } from './geolocation';
import { CourseDetailOut, CourseOut, DemandeOut, PaiementOut } from './operations.out';
import {
  AcceptDemandeBody,
  CourseAnnulerEtapeBody,
  CourseBody,
  CourseStatutBody,
  CourseUpdateBody,
  DemandeBody,
  DemandeUpdateBody,
  PaiementBody,
  PaiementUpdateBody,
} from './operations.schemas';
import {
  AchatsQuery,
  AdressesQuery,
  AppareilsQuery,
  AuditQuery,
  AvancesQuery,
  CarburantQuery,
  CoursesQuery,
  DemandesQuery,
  DocumentsQuery,
  FacturesQuery,
  InterventionsQuery,
  JournalQuery,
  PaiementsQuery,
  PiecesDeCaisseQuery,
  PlansEntretienQuery,
  ReferenceQuery,
  UsersQuery,
  VehiculesQuery,
} from './queries';
import {
  ArticleBody,
  ArticleOut,
  FournisseurBody,
  FournisseurOut,
  GarageBody,
  GarageOut,
  type ReferenceTable,
  ServiceBody,
  ServiceOut,
  TrajetBody,
  TrajetOut,
  TypeArticleBody,
  TypeArticleOut,
  TypeMarchandiseBody,
  TypeMarchandiseOut,
  TypeVehiculeBody,
  TypeVehiculeOut,
  VilleBody,
  VilleOut,
} from './reference';
import { AccesChauffeurOut, UserCreateBody, UserOut, UserUpdateBody } from './users';
import { ZoneBody, ZoneOut, ZonesQuery, ZoneUpdateBody } from './zones';

// One contract per entity of the API (`contract.ts`): the API's crudRoutes serves it, the web's
// createResource calls it. A new entity declares its contract here first.

// ---------- Operations ----------

export const coursesContract = entityContract({
  path: '/api/courses',
  item: CourseOut,
  detail: CourseDetailOut,
  query: CoursesQuery,
  create: CourseBody,
  update: CourseUpdateBody,
  actions: { statut: { body: CourseStatutBody }, 'annuler-etape': { body: CourseAnnulerEtapeBody } },
});

export const demandesContract = entityContract({
  path: '/api/demandes',
  item: DemandeOut,
  detail: DemandeOut,
  query: DemandesQuery,
  create: DemandeBody,
  update: DemandeUpdateBody,
  actions: {
    broadcast: {},
    cancel: {},
    /** Accepting creates the course: the answer is the course. */
    accept: { body: AcceptDemandeBody, out: CourseDetailOut },
  },
});

export const paiementsContract = entityContract({
  path: '/api/paiements',
  item: PaiementOut,
  detail: PaiementOut,
  query: PaiementsQuery,
  create: PaiementBody,
  update: PaiementUpdateBody,
  actions: { validate: {}, cancel: {} },
});

/** A user's own addresses (the mobile apps' address book). */
export const adressesContract = entityContract({
  path: '/api/adresses',
  item: AdresseOut,
  detail: AdresseOut,
  query: AdressesQuery,
  create: AdresseBody,
  update: AdresseUpdateBody,
  actions: {},
});

// ---------- Fleet ----------

/** The list's rows are VehiculeOut, the detail adds the documents; writes answer the list's row. */
export const vehiculesContract = entityContract({
  path: '/api/vehicules',
  item: VehiculeOut,
  detail: VehiculeDetailOut,
  query: VehiculesQuery,
  create: VehiculeBody,
  update: VehiculeUpdateBody,
  writeOut: VehiculeOut,
  actions: {},
});

export const documentsContract = entityContract({
  path: '/api/documents',
  item: DocumentOut,
  detail: DocumentOut,
  query: DocumentsQuery,
  create: DocumentBody,
  update: DocumentUpdateBody,
  actions: {},
});

export const interventionsContract = entityContract({
  path: '/api/interventions',
  item: InterventionOut,
  detail: InterventionOut,
  query: InterventionsQuery,
  create: InterventionBody,
  update: InterventionUpdateBody,
  actions: { confirm: {} },
});

/** Maintenance plans: every N km and/or M months, per vehicle or per vehicle type. */
export const plansEntretienContract = entityContract({
  path: '/api/plans-entretien',
  item: PlanEntretienOut,
  detail: PlanEntretienOut,
  query: PlansEntretienQuery,
  create: PlanEntretienBody,
  update: PlanEntretienUpdateBody,
  actions: {},
});

/** Fuel fills: the driver's app records them too (`/api/chauffeur/carburant`), the office sees them all. */
export const carburantContract = entityContract({
  path: '/api/carburant',
  item: PleinOut,
  detail: PleinOut,
  query: CarburantQuery,
  create: PleinBody,
  update: PleinUpdateBody,
  actions: {},
});

/**
 * Driver advances (« avances de frais de route »): given, justified (`justificatifs`: attach or detach a
 * fill or a road expense, or an office-entered expense), settled (`solder`) or cancelled (`annuler`); each
 * step posted (docs/accounting.md). Money given is never deleted: cancelled, its postings reversed.
 */
export const avancesContract = entityContract({
  path: '/api/avances',
  item: AvanceOut,
  detail: AvanceDetailOut,
  query: AvancesQuery,
  create: AvanceBody,
  update: AvanceUpdateBody,
  actions: {
    justificatifs: { body: JustificatifBody },
    solder: { body: SolderBody },
    annuler: { body: AnnulerAvanceBody },
  },
});

// ---------- Users ----------

/** Accounts are blocked (disable) and unblocked (activate), never deleted. */
export const utilisateursContract = entityContract({
  path: '/api/utilisateurs',
  item: UserOut,
  detail: UserOut,
  query: UsersQuery,
  create: UserCreateBody,
  update: UserUpdateBody,
  actions: { disable: {}, activate: {}, 'acces-chauffeur': { out: AccesChauffeurOut } },
});

// ---------- Accounting ----------

export const facturesContract = entityContract({
  path: '/api/factures',
  item: FactureItemOut,
  detail: FactureOut,
  query: FacturesQuery,
  create: FactureBody,
  update: FactureUpdateBody,
  actions: {
    validate: {},
    /** The answer is the credit note. */
    avoir: { body: AvoirBody },
    reglements: { body: ReglementBody },
  },
});

export const achatsContract = entityContract({
  path: '/api/achats',
  item: AchatOut,
  detail: AchatOut,
  query: AchatsQuery,
  create: AchatBody,
  update: AchatUpdateBody,
  actions: { validate: {}, reglements: { body: ReglementBody } },
});

/**
 * Cash vouchers. The specification also names them `/api/caisses`: `/api/caisses/{id}/disable`, `…/activate`
 * and `/api/caisses/destroy-group` (served beside `/api/piece_de_caisses/destroy-group`).
 */
export const piecesDeCaisseContract = entityContract({
  path: '/api/piece_de_caisses',
  item: PieceDeCaisseOut,
  detail: PieceDeCaisseOut,
  query: PiecesDeCaisseQuery,
  create: PieceDeCaisseBody,
  update: PieceDeCaisseUpdateBody,
  actions: { disable: { path: '/api/caisses' }, activate: { path: '/api/caisses' } },
  destroyGroupPath: '/api/caisses',
});

/**
 * The journals: the list answers their lines, the detail one entry with all its lines; the only write is
 * the manual 'Operation Diverse' (entries are never edited nor deleted).
 */
export const journalContract = entityContract({
  path: '/api/operations',
  item: LigneJournalOut,
  detail: EcritureOut,
  query: JournalQuery,
  create: OperationDiverseBody,
  actions: {},
});

// ---------- Audit, geolocation ----------

/** The platform's audit log (superadmins): read only. */
export const auditContract = entityContract({
  path: '/api/audit',
  item: AuditEntryOut,
  detail: AuditEntryOut,
  query: AuditQuery,
  actions: {},
});

export const appareilsContract = entityContract({
  path: '/api/appareils',
  item: AppareilOut,
  detail: AppareilOut,
  query: AppareilsQuery,
  create: AppareilBody,
  update: AppareilUpdateBody,
  actions: {},
});

/** A company's zones (géofences): circles and polygons. */
export const zonesContract = entityContract({
  path: '/api/zones',
  item: ZoneOut,
  detail: ZoneOut,
  query: ZonesQuery,
  create: ZoneBody,
  update: ZoneUpdateBody,
  actions: {},
});

// ---------- Reference data ----------

/**
 * A reference table under `/api/{table}`: an update sends the fields to change, never the company.
 * `microservice`: a row is also deleted as `POST /api/microservice/api-courses/{table}/{id}/destroy` (the
 * specification), the path the Configurations screen uses for it.
 */
function referenceContract<const T extends ReferenceTable, Body extends z.ZodObject, Out extends z.ZodType>(
  table: T,
  body: Body,
  out: Out,
  options: { microservice?: true } = {},
) {
  const { entreprise_id: _, ...updateShape } = body.shape as z.ZodRawShape;
  return entityContract({
    path: `/api/${table}` as const,
    item: out,
    detail: out,
    query: ReferenceQuery,
    create: body,
    update: z.object(updateShape).partial(),
    actions: {},
    ...(options.microservice ? { destroyPath: `/api/microservice/api-courses/${table}` } : {}),
  });
}

/** The nine reference tables of the Configurations screen. */
export const referenceContracts = {
  villes: referenceContract('villes', VilleBody, VilleOut, { microservice: true }),
  types_marchandises: referenceContract('types_marchandises', TypeMarchandiseBody, TypeMarchandiseOut, {
    microservice: true,
  }),
  types_vehicules: referenceContract('types_vehicules', TypeVehiculeBody, TypeVehiculeOut),
  types_articles: referenceContract('types_articles', TypeArticleBody, TypeArticleOut),
  articles: referenceContract('articles', ArticleBody, ArticleOut),
  garages: referenceContract('garages', GarageBody, GarageOut),
  services: referenceContract('services', ServiceBody, ServiceOut),
  fournisseurs: referenceContract('fournisseurs', FournisseurBody, FournisseurOut),
  trajets: referenceContract('trajets', TrajetBody, TrajetOut),
} satisfies Record<ReferenceTable, unknown>;
