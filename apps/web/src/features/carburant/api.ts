import { carburantContract, consommationCarburantEndpoint } from '@yams/shared';
import { endpointQuery } from '../../base/endpointQuery';
import { createResource } from '../../components/list/resource';

/** `/api/carburant`: the fills of the office, the imports and the driver's app. */
export const carburant = createResource('carburant', carburantContract);

/** Consumption per vehicle and month (under the resource's key: every write of a fill refreshes it). */
export const consommationQuery = (query: { date_debut?: string; date_fin?: string } = {}) =>
  endpointQuery(consommationCarburantEndpoint, { query });
