import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FichierEnvoye, FichierRegle } from '@yams/shared';
import { fieldErrors } from './errors';

// Files received as multipart uploads (lib/uploads.ts), checked (type read from the content, size) and
// stored under DATA_DIR/uploads/{folder}/{entreprise}/ with a random name: documents, the drivers' photos.

/** The first bytes each accepted type must start with, so a renamed file is refused. */
const SIGNATURES: Record<string, (b: Buffer) => boolean> = {
  'application/pdf': (b) => b.subarray(0, 5).toString('latin1') === '%PDF-',
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/webp': (b) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

export interface StoredFile {
  /** Relative to the uploads folder. */
  path: string;
  type: string;
  taille: number;
}

export class StoredFiles {
  private readonly root: string;

  constructor(
    dataDir: string,
    private readonly folder: string,
    private readonly regle: FichierRegle,
  ) {
    this.root = path.resolve(dataDir, 'uploads');
  }

  /**
   * The file's type, read from its content: an accepted type the client also announced must match it
   * (a renamed page is refused); a client that announced none (`application/octet-stream`) is believed
   * by the content alone. Refusals are French 422s on `champ`.
   */
  check(fichier: FichierEnvoye, champ: string): { type: string; bytes: Buffer } {
    const refuse = (message: string) => fieldErrors({ [champ]: message });
    const bytes = Buffer.from(fichier.octets.buffer, fichier.octets.byteOffset, fichier.octets.byteLength);
    if (!bytes.length) throw refuse(this.regle.messages.vide);
    if (bytes.length > this.regle.maxOctets) throw refuse(this.regle.messages.taille);
    const accepted = Object.keys(this.regle.types);
    const announced = fichier.type.toLowerCase().split(';')[0]!.trim();
    const detected = accepted.find((type) => SIGNATURES[type]?.(bytes));
    if (accepted.includes(announced)) {
      if (detected !== announced) throw refuse('Le contenu du fichier ne correspond pas à son type.');
      return { type: announced, bytes };
    }
    if (!detected || (announced && announced !== 'application/octet-stream')) {
      throw refuse(this.regle.messages.type);
    }
    return { type: detected, bytes };
  }

  /** Writes a file already checked (`check`), so a request checks all its files before writing any. */
  async write(entrepriseId: number, checked: { type: string; bytes: Buffer }): Promise<StoredFile> {
    const rel = path.posix.join(
      this.folder,
      String(entrepriseId),
      `${randomUUID()}.${this.regle.types[checked.type]}`,
    );
    const abs = this.absolute(rel);
    await fs.mkdir(path.dirname(abs), { recursive: true });
    await fs.writeFile(abs, checked.bytes, { flag: 'wx' });
    return { path: rel, type: checked.type, taille: checked.bytes.length };
  }

  async save(entrepriseId: number, fichier: FichierEnvoye, champ: string): Promise<StoredFile> {
    return this.write(entrepriseId, this.check(fichier, champ));
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
