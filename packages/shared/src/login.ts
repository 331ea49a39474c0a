/**
 * The sign-in form's rules, without zod: the sign-in page checks its two fields with these before sending
 * (it must stay light: zod is not on it), and `zEmail` / `LoginBody` (auth.schemas.ts) use the very same
 * messages and pattern, so the page and the API always say the same thing.
 */
export const LOGIN_MESSAGES = {
  emailRequired: "L'email est obligatoire.",
  emailInvalid: "L'email n'est pas valide.",
  passwordRequired: 'Le mot de passe est obligatoire.',
  telephoneRequired: "Le numéro de téléphone ou l'email est obligatoire.",
} as const;

/**
 * An email address as the API accepts it: a local part of letters, digits and `_ ' + - .` (no leading dot,
 * no two dots in a row, not ending with a dot or an apostrophe), an `@`, dotted domain labels, a top-level
 * domain of at least two letters.
 */
export const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)[\w'+.-]*[\w+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export type LoginField = 'email' | 'password';

/** The message of each field of the sign-in form that the API would refuse (none: `{}`). */
export function loginErrors(values: {
  email?: string | null;
  password?: string | null;
}): Partial<Record<LoginField, string>> {
  const errors: Partial<Record<LoginField, string>> = {};
  const email = (values.email ?? '').trim();
  if (!email) errors.email = LOGIN_MESSAGES.emailRequired;
  else if (!EMAIL_PATTERN.test(email)) errors.email = LOGIN_MESSAGES.emailInvalid;
  if (!values.password) errors.password = LOGIN_MESSAGES.passwordRequired;
  return errors;
}
