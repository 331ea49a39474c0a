import { MSG, RATE_LIMIT } from '@yams/shared';
import { createErrorFactory } from '../../lib/errors';

export const badCredentials = createErrorFactory({
  code: 'auth.bad_credentials',
  statusCode: 422,
  message: MSG.badCredentials,
});
export const accountBlocked = createErrorFactory({
  code: 'auth.blocked',
  statusCode: 403,
  message: MSG.accountBlocked,
});
export const notBackoffice = createErrorFactory({
  code: 'auth.forbidden_type',
  statusCode: 403,
  message: MSG.transporteurOnly,
});
export const notChauffeur = createErrorFactory({
  code: 'auth.not_chauffeur',
  statusCode: 403,
  message: MSG.chauffeurOnly,
});
export const resetInvalid = createErrorFactory({
  code: 'auth.reset_invalid',
  statusCode: 422,
  message: MSG.resetInvalid,
});
export const codeInvalid = createErrorFactory({
  code: 'auth.code_invalid',
  statusCode: 422,
  message: MSG.codeInvalid,
});
export const codeExpired = createErrorFactory({
  code: 'auth.code_expired',
  statusCode: 422,
  message: MSG.codeExpired,
});
export const codeTooManyTries = createErrorFactory({
  code: 'auth.code_locked',
  statusCode: 429,
  message: MSG.codeTooManyTries,
});
export const alreadyVerified = createErrorFactory({
  code: 'auth.already_verified',
  statusCode: 422,
  message: MSG.alreadyVerified,
});
export const userNotFound = createErrorFactory({
  code: 'users.not_found',
  statusCode: 404,
  message: "Cet utilisateur n'existe pas.",
});
export const currentPasswordWrong = createErrorFactory({
  code: 'auth.current_password',
  statusCode: 422,
  message: MSG.currentPasswordWrong,
});
export const emailChangeInvalid = createErrorFactory({
  code: 'auth.email_change_invalid',
  statusCode: 422,
  message: MSG.emailChangeInvalid,
});
export const emailTaken = createErrorFactory({
  code: 'users.email_taken',
  statusCode: 422,
  message: MSG.emailTaken,
});

export const LIMITS = {
  loginPerAccount: RATE_LIMIT.maxAttempts,
  /** An office behind one address has several people signing in. */
  loginPerAddress: 20,
  forgotPerAccount: 3,
  forgotPerAddress: 10,
  sendCodePerAccount: 5,
  verifyPerAddress: 20,
} as const;
