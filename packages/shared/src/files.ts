import { z } from 'zod';
import { DOCUMENT_FICHIER_MAX_OCTETS, DOCUMENT_FICHIER_TYPES } from './fleet.rules';

/**
 * A file received as a part of a `multipart/form-data` request (the API's `lib/uploads.ts` reads it into
 * this shape before the body's schema runs): its name and MIME type as the client sent them, its bytes.
 */
export interface FichierEnvoye {
  nom: string;
  type: string;
  octets: Uint8Array;
}

const isFichierEnvoye = (v: unknown): v is FichierEnvoye =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as FichierEnvoye).nom === 'string' &&
  typeof (v as FichierEnvoye).type === 'string' &&
  (v as FichierEnvoye).octets instanceof Uint8Array;

/**
 * A file part of a multipart body (`{ fichier: zFichierEnvoye('fichier') }`): published as a binary string,
 * refused in French (`error`) when the request is JSON or the part is a plain text field.
 */
export const zFichierEnvoye = (
  champ: string,
  error = `Envoyez le fichier en multipart/form-data, champ « ${champ} ».`,
) => z.custom<FichierEnvoye>(isFichierEnvoye, { error }).meta({ type: 'string', format: 'binary' });

/** What an upload may be: its largest size, its accepted types, and the French messages saying no. */
export interface FichierRegle {
  maxOctets: number;
  /** MIME type → extension. */
  types: Record<string, string>;
  messages: { taille: string; type: string; vide: string };
}

/** A vehicle's document attachment (the API checks the same, and the content's signature). */
export const DOCUMENT_FICHIER_REGLE: FichierRegle = {
  maxOctets: DOCUMENT_FICHIER_MAX_OCTETS,
  types: DOCUMENT_FICHIER_TYPES,
  messages: {
    taille: 'Le fichier ne doit pas dépasser 5 Mo.',
    type: 'Le fichier doit être un PDF ou une image (JPEG, PNG ou WEBP).',
    vide: 'Le fichier est vide.',
  },
};

/**
 * Why a file cannot be sent, before sending it (a 6 MB scan on a slow mobile connection is refused at
 * once, not after its upload): too large, empty, or of a type the rule does not accept. Null when fine.
 * The type is read from the browser's MIME type, or the name's extension when the browser gives none.
 */
export function fichierErreur(
  regle: FichierRegle,
  file: { size: number; type?: string; name?: string },
): string | null {
  if (file.size > regle.maxOctets) return regle.messages.taille;
  if (file.size === 0) return regle.messages.vide;
  const type = (file.type ?? '').toLowerCase();
  const ext = (file.name ?? '').toLowerCase().split('.').pop() ?? '';
  const extensions = new Set(
    Object.values(regle.types).concat(Object.values(regle.types).includes('jpg') ? ['jpeg'] : []),
  );
  const ok = type ? type in regle.types : extensions.has(ext);
  return ok ? null : regle.messages.type;
}
