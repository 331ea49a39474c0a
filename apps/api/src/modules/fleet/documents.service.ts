import type { DocumentBody, DocumentOut, DocumentUpdateBody, FichierEnvoye } from '@yams/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scoped } from '../../db/scoped';
import { resolveEntrepriseExistante } from '../../db/tenancy';
import { fieldErrors } from '../../lib/errors';
import type { StoredFile } from '../../lib/stored-files';
import type { Scope } from '../../plugins/auth';
import type { DocumentFiles } from './documents.files';
import { findDocument, getDocumentOut } from './documents.repository';
import { documents, vehicules } from './fleet.table';

/** The vehicle a document is about: of the scope, and of the document's company. */
async function vehiculeFor(db: Db, scope: Scope, camionId: number, entrepriseId?: number) {
  const [v] = await scoped(db, scope)
    .select({ id: vehicules.id, entreprise_id: vehicules.entreprise_id })
    .from(vehicules)
    .where(
      and(eq(vehicules.id, camionId), entrepriseId ? eq(vehicules.entreprise_id, entrepriseId) : undefined),
    )
    .limit(1);
  if (!v) throw fieldErrors({ camion_id: "Ce véhicule n'existe pas." });
  return v;
}

const fileColumns = (f: StoredFile | null, nom: string | null | undefined) => ({
  fichier: f?.path ?? null,
  fichier_type: f?.type ?? null,
  fichier_taille: f?.taille ?? null,
  fichier_nom: f ? nom?.trim().slice(0, 255) || `document.${f.path.split('.').pop()}` : null,
});

export async function createDocument(db: Db, scope: Scope, body: DocumentBody): Promise<DocumentOut> {
  // A superadmin may name the company, or let the vehicle's company decide.
  const vehicule = await vehiculeFor(db, scope, body.camion_id, body.entreprise_id ?? undefined);
  const entrepriseId = await resolveEntrepriseExistante(
    db,
    scope,
    body.entreprise_id ?? vehicule.entreprise_id,
  );
  const [row] = await scoped(db, { entrepriseId })
    .insert(documents)
    .values({
      entreprise_id: entrepriseId,
      libelle: body.libelle,
      association: body.association ?? 'vehicule',
      camion_id: vehicule.id,
      user_id: scope.user.id,
      date_expiration: body.date_expiration ?? null,
    })
    .returning({ id: documents.id });
  return getDocumentOut(db, scope, row!.id);
}

export async function updateDocument(
  db: Db,
  files: DocumentFiles,
  scope: Scope,
  id: number,
  body: DocumentUpdateBody,
): Promise<DocumentOut> {
  const current = await findDocument(db, scope, id);
  if (body.camion_id) await vehiculeFor(db, scope, body.camion_id, current.entreprise_id);
  const { fichier, fichier_nom, ...fields } = body;
  const values: Record<string, unknown> = Object.fromEntries(
    Object.entries(fields).filter(([, v]) => v !== undefined),
  );
  // fichier: absent keeps the attachment, null removes it (a new one is an upload: attachFichier).
  if (fichier === null) Object.assign(values, fileColumns(null, null));
  else if (fichier_nom && current.fichier) values.fichier_nom = fichier_nom;
  if (Object.keys(values).length) {
    await scoped(db, scope).update(documents).set(values).where(eq(documents.id, id));
  }
  if (fichier === null) await files.remove(current.fichier);
  return getDocumentOut(db, scope, id);
}

/** Joins an uploaded file to a document, or replaces the one it had (stored first, the old one removed after). */
export async function attachFichier(
  db: Db,
  files: DocumentFiles,
  scope: Scope,
  id: number,
  fichier: FichierEnvoye | undefined,
): Promise<DocumentOut> {
  const current = await findDocument(db, scope, id);
  if (!fichier) {
    throw fieldErrors({ fichier: 'Le fichier est obligatoire (multipart/form-data, champ « fichier »).' });
  }
  const stored = await files.save(current.entreprise_id, fichier);
  try {
    await scoped(db, scope)
      .update(documents)
      .set(fileColumns(stored, fichier.nom))
      .where(eq(documents.id, id));
  } catch (err) {
    await files.remove(stored.path);
    throw err;
  }
  await files.remove(current.fichier);
  return getDocumentOut(db, scope, id);
}

export async function destroyDocument(
  db: Db,
  files: DocumentFiles,
  scope: Scope,
  id: number,
): Promise<string> {
  const current = await findDocument(db, scope, id);
  await scoped(db, scope).delete(documents).where(eq(documents.id, id));
  await files.remove(current.fichier);
  return `Le document « ${current.libelle} » a été supprimé.`;
}
