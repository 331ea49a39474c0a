import { useMutation } from '@tanstack/react-query';
import type { UserOut } from '@yams/shared';
import { http } from '../../base/http';
import { resetUserCache } from '../../base/queryClient';
import { setSession } from '../../base/session';

// Apart from api.ts: the sign-in page loads this alone (api.ts's verification refreshes the user through
// the /api/me contract, which brings zod).

/** The back-office signs in with this source (spec section 7). */
export const LOGIN_SOURCE = 'yamsmanager';

export interface LoginResult {
  user: UserOut;
  token: string;
  verification_required: boolean;
}

export function useLogin() {
  return useMutation({
    mutationFn: async (body: { email: string; password: string }) =>
      (
        await http.post<LoginResult>(
          '/api/login',
          { ...body, source: LOGIN_SOURCE },
          { errors: 'first', keepSessionOn401: true, successToast: true },
        )
      ).data,
    onSuccess: (result) => {
      resetUserCache();
      setSession({ user: result.user, token: result.token });
    },
  });
}
