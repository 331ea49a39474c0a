import { useMutation } from '@tanstack/react-query';
import {
  confirmEmailEndpoint,
  forgotPasswordEndpoint,
  logoutEndpoint,
  MSG,
  resetPasswordEndpoint,
  sendVerificationCodeEndpoint,
  verifyAccountEndpoint,
} from '@yams/shared';
import { useNavigate } from 'react-router';
import { call } from '../../base/http';
import { PATHS } from '../../base/paths';
import { resetUserCache } from '../../base/queryClient';
import { clearSession, getSession, updateSessionUser } from '../../base/session';
import { toast } from '../../base/toast';
import { fetchMe } from '../account/api';

/** Signs out; the session is cleared even when the server cannot be reached ('Déconnexion locale'). */
export function useLogout() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => call(logoutEndpoint, {}, { background: true, successToast: true }),
    onError: () => toast.localLogout(),
    onSettled: () => {
      navigate(PATHS.login, { replace: true });
      clearSession();
      setTimeout(resetUserCache, 0);
    },
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: { email: string }) =>
      call(forgotPasswordEndpoint, { body }, { errors: 'first', successToast: true }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; password: string; password_confirmation: string }) =>
      call(resetPasswordEndpoint, { body }, { successToast: true }),
  });
}

/** The link mailed to a new address: it becomes the account's (the message is shown by the page). */
export function useConfirmEmail() {
  return useMutation({
    mutationFn: async (token: string) => {
      const { message } = await call(confirmEmailEndpoint, { body: { token } }, { errors: 'none' });
      // Signed in on this browser: the session shows the new address at once.
      if (getSession()) updateSessionUser(await fetchMe().catch(() => getSession()!.user));
      return typeof message === 'string' ? message : MSG.emailChanged;
    },
  });
}

/** Failed verification or resend: the first error, as an error toast for 5 s (the specification). */
const verificationErrors = {
  errors: 'first',
  errorType: 'error',
  errorDuration: 5,
  successToast: true,
} as const;

export function useVerifyAccount() {
  return useMutation({
    mutationFn: (body: { userId: number; code: string }) =>
      call(verifyAccountEndpoint, { body }, verificationErrors),
    onSuccess: async () => {
      const user = getSession()?.user;
      try {
        updateSessionUser(await fetchMe());
      } catch {
        if (user) updateSessionUser({ ...user, email_verified_at: new Date().toISOString() });
      }
    },
  });
}

export function useResendCode() {
  return useMutation({
    mutationFn: (body: { userId: number }) =>
      call(sendVerificationCodeEndpoint, { body }, verificationErrors),
  });
}
