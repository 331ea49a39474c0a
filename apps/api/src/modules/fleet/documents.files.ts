import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { DOCUMENT_FICHIER_MAX_OCTETS, DOCUMENT_FICHIER_REGLE, DOCUMENT_FICHIER_TYPES } from '@yams/shared';
import { fieldErrors } from '../../lib/errors';

// Attachments of documents: sent as base64 data URLs in JSON, checked (type, size, content) and stored
// under DATA_DIR/uploads/documents/{entreprise}/ with a random name.

/** The first bytes each accepted type must start with, so a renamed file is refused. */
const SIGNATURES: Record<string, (b: Buffer) => boolean> = {
  'application/pdf': (b) => b.subarray(0, 5).toString('latin1') === '%PDF-',
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/webp': (b) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

const refuse = (message: string) => fieldErrors({ fichier: message });

export function decodeDataUrl(dataUrl: string): { type: string; bytes: Buffer } {
  const m = /^data:([\w.+-]+\/[\w.+-]+)((?:;[\w.+-]+=[^;,]*)*);base64,(.*)$/s.exec(dataUrl);
  if (!m) throw refuse('Le fichier doit être une data URL base64 (data:…;base64,…).');
  const type = m[1]!.toLowerCase();
  const check = SIGNATURES[type];
  if (!check) throw refuse(DOCUMENT_FICHIER_REGLE.messages.type);
  const b64 = m[3]!.replace(/\s/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64) || b64.length % 4 !== 0) {
    throw refuse("Le contenu du fichier n'est pas un base64 valide.");
  }
  const bytes = Buffer.from(b64, 'base64');
  if (!bytes.length) throw refuse(DOCUMENT_FICHIER_REGLE.messages.vide);
  if (bytes.length > DOCUMENT_FICHIER_MAX_OCTETS) throw refuse(DOCUMENT_FICHIER_REGLE.messages.taille);
  if (!check(bytes)) throw refuse('Le contenu du fichier ne correspond pas à son type.');
  return { type, bytes };
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

  async save(entrepriseId: number, dataUrl: string): Promise<StoredFile> {
    const { type, bytes } = decodeDataUrl(dataUrl);
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
