import type { AchatOut, FactureOut, OperationOut, PieceDeCaisseOut } from '@yams/shared';
import { createResource } from '../../components/list/resource';

/** `/api/piece_de_caisses`: cash vouchers; disabling one reverses its posting. */
export const piecesDeCaisse = createResource<PieceDeCaisseOut>('piece_de_caisses', '/api/piece_de_caisses');
export const caissePaths = {
  disable: (p: { id: number }) => `/api/caisses/${p.id}/disable`,
  activate: (p: { id: number }) => `/api/caisses/${p.id}/activate`,
};

/** `/api/factures`: invoices, pro formas and credit notes (list rows are FactureItemOut, details FactureOut). */
export const factures = createResource<FactureOut>('factures', '/api/factures');
export const facturePaths = {
  validate: (f: { id: number }) => `/api/factures/${f.id}/validate`,
  avoir: (f: { id: number }) => `/api/factures/${f.id}/avoir`,
  reglement: (f: { id: number }) => `/api/factures/${f.id}/reglements`,
  pdf: (f: { id: number }) => `/api/factures/${f.id}/pdf`,
};

/** `/api/achats`: purchases; validating one raises the stock of its articles. */
export const achats = createResource<AchatOut>('achats', '/api/achats');
export const achatPaths = {
  validate: (a: { id: number }) => `/api/achats/${a.id}/validate`,
  reglement: (a: { id: number }) => `/api/achats/${a.id}/reglements`,
};

/** `/api/operations`: journal lines (the Journaux screen's export streams them from `{path}/export`). */
export const operations = createResource<OperationOut>('operations', '/api/operations');
