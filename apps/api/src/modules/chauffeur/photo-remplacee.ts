import type { FichierEnvoye } from '@yams/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scoped } from '../../db/scoped';
import type { StoredFiles } from '../../lib/stored-files';
import { transaction } from '../../lib/transaction';
import { photosChauffeur } from './chauffeur.table';

/**
 * The one photo of an object (a fuel record's receipt, an office expense's receipt) replaced: the new file
 * written first, the rows swapped in one transaction, the old files removed once it committed (the new
 * file removed if it failed, so nothing is left behind either way).
 */
export async function remplacerPhoto(
  db: Db,
  files: StoredFiles,
  entrepriseId: number,
  objet: 'carburant' | 'depense',
  objetId: number,
  photo: FichierEnvoye,
): Promise<void> {
  const stored = await files.save(entrepriseId, photo, 'photo');
  let anciens: string[] = [];
  try {
    anciens = await transaction(db, async (tx) => {
      const s = scoped(tx, { entrepriseId });
      const old = await s
        .delete(photosChauffeur)
        .where(and(eq(photosChauffeur.objet, objet), eq(photosChauffeur.objet_id, objetId)))
        .returning({ chemin: photosChauffeur.chemin });
      await s.insert(photosChauffeur).values({
        objet,
        objet_id: objetId,
        chemin: stored.path,
        type: stored.type,
        taille: stored.taille,
      });
      return old.map((o) => o.chemin);
    });
  } catch (err) {
    await files.remove(stored.path);
    throw err;
  }
  for (const c of anciens) await files.remove(c);
}
