import { UpdateMeBody } from './auth.schemas';
import { endpointContract } from './contract';
import { UserOut } from './users';

// The signed-in account's endpoints, apart from `endpoints.ts`: the sign-in page reads `/api/me` right after
// signing in, and importing the other contracts would bring every list query onto that page.

export const meEndpoint = endpointContract({ method: 'GET', path: '/api/me', response: UserOut });

export const updateMeEndpoint = endpointContract({
  method: 'POST',
  path: '/api/me/update',
  body: UpdateMeBody,
  response: UserOut,
});
