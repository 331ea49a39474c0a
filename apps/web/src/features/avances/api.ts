import { attachablesAvanceEndpoint, avancesContract } from '@yams/shared';
import { endpointQuery } from '../../base/endpointQuery';
import { createResource } from '../../components/list/resource';

/** `/api/avances`: driver advances, given, justified, settled or cancelled (each step posted). */
export const avances = createResource('avances', avancesContract);

/** The driver's fills and road expenses free to justify the advance (under the resource's key: refreshed by its writes). */
export const attachablesQuery = (id: number) => endpointQuery(attachablesAvanceEndpoint, { params: { id } });
