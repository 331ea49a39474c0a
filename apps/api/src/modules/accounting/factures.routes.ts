import { coursesFacturablesEndpoint, facturePdfEndpoint, facturesContract } from '@yams/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { crudRoutes } from '../../lib/crud-routes';
import { endpointRoute, fileRoute } from '../../lib/endpoint-routes';
import { ok } from '../../lib/http';
import { currentScope } from '../../plugins/auth';
import { assertClient } from '../operations/operations.refs';
import { facturePdf } from './facture.pdf';
import { coursesFacturables, getFactureOut, listFactures } from './factures.repository';
import {
  createAvoir,
  createFacture,
  createReglement,
  destroyFacture,
  updateFacture,
  validateFacture,
} from './factures.service';

const tags = ['Factures'];

const facturesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  // Before /api/factures/:id so the static path wins.
  endpointRoute(app, coursesFacturablesEndpoint, {
    tags,
    summary:
      "Courses terminées d'un client qu'aucune facture validée ne porte encore ('Ajouter des courses')",
    handler: async (request) => {
      const scope = currentScope(request);
      const clientId = request.query.client;
      if (!clientId) return ok([]);
      if (scope.entrepriseId !== null) await assertClient(app.db, scope.entrepriseId, clientId);
      return ok(await coursesFacturables(app.db, scope, clientId));
    },
  });

  crudRoutes(app, facturesContract, {
    tags,
    nom: { un: 'une facture', des: 'les factures' },
    list: (scope, q) => listFactures(app.db, scope, q),
    get: (scope, id) => getFactureOut(app.db, scope, id),
    create: {
      run: (scope, body) => createFacture(app.db, scope, body),
      message: (f) =>
        `La facture ${f.type === 'Pro forma' ? 'pro forma' : 'définitive'} (brouillon n°${f.id}) a été enregistrée.`,
    },
    update: {
      run: (scope, id, body) => updateFacture(app.db, scope, id, body),
      message: (f) => `La facture (brouillon n°${f.id}) a été modifiée.`,
    },
    destroy: (scope, id) => destroyFacture(app.db, scope, id),
    missing: (id) => `La facture n°${id} n'existe pas.`,
    actions: {
      validate: {
        summary:
          'Valide une facture : numéro sans trou, écriture au journal des ventes ; une pro forma produit sa facture définitive',
        run: (scope, id) => validateFacture(app.db, scope, id),
      },
      avoir: {
        summary: 'Établit un avoir (total, ou des lignes données) sur une facture validée',
        run: async (scope, id, body) => {
          const avoir = await getFactureOut(app.db, scope, await createAvoir(app.db, scope, id, body));
          return { data: avoir, message: `L'avoir ${avoir.numero} a été établi.` };
        },
      },
      reglements: {
        summary: 'Enregistre un règlement sur une facture validée (journal Banque ou Caisse)',
        run: (scope, id, body) => createReglement(app.db, scope, id, body),
      },
    },
  });

  fileRoute(app, facturePdfEndpoint, {
    tags,
    summary: 'La facture en PDF (A4 portrait)',
    handler: async (request, reply) => {
      const scope = currentScope(request);
      const facture = await getFactureOut(app.db, scope, request.params.id);
      const pdf = await facturePdf(app.db, facture, app.config.dataDir);
      const nom = (facture.numero ?? `brouillon-${facture.id}`).replace(/[^A-Za-z0-9-]/g, '_');
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="facture-${nom}.pdf"`)
        .send(pdf);
    },
  });
};

export default facturesRoutes;
