import { z } from 'zod';
import {
  ClotureBody,
  ClotureOut,
  CloturesOut,
  CloturesQuery,
  EtatsFinanciersOut,
  EtatsFinanciersQuery,
} from './accounting.etats';
import {
  BalanceAgeeOut,
  BalanceAgeeQuery,
  ExportComptableQuery,
  GrandLivreOut,
  GrandLivreQuery,
  ReleveCompteOut,
  ReleveCompteParams,
  ReleveCompteQuery,
} from './accounting.rapports';
import {
  PointerBody,
  RapprochementBody,
  RapprochementDetailOut,
  RapprochementLigneParams,
  RapprochementOut,
  RapprochementQuery,
} from './accounting.rapprochement.schemas';
import { endpointContract } from './contract';
import { IdParams } from './list-query';

// The accountant's reports (`accounting.rapports.ts`). Each answers JSON in the envelope, or a file with
// `format` (PDF, Excel, CSV): the API checks the JSON with `response.parse`, the OpenAPI document publishes
// the query.

/** What clients owe, by client and age (not due, 0–30, 31–60, 61–90, > 90 days past the due date). */
export const balanceAgeeEndpoint = endpointContract({
  method: 'GET',
  path: '/api/comptabilite/balance-agee',
  query: BalanceAgeeQuery,
  response: BalanceAgeeOut,
});

/** A client's statement of account over a period (PDF to send with `format=pdf`). */
export const releveEndpoint = endpointContract({
  method: 'GET',
  path: '/api/comptabilite/clients/:id/releve',
  params: ReleveCompteParams,
  query: ReleveCompteQuery,
  response: ReleveCompteOut,
});

/** The grand livre of a period: per account, or per third party (`tiers=client:12`). */
export const grandLivreEndpoint = endpointContract({
  method: 'GET',
  path: '/api/comptabilite/grand-livre',
  query: GrandLivreQuery,
  response: GrandLivreOut,
});

/** The period's entries for the accountant's software (CSV or Excel). */
export const exportComptableEndpoint = endpointContract({
  method: 'GET',
  path: '/api/comptabilite/export',
  query: ExportComptableQuery,
});

/** The bilan at the period's last day and the compte de résultat of the period (SYSCOHADA révisé). */
export const etatsFinanciersEndpoint = endpointContract({
  method: 'GET',
  path: '/api/comptabilite/etats-financiers',
  query: EtatsFinanciersQuery,
  response: EtatsFinanciersOut,
});

/** The closed exercises and the next one that may be closed. */
export const cloturesEndpoint = endpointContract({
  method: 'GET',
  path: '/api/comptabilite/clotures',
  query: CloturesQuery,
  response: CloturesOut,
});

/** Closes an exercise: its result carried to 13 then to report à nouveau, its days locked. */
export const cloturerEndpoint = endpointContract({
  method: 'POST',
  path: '/api/comptabilite/clotures',
  body: ClotureBody,
  response: ClotureOut,
});

// ---------- Rapprochements (statements of the bank and mobile money) ----------

/** Imports a statement (multipart: `fichier`, `compte`, `preset` or `colonnes`) and matches its lines. */
export const importerRapprochementEndpoint = endpointContract({
  method: 'POST',
  path: '/api/comptabilite/rapprochements',
  query: RapprochementQuery,
  body: RapprochementBody,
  multipart: true,
  response: RapprochementDetailOut,
});

/** The statements imported, newest first, with their totals. */
export const rapprochementsEndpoint = endpointContract({
  method: 'GET',
  path: '/api/comptabilite/rapprochements',
  query: RapprochementQuery,
  response: z.array(RapprochementOut),
});

/** A statement: its lines, their matches and proposals, the statement's balance against the books'. */
export const rapprochementEndpoint = endpointContract({
  method: 'GET',
  path: '/api/comptabilite/rapprochements/:id',
  params: IdParams,
  response: RapprochementDetailOut,
});

/** Points a line: to a movement, by creating its fee entry (631), or undone. Answers the statement. */
export const pointerLigneEndpoint = endpointContract({
  method: 'POST',
  path: '/api/comptabilite/rapprochements/:id/lignes/:ligneId/pointer',
  params: RapprochementLigneParams,
  body: PointerBody,
  response: RapprochementDetailOut,
});
