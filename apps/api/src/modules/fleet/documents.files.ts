import { DOCUMENT_FICHIER_REGLE, type FichierEnvoye } from '@yams/shared';
import { type StoredFile, StoredFiles } from '../../lib/stored-files';

// Attachments of documents: sent as multipart uploads (`POST /api/documents/{id}/fichier`, lib/uploads.ts),
// checked (type, size, content) and stored under DATA_DIR/uploads/documents/{entreprise}/ with a random name.

export class DocumentFiles extends StoredFiles {
  constructor(dataDir: string) {
    super(dataDir, 'documents', DOCUMENT_FICHIER_REGLE);
  }

  override save(entrepriseId: number, fichier: FichierEnvoye): Promise<StoredFile> {
    return super.save(entrepriseId, fichier, 'fichier');
  }
}
