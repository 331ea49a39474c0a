import { z } from 'zod';
import { AuditEntryOut } from './audit';
import { endpointContract } from './contract';
import { IdParams } from './list-query';

/**
 * `GET {path}/{id}/historique` of an audited resource (`AUDIT_PATHS`): who changed the record, when, which
 * fields, before and after. The API declares one per audited path, the detail dialogs' 'Historique' calls it.
 */
export const historiqueEndpoint = <const P extends string>(path: P) =>
  endpointContract({
    method: 'GET',
    path: `${path}/:id/historique` as const,
    params: IdParams,
    response: z.array(AuditEntryOut),
  });
