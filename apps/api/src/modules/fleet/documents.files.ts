import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  DOCUMENT_FICHIER_MAX_OCTETS,
  DOCUMENT_FICHIER_REGLE,
  DOCUMENT_FICHIER_TYPES,
  type FichierEnvoye,
} from '@yams/shared';
import { fieldErrors } from '../../lib/errors';

// Attachments of documents: sent as multipart uploads (`POST /api/documents/{id}/fichier`, lib/uploads.ts),
// checked (type, size, content) and stored under DATA_DIR/uploads/documents/{entreprise}/ with a random name.

/** The first bytes each accepted type must start with, so a renamed file is refused. */
const SIGNATURES: Record<string, (b: Buffer) => boolean> = {
  'application/pdf': (b) => b.subarray(0, 5).toString('latin1') === '%PDF-',
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/webp': (b) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

const refuse = (message: string) => fieldErrors({ fichier: message });

/**
 * The file's type, read from its content: an accepted type the client also announced must match it
 * (a renamed page is refused); a client that announced none (`application/octet-stream`) is believed
 * by the content alone.
 */
function checkFichier(fichier: FichierEnvoye): { type: string; bytes: Buffer } {
  const bytes = Buffer.from(fichier.octets.buffer, fichier.octets.byteOffset, fichier.octets.byteLength);
  if (!bytes.length) throw refuse(DOCUMENT_FICHIER_REGLE.messages.vide);
  if (bytes.length > DOCUMENT_FICHIER_MAX_OCTETS) throw refuse(DOCUMENT_FICHIER_REGLE.messages.taille);
  const announced = fichier.type.toLowerCase().split(';')[0]!.trim();
  const detected = Object.keys(SIGNATURES).find((type) => SIGNATURES[type]!(bytes));
  if (announced in SIGNATURES) {
    if (detected !== announced) throw refuse('Le contenu du fichier ne correspond pas à son type.');
    return { type: announced, bytes };
  }
  if (!detected || (announced && announced !== 'application/octet-stream')) {
    throw refuse(DOCUMENT_FICHIER_REGLE.messages.type);
  }
  return { type: detected, bytes };
}

export interface StoredFile {
  /** Relative to the uploads folder. */
  path: string;
  type: string;
  taille: number;
}

export class DocumentFiles {
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = path.resolve(dataDir, 'uploads');
  }

  async save(entrepriseId: number, fichier: FichierEnvoye): Promise<StoredFile> {
    const { type, bytes } = checkFichier(fichier);
    const rel = path.posix.join(
      'documents',
      String(entrepriseId),
      `${randomUUID()}.${DOCUMENT_FICHIER_TYPES[type]}`,
    );
    const abs = this.absolute(rel);
    await fs.mkdir(path.dirname(abs), { recursive: true });
    await fs.writeFile(abs, bytes, { flag: 'wx' });
    return { path: rel, type, taille: bytes.length };
  }

  /** The file on disk; a stored path never leaves the uploads folder. */
  absolute(rel: string): string {
    const abs = path.resolve(this.root, rel);
    if (!abs.startsWith(this.root + path.sep)) throw new Error(`chemin de fichier refusé : ${rel}`);
    return abs;
  }

  /** Best effort: a file already gone is not an error. */
  async remove(rel: string | null | undefined): Promise<void> {
    if (!rel) return;
    await fs.rm(this.absolute(rel), { force: true }).catch(() => undefined);
  }
}
