import {
  importerRapprochementEndpoint,
  pointerLigneEndpoint,
  RELEVE_FICHIER_REGLE,
  rapprochementEndpoint,
  rapprochementsEndpoint,
} from '@yams/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-routes';
import { ok } from '../../lib/http';
import { acceptUploads } from '../../lib/uploads';
import { currentScope } from '../../plugins/auth';
import {
  getRapprochement,
  importerRapprochement,
  listRapprochements,
  pointerLigne,
} from './rapprochements.service';

// Reconciliation of bank and mobile-money statements (issue 29 §6): an encapsulated plugin, because it takes
// the statement's file as a multipart upload.

const rapprochementsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);
  await acceptUploads(app, RELEVE_FICHIER_REGLE, 'fichier');
  const tags = ['Comptabilité : rapprochements'];

  endpointRoute(app, importerRapprochementEndpoint, {
    tags,
    summary:
      'Importe un relevé bancaire ou de monnaie électronique (multipart : fichier, compte 521/552, preset banque|airtel|moov ou colonnes JSON) et pointe ses lignes ; tout ou rien',
    handler: async (request) => {
      const scope = currentScope(request);
      const id = await importerRapprochement(app.db, scope, request.body, request.query.entreprise);
      const r = await getRapprochement(app.db, scope, id);
      const n = r.totaux.lignes;
      return ok(
        r,
        `${n} ligne${n > 1 ? 's' : ''} importée${n > 1 ? 's' : ''} : ${r.totaux.pointees} pointée${r.totaux.pointees > 1 ? 's' : ''}, ${r.totaux.proposees} proposée${r.totaux.proposees > 1 ? 's' : ''}, ${r.totaux.a_traiter} à traiter.`,
      );
    },
  });

  endpointRoute(app, rapprochementsEndpoint, {
    tags,
    summary: 'Relevés importés, du plus récent au plus ancien, avec leurs totaux',
    handler: async (request) =>
      ok(await listRapprochements(app.db, currentScope(request), request.query.entreprise)),
  });

  endpointRoute(app, rapprochementEndpoint, {
    tags,
    summary: 'Un relevé : ses lignes, leurs pointages et propositions, solde du relevé et solde comptable',
    handler: async (request) => ok(await getRapprochement(app.db, currentScope(request), request.params.id)),
  });

  endpointRoute(app, pointerLigneEndpoint, {
    tags,
    summary:
      "Pointe une ligne de relevé : sur un mouvement (mouvement_id), en créant l'écriture de frais (creer: 'frais', 631) ou annule (annuler: true)",
    handler: async (request) => {
      const scope = currentScope(request);
      const { id, ligneId } = request.params;
      await pointerLigne(app.db, scope, id, ligneId, request.body);
      const message = request.body.annuler
        ? 'Le pointage de la ligne a été annulé.'
        : request.body.creer
          ? "L'écriture de frais a été passée et la ligne pointée."
          : 'La ligne a été pointée.';
      return ok(await getRapprochement(app.db, scope, id), message);
    },
  });
};

export default rapprochementsRoutes;
