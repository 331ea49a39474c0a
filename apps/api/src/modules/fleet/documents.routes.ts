import fs from 'node:fs';
import { DocumentBody, DocumentOut, DocumentsQuery, DocumentUpdateBody } from '@yams/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParams } from '../../lib/filters-ids';
import { ok, reply } from '../../lib/http';
import { filters, listOf, listResponse } from '../../lib/pagination';
import { currentScope } from '../../plugins/auth';
import { DocumentFiles } from './documents.files';
import { findDocument, getDocumentOut, listDocuments } from './documents.repository';
import { createDocument, destroyDocument, updateDocument } from './documents.service';
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
  const files = new DocumentFiles(app.config.dataDir);

  app.get(
    '/api/documents',
    {
      schema: {
        tags,
        summary: 'Documents (filtres camion_id, req_period=AAAA-MM, expire_avant=AAAA-MM-JJ, search)',
        querystring: filters(DocumentsQuery.shape),
        response: reply(listOf(DocumentOut)),
      },
    },
    async (request) =>
      ok(await listResponse(request.query, listDocuments(app.db, currentScope(request), request.query))),
  );

  app.get(
    '/api/documents/:id',
    { schema: { tags, summary: 'Un document', params: IdParams, response: reply(DocumentOut) } },
    async (request) => ok(await getDocumentOut(app.db, currentScope(request), request.params.id)),
  );

  app.post(
    '/api/documents',
    {
      schema: {
        tags,
        summary: 'Ajoute un document ; fichier facultatif en data URL base64 (PDF, JPEG, PNG, WEBP ; 5 Mo)',
        body: DocumentBody,
        response: reply(DocumentOut),
      },
    },
    async (request) =>
      ok(
        await createDocument(app.db, files, currentScope(request), request.body),
        'Le document a été ajouté.',
      ),
  );

  app.post(
    '/api/documents/:id/update',
    {
      schema: {
        tags,
        summary: 'Modifie un document ; fichier : null le retire, une data URL le remplace',
        params: IdParams,
        body: DocumentUpdateBody,
        response: reply(DocumentOut),
      },
    },
    async (request) =>
      ok(
        await updateDocument(app.db, files, currentScope(request), request.params.id, request.body),
        'Le document a été modifié.',
      ),
  );

  app.post(
    '/api/documents/:id/destroy',
    {
      schema: {
        tags,
        summary: 'Supprime un document et son fichier',
        params: IdParams,
        response: reply(z.null()),
      },
    },
    async (request) =>
      ok(null, await destroyDocument(app.db, files, currentScope(request), request.params.id)),
  );

  app.get(
    '/api/documents/:id/fichier',
    { schema: { tags, summary: 'Télécharge le fichier joint', params: IdParams } },
    async (request, replyTo) => {
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
  );
};

export default documentsRoutes;
