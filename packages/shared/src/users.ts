import { z } from 'zod';
import { SOUS_TYPES, USER_TYPES } from './enums';

/** A user as the API returns it: picked fields only, never a password or token hash. */
export const UserOut = z.object({
  id: z.number(),
  name: z.string(),
  type: z.string(),
  sous_type: z.string().nullable(),
  nom: z.string().nullable(),
  prenom: z.string().nullable(),
  nom_complet: z.string(),
  adresse: z.string().nullable(),
  photo: z.string().nullable(),
  telephone1: z.string().nullable(),
  telephone2: z.string().nullable(),
  email: z.string(),
  bp: z.string().nullable(),
  commercial_id: z.number().nullable(),
  commercial_nom: z.string().nullable(),
  entreprise_id: z.number().nullable(),
  email_verified_at: z.string().nullable(),
  bloque: z.boolean(),
  created_at: z.string(),
});
export type UserOut = z.infer<typeof UserOut>;

export const UsersQuery = z.object({
  type: z.enum(USER_TYPES, { error: "Le type d'utilisateur n'est pas valide." }).optional(),
  sous_type: z.enum(SOUS_TYPES, { error: "Le sous-type n'est pas valide." }).optional(),
  search: z.string().trim().max(100).optional(),
});

/** `Dupont Jean`, or the company name alone. */
export function nomComplet(u: { nom?: string | null; prenom?: string | null; name?: string | null }): string {
  const full = [u.nom, u.prenom]
    .filter((p) => p?.trim())
    .join(' ')
    .trim();
  return full || u.name || '';
}
