import { z } from 'zod';

// Text that may be stored: what PostgreSQL and a reader can keep as it was typed.
//
// Stored text refuses control characters (a French 422 naming the field) rather than dropping them: a
// silent change of what someone typed loses information, and PostgreSQL refuses byte 0x00 outright.
// Tab, line feed and carriage return stay allowed (multi-line descriptions, pasted addresses). Text that
// is not valid UTF-16 (a lone surrogate) is refused too: it could only be stored as U+FFFD.
//
// A search is not stored: its control characters are dropped (`sansControles`), so a search pasted with a
// stray character still finds what the person meant instead of failing.

/** Control characters (C0, DEL and C1: unicode category Cc) except tab, LF and CR. */
const CONTROLE = /[^\P{Cc}\t\n\r]/u;
const CONTROLES = /[^\P{Cc}\t\n\r]/gu;
/** In unicode mode a surrogate pair is one code point: only a lone surrogate matches. */
const SURROGATE_SEULE = /\p{Cs}/u;
const SURROGATES_SEULES = /\p{Cs}/gu;

/** True when the text can be stored as it is (no control character, well-formed unicode). */
export function texteStockable(v: string): boolean {
  return !CONTROLE.test(v) && !SURROGATE_SEULE.test(v);
}

/** The text without its control characters (and lone surrogates): for searches, never for stored text. */
export function sansControles(v: string): string {
  return v.replace(CONTROLES, '').replace(SURROGATES_SEULES, '');
}

/** `${label} contient des caractères non autorisés (caractères de contrôle).` */
export const messageControles = (label: string) =>
  `${label} contient des caractères non autorisés (caractères de contrôle).`;

/** A string schema that refuses what `texteStockable` refuses, with the field's French label. */
export function zTexteStockable(label: string, error?: string) {
  return z
    .string(error ? { error } : undefined)
    .refine(texteStockable, { error: messageControles(label), abort: true });
}

/** A search filter: trimmed, at most 100 characters, control characters dropped; blank is no search. */
export const zRecherche = () =>
  z
    .string({ error: 'La recherche doit être un texte.' })
    .transform((v) => sansControles(v).trim())
    .pipe(z.string().max(100, { error: 'La recherche ne peut pas dépasser 100 caractères.' }))
    .transform((v) => v || undefined)
    .optional();
