import { queryOptions } from '@tanstack/react-query';
import type { EndpointContract, EndpointResponse } from '@yams/shared';
import { type CallInput, call, type RequestOptions } from './http';

/**
 * The query key of an endpoint, from its contract's path: `/api/statistiques/tableau-de-bord` →
 * `['statistiques', 'tableau-de-bord']`, `/api/appareils/:id/trace` → `['appareils', ':id', 'trace']`. So a
 * write that refreshes `['appareils']` (every write of the devices' screen) refreshes their traces too.
 */
export function endpointKey(endpoint: EndpointContract): string[] {
  return endpoint.path.split('/').filter((s) => s && s !== 'api');
}

/**
 * THE query of an endpoint (a report, a statistic): its key (`endpointKey` + what is sent) and its fetch,
 * from the contract alone, so no screen writes a key by hand. `useQuery(endpointQuery(traceEndpoint, {…}))`;
 * TanStack's options (`enabled`, `placeholderData`…) are spread over it.
 */
export function endpointQuery<E extends EndpointContract>(
  endpoint: E,
  input: CallInput<E> = {},
  options: Omit<RequestOptions, 'query' | 'body' | 'signal'> = {},
) {
  return queryOptions<EndpointResponse<E>>({
    queryKey: [...endpointKey(endpoint), input],
    queryFn: async ({ signal }) => (await call(endpoint, input, { ...options, signal })).data,
  });
}
