import { rapportResumeEndpoint, rapportZonesEndpoint, zonesContract } from '@yams/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { crudRoutes } from '../../lib/crud-routes';
import { fieldErrors } from '../../lib/errors';
import { ok } from '../../lib/http';
import { currentScope, type Scope } from '../../plugins/auth';
import type { Rapport } from '../accounting/rapport';
import { rapportPdf } from '../accounting/rapport.pdf';
import { rapportXlsx } from '../accounting/rapport.xlsx';
import { resumeRapport, zonesRapport } from './rapports-gps.documents';
import { getRapportResume } from './resume.service';
import { getZone, listZones } from './zones.repository';
import { createZone, destroyZone, updateZone } from './zones.service';
import { getRapportZones } from './zones-rapport.service';

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

  app.get(
    rapportZonesEndpoint.path,
    {
      schema: {
        tags,
        summary:
          'Temps sur site : chaque visite d’une zone (ou du chargement, du déchargement d’une course) sur une période, par zone, véhicule ou client (format=xlsx|pdf pour le fichier)',
        querystring: rapportZonesEndpoint.query,
      },
    },
    async (request, reply) => {
      const scope = currentScope(request);
      const q = request.query;
      const r = await getRapportZones(app.db, scope, q);
      if (q.format === 'pdf' || q.format === 'xlsx') return fichier(reply, scope, q.format, zonesRapport(r));
      return reply.send(ok(rapportZonesEndpoint.response.parse(r)));
    },
  );

  crudRoutes(app, zonesContract, {
    tags: ['Géolocalisation : zones'],
    nom: { un: 'une zone', des: 'les zones' },
    list: (scope, q) => listZones(app.db, scope, q),
    get: (scope, id) => getZone(app.db, scope, id),
    options: { label: (z) => z.nom },
    create: {
      run: (scope, body) => createZone(app.db, scope, body),
      message: (z) => `La zone ${z.nom} a été ajoutée.`,
    },
    update: {
      run: (scope, id, body) => updateZone(app.db, scope, id, body),
      message: (z) => `La zone ${z.nom} a été modifiée.`,
    },
    destroy: (scope, id) => destroyZone(app.db, scope, id),
    missing: (id) => `La zone n°${id} n'existe pas.`,
  });
};

export default rapportsGpsRoutes;
