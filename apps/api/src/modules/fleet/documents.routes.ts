import fs from 'node:fs';
import {
  DOCUMENT_FICHIER_REGLE,
  documentFichierEndpoint,
  documentFichierFileEndpoint,
  documentsContract,
} from '@yams/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { crudRoutes } from '../../lib/crud-routes';
import { endpointRoute, fileRoute } from '../../lib/endpoint-routes';
import { ok } from '../../lib/http';
import { acceptUploads } from '../../lib/uploads';
import { currentScope } from '../../plugins/auth';
import { DocumentFiles } from './documents.files';
import { findDocument, getDocumentOut, listDocuments } from './documents.repository';
import { attachFichier, createDocument, destroyDocument, updateDocument } from './documents.service';
import { fichierNotFound } from './fleet.errors';

const tags = ['Parc automobile — documents'];

/** `attachment; filename="carte-grise.pdf"; filename*=UTF-8''carte%20grise.pdf` */
function disposition(name: string): string {
  const ascii =
    name
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '_') || 'document';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);
  // Encapsulated here: only the documents' routes take multipart uploads.
  await acceptUploads(app, DOCUMENT_FICHIER_REGLE, 'fichier');
  const files = new DocumentFiles(app.config.dataDir);

  crudRoutes(app, documentsContract, {
    tags,
    nom: { un: 'un document', des: 'les documents' },
    summary: {
      list: 'Documents (filtres camion_id, req_period=AAAA-MM, expire_avant=AAAA-MM-JJ, search)',
      detail: 'Un document',
      destroy: 'Supprime un document et son fichier',
    },
    list: (scope, q) => listDocuments(app.db, scope, q),
    // The documents are listed inside a vehicle's page: no export, no select, no group deletion.
    exportable: false,
    get: (scope, id) => getDocumentOut(app.db, scope, id),
    create: {
      summary:
        'Ajoute un document (son fichier, facultatif, s’envoie ensuite : POST /api/documents/{id}/fichier)',
      run: (scope, body) => createDocument(app.db, scope, body),
      message: () => 'Le document a été ajouté.',
    },
    update: {
      summary: 'Modifie un document ; fichier : null retire le fichier joint',
      run: (scope, id, body) => updateDocument(app.db, files, scope, id, body),
      message: () => 'Le document a été modifié.',
    },
    destroy: (scope, id) => destroyDocument(app.db, files, scope, id),
    destroyGroup: false,
  });

  endpointRoute(app, documentFichierEndpoint, {
    tags,
    summary:
      'Joint le fichier au document ou remplace le sien (multipart/form-data, champ « fichier » : PDF, JPEG, PNG ou WEBP ; 5 Mo)',
    handler: async (request) =>
      ok(
        await attachFichier(app.db, files, currentScope(request), request.params.id, request.body.fichier),
        'Le fichier a été joint au document.',
      ),
  });

  fileRoute(app, documentFichierFileEndpoint, {
    tags,
    summary: 'Télécharge le fichier joint',
    handler: async (request, replyTo) => {
      const doc = await findDocument(app.db, currentScope(request), request.params.id);
      if (!doc.fichier) throw fichierNotFound();
      const abs = files.absolute(doc.fichier);
      if (!fs.existsSync(abs))
        throw fichierNotFound('Le fichier de ce document est introuvable sur le serveur.');
      return replyTo
        .header('content-type', doc.fichier_type ?? 'application/octet-stream')
        .header('content-disposition', disposition(doc.fichier_nom ?? 'document'))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(fs.createReadStream(abs));
    },
  });
};

export default documentsRoutes;
