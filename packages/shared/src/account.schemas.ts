import { z } from 'zod';
import { zPassword } from './auth.schemas';

/**
 * The change-password part of 'Mon compte': the same rules as `UpdateMeBody` for these three fields, except
 * that a new password is required here (the form exists only to change it).
 */
export const ChangePasswordBody = z
  .object({
    current_password: z
      .string({ error: 'Le mot de passe actuel est obligatoire.' })
      .min(1, { error: 'Le mot de passe actuel est obligatoire.' }),
    password: zPassword,
    password_confirmation: z.string({ error: 'La confirmation du mot de passe est obligatoire.' }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    error: 'La confirmation ne correspond pas au mot de passe.',
  });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;
