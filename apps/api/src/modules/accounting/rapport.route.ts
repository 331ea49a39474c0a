import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { fieldErrors } from '../../lib/errors';
import { ok } from '../../lib/http';
import { currentScope, type Scope } from '../../plugins/auth';
import type { Rapport } from './rapport';
import { rapportPdf } from './rapport.pdf';
import { rapportXlsx } from './rapport.xlsx';

// One route shape for every report of the product (the accountant's, the tracking reports): its JSON in the
// envelope, or with `format=pdf|xlsx` the same answer printed by the one PDF and Excel renderer.

type App = Parameters<FastifyPluginAsyncZod>[0];

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `Relevé Société Ndong 2026` → `Releve-Societe-Ndong-2026`: a file name any system keeps. */
const nomFichier = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 120);

/** The report as a file: a PDF bears a company's letterhead (a superadmin without one gets the Excel). */
export async function envoyerRapport(
  app: App,
  reply: FastifyReply,
  scope: Scope,
  format: 'pdf' | 'xlsx',
  r: Rapport,
) {
  if (format === 'pdf' && scope.entrepriseId === null) {
    throw fieldErrors({ format: "Le PDF porte l'en-tête d'une entreprise : demandez l'Excel." });
  }
  const body =
    format === 'pdf'
      ? await rapportPdf(app.db, scope.entrepriseId!, app.config.dataDir, r)
      : await rapportXlsx(r);
  return reply
    .header('content-type', format === 'pdf' ? 'application/pdf' : XLSX)
    .header(
      'content-disposition',
      `${format === 'pdf' ? 'inline' : 'attachment'}; filename="${nomFichier(r.fichier)}.${format}"`,
    )
    .header('cache-control', 'no-store')
    .send(body);
}

/** A report's contract: its path, query (with `format`), optional params, and the JSON it answers. */
interface ContratRapport<Q, P> {
  path: string;
  query?: z.ZodType<Q>;
  params?: z.ZodType<P>;
  response: z.ZodType<unknown>;
}

/**
 * Declares a report route in a plugin that authenticates: `compute` gives the answer, `document` prints it.
 * Declared by hand, not by `endpointRoute`: the answer is a file or the envelope, so the OpenAPI document
 * publishes the query, not the response.
 */
export function rapportRoute<Q extends { format?: string }, P, D>(
  app: App,
  contract: ContratRapport<Q, P>,
  spec: {
    tags: string[];
    summary: string;
    compute: (scope: Scope, query: Q, params: P) => Promise<D>;
    document: (data: D) => Rapport;
  },
) {
  app.get(
    contract.path,
    {
      schema: {
        tags: spec.tags,
        summary: spec.summary,
        querystring: contract.query,
        ...(contract.params ? { params: contract.params } : {}),
      },
    },
    async (request, reply) => {
      const scope = currentScope(request);
      const query = request.query as Q;
      const data = await spec.compute(scope, query, request.params as P);
      if (query.format === 'pdf' || query.format === 'xlsx') {
        return envoyerRapport(app, reply, scope, query.format, spec.document(data));
      }
      return reply.send(ok(contract.response.parse(data)));
    },
  );
}
