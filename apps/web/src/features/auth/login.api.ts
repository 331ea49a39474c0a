import type { EndpointPartIn, EndpointResponse, loginEndpoint } from '@yams/shared';
import { useState } from 'react';
import { http } from '../../base/http';
import { signIn } from '../../base/session';

// Apart from api.ts, and without TanStack Query: the sign-in page opens before the query cache and the router
// are loaded (main.tsx), so it carries neither (api.ts's verification refreshes the user through the /api/me
// contract, which brings zod).

/** The back-office signs in with this source (the specification). */
export const LOGIN_SOURCE = 'yamsmanager';

/** `POST /api/login`'s answer, typed by its contract (`loginEndpoint`, imported as a type only: no zod here). */
export type LoginResult = EndpointResponse<typeof loginEndpoint>;
type LoginBody = EndpointPartIn<typeof loginEndpoint, 'body'>;

interface LoginCallbacks {
  onSuccess(result: LoginResult): void;
  onError(error: unknown): void;
}

/** `POST /api/login`; while it runs `isPending` is true and a second submit is ignored. */
export function useLogin() {
  const [isPending, setPending] = useState(false);
  const mutate = async (body: { email: string; password: string }, callbacks: LoginCallbacks) => {
    setPending(true);
    try {
      const { data } = await http.post<LoginResult>(
        '/api/login' satisfies (typeof loginEndpoint)['path'],
        { ...body, source: LOGIN_SOURCE } satisfies LoginBody,
        { errors: 'first', keepSessionOn401: true, successToast: true },
      );
      signIn({ user: data.user, token: data.token });
      setPending(false);
      callbacks.onSuccess(data);
    } catch (error) {
      setPending(false);
      callbacks.onError(error);
    }
  };
  return { isPending, mutate };
}
