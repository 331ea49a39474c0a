import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, VERIFICATION } from './constants';
import { CHAUFFEUR_SOURCE, telephoneNational } from './enums';
import { EMAIL_PATTERN, LOGIN_MESSAGES } from './login';
import { zChamps } from './reference';
import { zTexteStockable } from './text';

const requiredString = (label: string) =>
  zTexteStockable(`Le champ ${label}`, `Le champ ${label} est obligatoire.`)
    .trim()
    .min(1, { error: `Le champ ${label} est obligatoire.` });

export const zEmail = z
  .string({ error: LOGIN_MESSAGES.emailRequired })
  .trim()
  .min(1, { error: LOGIN_MESSAGES.emailRequired })
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: LOGIN_MESSAGES.emailInvalid }))
  .transform((v) => v.toLowerCase());

export const zPassword = z
  .string({ error: 'Le mot de passe est obligatoire.' })
  .min(PASSWORD_MIN_LENGTH, {
    error: `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.`,
  })
  .max(200, { error: 'Le mot de passe est trop long.' });

/**
 * `POST /api/login`. The back-office signs in with `email`; the driver's app (`source: "chauffeur"`) with
 * `email` or, most drivers having none, `telephone` (compared on its national digits, `telephoneNational`).
 */
export const LoginBody = z
  .object({
    email: zEmail.optional(),
    telephone: z
      .string({ error: "Le numéro de téléphone n'est pas valide." })
      .trim()
      .max(30, { error: "Le numéro de téléphone n'est pas valide." })
      .optional()
      .transform((v) => v || undefined),
    password: z
      .string({ error: LOGIN_MESSAGES.passwordRequired })
      .min(1, { error: LOGIN_MESSAGES.passwordRequired }),
    source: zTexteStockable('La source')
      .max(50, { error: 'La source ne peut pas dépasser 50 caractères.' })
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.email) return;
    if (v.source !== CHAUFFEUR_SOURCE) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: LOGIN_MESSAGES.emailRequired });
    } else if (!v.telephone) {
      ctx.addIssue({ code: 'custom', path: ['telephone'], message: LOGIN_MESSAGES.telephoneRequired });
    } else if (!telephoneNational(v.telephone)) {
      ctx.addIssue({
        code: 'custom',
        path: ['telephone'],
        message: "Le numéro de téléphone n'est pas valide.",
      });
    }
  });
export type LoginBody = z.infer<typeof LoginBody>;

export const ForgotPasswordBody = z.object({ email: zEmail });

export const ResetPasswordBody = z
  .object({
    token: requiredString('jeton'),
    password: zPassword,
    password_confirmation: z.string({ error: 'La confirmation du mot de passe est obligatoire.' }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    error: 'La confirmation ne correspond pas au mot de passe.',
  });

/** `POST /api/confirm-email`: the token of the link sent to the new address. */
export const ConfirmEmailBody = z.object({ token: requiredString('jeton') });

const zUserId = zChamps.id("L'identifiant de l'utilisateur");

export const SendVerificationBody = z.object({ userId: zUserId });

export const VerifyAccountBody = z.object({
  userId: zUserId,
  code: z
    .string({ error: 'Le code de vérification est obligatoire.' })
    .trim()
    .regex(new RegExp(`^\\d{${VERIFICATION.codeLength}}$`), {
      error: `Le code de vérification doit contenir ${VERIFICATION.codeLength} chiffres.`,
    }),
});

const optionalText = (label: string, max = 255) =>
  zTexteStockable(label, `${label} doit être un texte.`)
    .trim()
    .max(max, { error: `${label} ne peut pas dépasser ${max} caractères.` })
    .nullish()
    .transform((v) => (v === '' ? null : v));

export const zPhone = z
  .string()
  .trim()
  .regex(/^\+?[0-9 .-]{6,20}$/, { error: "Le numéro de téléphone n'est pas valide." })
  .nullish()
  .or(z.literal('').transform(() => null));

/** Profile fields a user may change on their own account ('Mon compte'). */
export const UpdateMeBody = z
  .object({
    name: optionalText("L'identifiant", 100),
    nom: optionalText('Le nom'),
    prenom: optionalText('Le prénom'),
    adresse: optionalText("L'adresse"),
    telephone1: zPhone,
    telephone2: zPhone,
    email: zEmail.optional(),
    bp: optionalText('La boîte postale', 50),
    current_password: z.string().optional(),
    password: zPassword.optional().or(z.literal('').transform(() => undefined)),
    password_confirmation: z.string().optional(),
  })
  .refine((v) => !v.password || v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    error: 'La confirmation ne correspond pas au mot de passe.',
  })
  .refine((v) => !v.password || (v.current_password?.length ?? 0) > 0, {
    path: ['current_password'],
    error: 'Le mot de passe actuel est obligatoire pour en choisir un nouveau.',
  });
export type UpdateMeBody = z.infer<typeof UpdateMeBody>;
