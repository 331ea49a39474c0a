import multipart from '@fastify/multipart';
import { type FichierEnvoye, type FichierRegle, messageControles, texteStockable } from '@yams/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, fieldErrors } from './errors';

type App = Parameters<FastifyPluginAsyncZod>[0];

const UNREADABLE = "Le formulaire envoyé n'a pas pu être lu (multipart/form-data, fichier compris).";

const nomIllisible = (champ: string) => fieldErrors({ [champ]: messageControles('Le nom du fichier') });

/** The plugins whose routes take uploads (`endpointRoute` checks a multipart contract is declared in one). */
const accepting = new WeakSet<object>();

export const acceptsUploads = (app: App) => accepting.has(app);

/**
 * Files travel as `multipart/form-data` uploads, never base64 inside JSON (so the JSON body limit stays
 * small). Called in an encapsulated plugin, it lets that plugin's routes take one: before validation, a
 * multipart request's parts become its body (a file part as `FichierEnvoye`, a text field as its string),
 * so the route's zod schema checks it like JSON (`zFichierEnvoye`); a name sent twice is a list. A file
 * over the rule's size, a file beyond the count (`fichiers`, 1 by default) or a malformed form is a French
 * 422 on the file field, never Fastify's or busboy's own error.
 *
 * The caller is authenticated before a byte of the form is read (`authenticate`, a verified back-office
 * account by default, the driver's app's token for its routes; the route's own preHandler runs again later
 * and finds the request already resolved): an anonymous upload is a 401 at once, never buffered first.
 */
export async function acceptUploads(
  app: App,
  regle: FichierRegle,
  champ: string,
  /** What a malformed form answers on the file field (a generic message by default). */
  unreadable = UNREADABLE,
  authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void> = app.authenticate,
  /** How many files one request may carry (a proof of delivery: a signature and photos); 1 by default. */
  fichiers = 1,
): Promise<void> {
  await app.register(multipart, {
    limits: {
      fileSize: regle.maxOctets,
      files: fichiers,
      fields: 20,
      parts: 20 + fichiers,
      fieldSize: 64 * 1024,
    },
  });
  accepting.add(app);
  app.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.isMultipart()) return;
    await authenticate(request, reply);
    const body: Record<string, Part | Part[]> = {};
    // A name sent twice (`photos`, `photos`) is a list, in the order sent.
    const add = (name: string, value: Part) => {
      const had = body[name];
      body[name] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
    };
    let current = champ;
    try {
      for await (const part of request.parts()) {
        current = part.fieldname;
        if (part.type === 'file') {
          const octets = await part.toBuffer();
          // The name is stored and shown: refused like any stored text (PostgreSQL refuses byte 0x00).
          if (!texteStockable(part.filename)) throw nomIllisible(part.fieldname);
          add(part.fieldname, { nom: part.filename, type: part.mimetype, octets });
        } else {
          add(part.fieldname, String(part.value ?? ''));
        }
      }
    } catch (err) {
      if (err instanceof AppError) throw err;
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw fieldErrors({ [current]: regle.messages.taille });
      if (code === 'FST_FILES_LIMIT') {
        throw fieldErrors({
          [current]:
            fichiers === 1 ? 'Envoyez un seul fichier à la fois.' : `Envoyez au plus ${fichiers} fichiers.`,
        });
      }
      throw fieldErrors({ [champ]: unreadable });
    }
    request.body = body;
  });
}

type Part = string | FichierEnvoye;
