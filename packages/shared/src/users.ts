import { z } from 'zod';
import { zDelaiPaiement } from './accounting.echeances';
import { CHAUFFEUR_TYPES, SOUS_TYPES, USER_TYPES } from './enums';
import { UtilisateurCan } from './permissions';
import { zChamps } from './reference';
import { zTexteStockable } from './text';

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
  /** Null for a client recorded with a phone alone. */
  email: z.string().nullable(),
  bp: z.string().nullable(),
  /** A client's payment term (`DELAIS_PAIEMENT`); null: its company's. */
  delai_paiement: zDelaiPaiement.nullable(),
  commercial_id: z.number().nullable(),
  commercial_nom: z.string().nullable(),
  entreprise_id: z.number().nullable(),
  email_verified_at: z.string().nullable(),
  bloque: z.boolean(),
  /** The last request of the account to the API (presence: connected within the last 5 minutes). */
  last_seen_at: z.string().nullable(),
  created_at: z.string(),
  /** The version of the row (its ETag): sent back by an update (`If-Match` or `updated_at`). */
  updated_at: z.string(),
  /** What the signed-in account may do with it (`utilisateurCan`). */
  can: UtilisateurCan,
});
export type UserOut = z.infer<typeof UserOut>;

/**
 * `POST /api/utilisateurs/{id}/acces-chauffeur`: a single-use link (7 days) for a driver to choose his password
 * and open the driver's app; the office copies it into WhatsApp or an SMS (most drivers have no email). A
 * new link replaces the unused ones (a reset).
 */
export const AccesChauffeurOut = z.object({
  lien: z.string(),
  expire_le: z.string(),
  /** The message to send the driver, link included. */
  message: z.string(),
  /** `https://wa.me/241…?text=…` when the account has a phone number. */
  whatsapp: z.string().nullable(),
});
export type AccesChauffeurOut = z.infer<typeof AccesChauffeurOut>;

/** `Dupont Jean`, or the company name alone. */
export function nomComplet(u: { nom?: string | null; prenom?: string | null; name?: string | null }): string {
  const full = [u.nom, u.prenom]
    .filter((p) => p?.trim())
    .join(' ')
    .trim();
  return full || u.name || '';
}

const text = (label: string, max: number) =>
  zTexteStockable(label, `${label} doit être un texte.`)
    .trim()
    .max(max, { error: `${label} ne peut pas dépasser ${max} caractères.` })
    .nullish()
    .transform((v) => (v ? v : null));

const phone = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || /^\+?[0-9 .-]{6,20}$/.test(v), {
    error: "Le numéro de téléphone n'est pas valide.",
  });

/**
 * How an account can be reached: a client needs a phone or an email (many customers have no email), and so
 * does a driver (camionneur, coursier: he signs in to the driver's app with his phone number);
 * every other account signs in to the back-office, so it needs its email. Null when enough is given. Used by
 * create and update.
 */
export function contactManquant(
  type: string,
  v: { email?: string | null; telephone1?: string | null },
): { field: 'email' | 'telephone1'; message: string } | null {
  if (v.email) return null;
  const qui =
    type === 'client'
      ? 'Un client'
      : (CHAUFFEUR_TYPES as readonly string[]).includes(type)
        ? 'Un chauffeur'
        : null;
  if (!qui) return { field: 'email', message: "L'email est obligatoire." };
  return v.telephone1
    ? null
    : { field: 'telephone1', message: `${qui} doit avoir un téléphone ou un email.` };
}

/** Fields of an account that Ressources Humaines can set. */
const userFields = {
  name: zTexteStockable("L'identifiant", "L'identifiant est obligatoire.")
    .trim()
    .min(1, { error: "L'identifiant est obligatoire." })
    .max(100, { error: "L'identifiant ne peut pas dépasser 100 caractères." }),
  nom: text('Le nom', 255),
  prenom: text('Le prénom', 255),
  adresse: text("L'adresse", 255),
  telephone1: phone,
  telephone2: phone,
  // Blank means none: required for every account but a client (see `contactManquant`).
  email: z
    .string({ error: "L'email n'est pas valide." })
    .trim()
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null))
    .pipe(z.email({ error: "L'email n'est pas valide." }).nullable()),
  bp: text('La boîte postale', 50),
  commercial_id: zChamps.idOptionnel('Le commercial'),
  /** A client's payment term; null (or absent): its company's. */
  delai_paiement: zDelaiPaiement.nullish(),
};

export const UserCreateBody = z
  .object({
    ...userFields,
    type: z.enum(USER_TYPES, { error: "Le type d'utilisateur est obligatoire." }),
    sous_type: z.enum(SOUS_TYPES, { error: "Le sous-type n'est pas valide." }).nullish(),
    entreprise_id: zChamps.idOptionnel("L'entreprise"),
  })
  .refine((v) => v.type !== 'transporteur' || !!v.sous_type, {
    path: ['sous_type'],
    error: 'Le sous-type est obligatoire pour un transporteur.',
  })
  .refine((v) => !!(v.nom || v.prenom), {
    path: ['nom'],
    error: 'Le nom ou la raison sociale est obligatoire.',
  })
  .superRefine((v, ctx) => {
    const missing = contactManquant(v.type, v);
    if (missing) ctx.addIssue({ code: 'custom', path: [missing.field], message: missing.message });
  });
export type UserCreateBody = z.infer<typeof UserCreateBody>;

export const UserUpdateBody = z
  .object({
    ...userFields,
    sous_type: z.enum(SOUS_TYPES, { error: "Le sous-type n'est pas valide." }).nullish(),
  })
  .partial();
export type UserUpdateBody = z.infer<typeof UserUpdateBody>;
