import { AUDIT_PATHS, formatDateTime } from '@yams/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { derniereModification } from '../modules/audit/audit.repository';
import { AppError, fieldErrors } from './errors';

// Optimistic concurrency of the update routes (docs/decisions.md): an edit carries the
// version it was based on — the row's `updated_at`, sent back in the body or as the ETag of `GET {path}/{id}`
// in `If-Match` — and is refused with a 409 naming who changed the row and when, if it changed meanwhile.
// An edit without a version (the specification's mobile apps send none) is applied as before.

/** The ETag of a row: its `updated_at`, quoted. */
export const etagOf = (updatedAt: string) => `"${updatedAt}"`;

/** `GET {path}/{id}` answers the row's version as its ETag (when the row has one). */
export function sendEtag(reply: FastifyReply, row: unknown): void {
  const version = versionOfRow(row);
  if (version) reply.header('etag', etagOf(version));
}

const versionOfRow = (row: unknown): string | undefined => {
  const v = (row as { updated_at?: unknown } | null)?.updated_at;
  return typeof v === 'string' ? v : undefined;
};

const invalidVersion = (field: string) =>
  fieldErrors({
    [field]:
      field === 'updated_at'
        ? 'La version (updated_at) doit être la date de modification lue avec la fiche, au format ISO 8601.'
        : "L'en-tête If-Match doit être l'ETag lu avec la fiche (GET), entre guillemets.",
  });

/**
 * The versions an update was based on: those of `If-Match` (`"…"`, `W/"…"`, several separated by commas;
 * `*` means any), else the body's `updated_at`; none when the client sent neither.
 */
export function expectedVersions(request: FastifyRequest, bodyVersion: unknown): number[] {
  const header = request.headers['if-match'];
  if (typeof header === 'string' && header.trim() !== '') {
    if (header.trim() === '*') return [];
    return header.split(',').map((tag) => {
      const m = /^\s*(?:W\/)?"([^"]*)"\s*$/.exec(tag);
      const t = m ? Date.parse(m[1]!) : Number.NaN;
      if (Number.isNaN(t)) throw invalidVersion('If-Match');
      return t;
    });
  }
  if (bodyVersion === undefined || bodyVersion === null || bodyVersion === '') return [];
  const t = typeof bodyVersion === 'string' ? Date.parse(bodyVersion) : Number.NaN;
  if (Number.isNaN(t)) throw invalidVersion('updated_at');
  return [t];
}

/**
 * Refuses (409) an update based on another version than the row's current one (`current`, the row as the
 * route reads it). The author and time come from the audit log when the entity is audited.
 */
export async function assertVersion(
  db: Db,
  path: string,
  id: number,
  expected: number[],
  current: unknown,
): Promise<void> {
  const version = versionOfRow(current);
  if (expected.length === 0 || !version || expected.includes(Date.parse(version))) return;
  const table = AUDIT_PATHS[path];
  const last = table ? await derniereModification(db, table, id) : null;
  const [jour, heure] = formatDateTime(version).split(' ');
  const par = last ? (last.utilisateur === 'Système' ? ' par le système' : ` par ${last.utilisateur}`) : '';
  throw new AppError(
    'version.conflict',
    409,
    [`Cette fiche a été modifiée${par} le ${jour} à ${heure} : rechargez-la avant de l'enregistrer.`],
    { version, modifie_par: last?.utilisateur ?? null, modifie_le: version },
  );
}
