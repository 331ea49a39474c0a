import { rapportResumeEndpoint } from '@yams/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fieldErrors } from '../../lib/errors';
import { ok } from '../../lib/http';
import { currentScope, type Scope } from '../../plugins/auth';
import type { Rapport } from '../accounting/rapport';
import { rapportPdf } from '../accounting/rapport.pdf';
import { rapportXlsx } from '../accounting/rapport.xlsx';
import { resumeRapport } from './rapports-gps.documents';
import { getRapportResume } from './resume.service';

// The tracking reports (issue 28): each answers its JSON in the envelope, or its file (`format=xlsx|pdf`),
// printed as the accountant's reports are (accounting/rapport.pdf.ts, rapport.xlsx.ts).

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const rapportsGpsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);
  const tags = ['Géolocalisation : rapports'];

  async function fichier(reply: FastifyReply, scope: Scope, format: 'pdf' | 'xlsx', r: Rapport) {
    if (format === 'pdf' && scope.entrepriseId === null)
      throw fieldErrors({ format: "Le PDF porte l'en-tête d'une entreprise : demandez l'Excel." });
    const body =
      format === 'pdf'
        ? await rapportPdf(app.db, scope.entrepriseId!, app.config.dataDir, r)
        : await rapportXlsx(r);
    return reply
      .header('content-type', format === 'pdf' ? 'application/pdf' : XLSX)
      .header(
        'content-disposition',
        `${format === 'pdf' ? 'inline' : 'attachment'}; filename="${r.fichier}.${format}"`,
      )
      .header('cache-control', 'no-store')
      .send(body);
  }

  app.get(
    rapportResumeEndpoint.path,
    {
      schema: {
        tags,
        summary:
          'Résumé par véhicule et par conducteur sur une période : distance, conduite, arrêts, vitesse maximale, ralenti, positions, jours sans données (format=xlsx|pdf pour le fichier)',
        querystring: rapportResumeEndpoint.query,
      },
    },
    async (request, reply) => {
      const scope = currentScope(request);
      const q = request.query;
      const r = await getRapportResume(app.db, scope, q);
      if (q.format === 'pdf' || q.format === 'xlsx') return fichier(reply, scope, q.format, resumeRapport(r));
      return reply.send(ok(rapportResumeEndpoint.response.parse(r)));
    },
  );
};

export default rapportsGpsRoutes;
