import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { LOGO_MAX_OCTETS, LOGO_TYPES } from '@yams/shared';
import type { FastifyReply } from 'fastify';
import { fieldErrors } from '../../lib/errors';

// Company logos: stored under DATA_DIR/uploads/logos/{entreprise}/ with a random name.

const SIGNATURES: Record<string, (b: Buffer) => boolean> = {
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/webp': (b) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

const refuse = (message: string) => fieldErrors({ logo: message });

/** The image type of these bytes, by their content (the announced type and name are not trusted). */
export function logoType(bytes: Buffer): string {
  if (!bytes.length) throw refuse('Le logo est vide.');
  if (bytes.length > LOGO_MAX_OCTETS) throw refuse('Le logo ne doit pas dépasser 2 Mo.');
  const type = Object.keys(SIGNATURES).find((t) => SIGNATURES[t]!(bytes));
  if (!type) throw refuse('Le logo doit être une image PNG, JPEG ou WEBP.');
  return type;
}

const LOGO_CONTENT_TYPES: Record<string, string> = Object.fromEntries(
  Object.entries(LOGO_TYPES).map(([type, ext]) => [ext, type]),
);

export class LogoFiles {
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = path.resolve(dataDir, 'uploads');
  }

  async save(entrepriseId: number, bytes: Buffer): Promise<string> {
    const type = logoType(bytes);
    const rel = path.posix.join('logos', String(entrepriseId), `${randomUUID()}.${LOGO_TYPES[type]}`);
    const abs = this.absolute(rel);
    await fs.mkdir(path.dirname(abs), { recursive: true });
    await fs.writeFile(abs, bytes, { flag: 'wx' });
    return rel;
  }

  /** The file on disk (for the invoice PDF too); a stored path never leaves the uploads folder. */
  absolute(rel: string): string {
    const abs = path.resolve(this.root, rel);
    if (!abs.startsWith(this.root + path.sep)) throw new Error(`chemin de fichier refusé : ${rel}`);
    return abs;
  }

  contentType(rel: string): string {
    return LOGO_CONTENT_TYPES[path.extname(rel).slice(1)] ?? 'application/octet-stream';
  }

  /** Answers with the stored logo (the company's settings, the public tracking page); `absent()` when its file is gone. */
  send(reply: FastifyReply, rel: string, absent: () => Error): FastifyReply {
    const abs = this.absolute(rel);
    if (!existsSync(abs)) throw absent();
    return reply
      .header('content-type', this.contentType(rel))
      .header('cache-control', 'private, no-cache')
      .header('x-content-type-options', 'nosniff')
      .send(createReadStream(abs));
  }

  async remove(rel: string | null | undefined): Promise<void> {
    if (!rel) return;
    await fs.rm(this.absolute(rel), { force: true }).catch(() => undefined);
  }
}
