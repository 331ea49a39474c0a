import {
  achatsContract,
  endpointPath,
  facturePdfEndpoint,
  facturesContract,
  journalContract,
  piecesDeCaisseContract,
} from '@yams/shared';
import { createResource } from '../../components/list/resource';

/** `/api/piece_de_caisses`: cash vouchers; disabling one (`/api/caisses/{id}/disable`) reverses its posting. */
export const piecesDeCaisse = createResource('piece_de_caisses', piecesDeCaisseContract);

/** `/api/factures`: invoices, pro formas and credit notes (list rows are FactureItemOut, details FactureOut). */
export const factures = createResource('factures', facturesContract);
/** The invoice as a PDF (`GET /api/factures/{id}/pdf`: a file, fetched with the token, not JSON). */
export const facturePdfPath = (f: { id: number }) => endpointPath(facturePdfEndpoint, f);

/**
 * `/api/operations`: the journals' lines (list), one entry with all its lines (detail) and the manual
 * 'Operation Diverse' (create). Its screen keeps its own query keys under `['operations']`.
 */
export const journaux = createResource('operations', journalContract);

/** `/api/achats`: purchases; validating one raises the stock of its articles. */
export const achats = createResource('achats', achatsContract);
