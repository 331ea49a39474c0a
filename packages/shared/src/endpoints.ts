import { z } from 'zod';
import { BalanceOut, CourseFacturableOut, DeclarationTvaOut, LigneLettrageOut } from './accounting.out';
import { DeclarationTvaQuery, DelettrerBody, LettrageQuery, LettrerBody } from './accounting.schemas';
import { endpointContract } from './contract';
import { DocumentFichierBody, DocumentOut } from './fleet.schemas';
import { AppareilInconnuBody, AppareilInconnuOut, AppareilOut, GpsServeurOut, TraceOut } from './geolocation';
import { IdParams } from './list-query';
import { BalanceQuery, CoursesFacturablesQuery, TraceQuery } from './queries';
import {
  CoutMaintenanceOut,
  KpisOut,
  ObjectifOut,
  PaiementsModeOut,
  RepartitionStatusOut,
  RepartitionTypeOut,
  SerieOut,
  StatistiquesQuery,
  StatutsSerieOut,
  TableauDeBordOut,
  TopClientsOut,
  TopDriversOut,
  UtilisationFlotteOut,
} from './statistics';

// The API's routes that are not an entity's (`contracts.ts` has the entities), one contract each
// (`contract.ts`): the API declares the route with it, the web calls it with `call`.

// The signed-in account's (`/api/me`) are in `me.endpoints.ts`: the sign-in page needs them, not the rest.

// ---------- Statistics (the dashboard) ----------

const statistique = <const P extends string, R extends z.ZodType>(path: P, response: R) =>
  endpointContract({
    method: 'GET',
    path: `/api/statistiques/${path}` as const,
    query: StatistiquesQuery,
    response,
  });

/** `GET /api/statistiques/*`: each figure of the dashboard for a period (`StatistiquesQuery`). */
export const statistiquesEndpoints = {
  kpis: statistique('kpis', KpisOut),
  chiffreAffaires: statistique('chiffre-affaires', SerieOut),
  coursesCount: statistique('courses-count', SerieOut),
  topClients: statistique('top-clients', TopClientsOut),
  topDrivers: statistique('top-drivers', TopDriversOut),
  repartitionByType: statistique('repartition-by-type', RepartitionTypeOut),
  repartitionByStatus: statistique('repartition-by-status', RepartitionStatusOut),
  statutsSerie: statistique('statuts-serie', StatutsSerieOut),
  paiementsByMode: statistique('paiements-by-mode', PaiementsModeOut),
  utilisationFlotte: statistique('utilisation-flotte', UtilisationFlotteOut),
  coutMaintenance: statistique('cout-maintenance', CoutMaintenanceOut),
  objectif: statistique('objectif', ObjectifOut),
  tableauDeBord: statistique('tableau-de-bord', TableauDeBordOut),
};

// ---------- Accounting ----------

/**
 * The balance générale of a period. The route also answers CSV (`format=csv`), so the OpenAPI document
 * does not declare its JSON answer: the API checks it with `response.parse` before sending.
 */
export const balanceEndpoint = endpointContract({
  method: 'GET',
  path: '/api/operations/balance',
  query: BalanceQuery,
  response: BalanceOut,
});

/** An invoice as a PDF file (A4 portrait). */
export const facturePdfEndpoint = endpointContract({
  method: 'GET',
  path: '/api/factures/:id/pdf',
  params: IdParams,
});

/** A client's finished courses that no validated invoice holds yet ('Ajouter des courses'). */
export const coursesFacturablesEndpoint = endpointContract({
  method: 'GET',
  path: '/api/factures/courses-facturables',
  query: CoursesFacturablesQuery,
  response: z.array(CourseFacturableOut),
});

/**
 * Lettrage (matching) of the clients' (411), advances' (4191) and suppliers' (401) lines: the lines of an
 * account and third party, open or matched (`etat`).
 */
export const lettrageEndpoint = endpointContract({
  method: 'GET',
  path: '/api/comptabilite/lettrage',
  query: LettrageQuery,
  response: z.array(LigneLettrageOut),
});

/** Manual lettrage: lines of one account and third party whose debits equal their credits get one letter. */
export const lettrerEndpoint = endpointContract({
  method: 'POST',
  path: '/api/comptabilite/lettrage',
  query: LettrageQuery.pick({ entreprise: true }),
  body: LettrerBody,
  response: z.null(),
});

/** Unmatching: every line of a letter is open again. */
export const delettrerEndpoint = endpointContract({
  method: 'POST',
  path: '/api/comptabilite/lettrage/delettrer',
  query: LettrageQuery.pick({ entreprise: true }),
  body: DelettrerBody,
  response: z.null(),
});

/** The month's TVA settlement proposed from the period's figures (4431 − 4452 − 4454 → 4441 or 4449). */
export const declarationTvaEndpoint = endpointContract({
  method: 'GET',
  path: '/api/comptabilite/declaration-tva',
  query: DeclarationTvaQuery,
  response: DeclarationTvaOut,
});

/** Records the proposed settlement as an 'Operation Diverse' dated the month's last day (once a month). */
export const passerDeclarationTvaEndpoint = endpointContract({
  method: 'POST',
  path: '/api/comptabilite/declaration-tva',
  query: DeclarationTvaQuery,
  response: DeclarationTvaOut,
});

// ---------- Fleet ----------

/**
 * A vehicle document's file (PDF, JPEG, PNG or WEBP; 5 Mo), sent as `multipart/form-data` with the part
 * « fichier »: joins it to the document or replaces the one it had. The document itself is JSON
 * (`documentsContract`).
 */
export const documentFichierEndpoint = endpointContract({
  method: 'POST',
  path: '/api/documents/:id/fichier',
  params: IdParams,
  body: DocumentFichierBody,
  multipart: true,
  response: DocumentOut,
});

/** A vehicle document's joined file, downloaded (the row's `fichier` is this address). */
export const documentFichierFileEndpoint = endpointContract({
  method: 'GET',
  path: '/api/documents/:id/fichier',
  params: IdParams,
});

// ---------- Geolocation ----------

/** A device's track over a day range. */
export const traceEndpoint = endpointContract({
  method: 'GET',
  path: '/api/appareils/:id/trace',
  params: IdParams,
  query: TraceQuery,
  response: TraceOut,
});

/** Identifiers that sent positions without being registered ('Appareil inconnu'). */
export const appareilsInconnusEndpoint = endpointContract({
  method: 'GET',
  path: '/api/appareils/inconnus',
  response: z.array(AppareilInconnuOut),
});

/** Registers an unknown identifier as a device of the company. */
export const enregistrerInconnuEndpoint = endpointContract({
  method: 'POST',
  path: '/api/appareils/inconnus/enregistrer',
  body: AppareilInconnuBody,
  response: AppareilOut,
});

/** Where devices send: the OsmAnd listener's port, when the server opened one. */
export const gpsServeurEndpoint = endpointContract({
  method: 'GET',
  path: '/api/gps/serveur',
  response: GpsServeurOut,
});
