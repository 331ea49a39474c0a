import { z } from 'zod';
import {
  ConfirmEmailBody,
  ForgotPasswordBody,
  LoginBody,
  ResetPasswordBody,
  SendVerificationBody,
  VerifyAccountBody,
} from './auth.schemas';
import { endpointContract } from './contract';
import { UserOut } from './users';

// The session's endpoints (the specification), declared once for the API's routes and the web's calls. The
// sign-in page types its call with `import type` only: importing these objects would bring zod onto it.

/** Compatibility with the original's Sanctum: a bearer-token API has nothing to prepare. */
export const csrfCookieEndpoint = endpointContract({
  method: 'GET',
  path: '/sanctum/csrf-cookie',
  response: z.null(),
});

export const loginEndpoint = endpointContract({
  method: 'POST',
  path: '/api/login',
  body: LoginBody,
  response: z.object({ user: UserOut, token: z.string(), verification_required: z.boolean() }),
});

export const logoutEndpoint = endpointContract({ method: 'POST', path: '/api/logout', response: z.null() });

export const forgotPasswordEndpoint = endpointContract({
  method: 'POST',
  path: '/api/forgot-password',
  body: ForgotPasswordBody,
  response: z.null(),
});

export const resetPasswordEndpoint = endpointContract({
  method: 'POST',
  path: '/api/reset-password',
  body: ResetPasswordBody,
  response: z.null(),
});

export const confirmEmailEndpoint = endpointContract({
  method: 'POST',
  path: '/api/confirm-email',
  body: ConfirmEmailBody,
  response: z.null(),
});

export const sendVerificationCodeEndpoint = endpointContract({
  method: 'POST',
  path: '/api/send-verification-code',
  body: SendVerificationBody,
  response: z.null(),
});

export const verifyAccountEndpoint = endpointContract({
  method: 'POST',
  path: '/api/verify-account',
  body: VerifyAccountBody,
  response: z.null(),
});
