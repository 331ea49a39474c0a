import {
  balanceAgeeEndpoint,
  cloturerEndpoint,
  cloturesEndpoint,
  csvFile,
  etatsFinanciersEndpoint,
  exportComptableEndpoint,
  grandLivreEndpoint,
  JOURNAL_FILTRE_DATES,
  releveEndpoint,
  todayInGabon,
} from '@yams/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { scoped } from '../../db/scoped';
import { endpointRoute } from '../../lib/endpoint-routes';
import { type DateRange, requireDateRange } from '../../lib/filters-dates';
import { ok } from '../../lib/http';
import { currentScope } from '../../plugins/auth';
import { balanceAgee } from './balance-agee.repository';
import { cloturerExercice, etatsFinanciers, listClotures } from './etats-financiers';
import { exportRapport, lignesCsv, lignesExport } from './export-comptable';
import { grandLivre, LIGNES_MAX_FICHIER } from './grand-livre.repository';
import { envoyerRapport, rapportRoute } from './rapport.route';
import {
  balanceAgeeRapport,
  etatsFinanciersRapport,
  grandLivreRapport,
  releveRapport,
} from './rapports.documents';
import { releveCompte } from './releve.repository';

// The accountant's reports (`comptabilite.endpoints.ts`): each answers its JSON in the envelope, or its file
// (`format=pdf|xlsx`, the export `csv|xlsx`). The books are kept per company: a superadmin names one
// (`?entreprise=`), as for the journals.

const requireDates = (q: DateRange) => requireDateRange(q, JOURNAL_FILTRE_DATES);

const rapportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);
  const tags = ['Comptabilité : états'];

  rapportRoute(app, balanceAgeeEndpoint, {
    tags,
    summary: 'Balance âgée clients à une date (format=pdf|xlsx pour le fichier)',
    compute: (scope, q) => balanceAgee(scoped(app.db, scope), q.date ?? todayInGabon(), q.client),
    document: balanceAgeeRapport,
  });

  rapportRoute(app, releveEndpoint, {
    tags,
    summary: "Relevé de compte d'un client sur une période (format=pdf pour l'envoyer)",
    compute: (scope, q, params) => releveCompte(scoped(app.db, scope), params.id, requireDates(q)),
    document: releveRapport,
  });

  rapportRoute(app, grandLivreEndpoint, {
    tags,
    summary: 'Grand livre d’une période, par compte ou par tiers (format=pdf|xlsx pour le fichier)',
    compute: (scope, q) =>
      grandLivre(
        scoped(app.db, scope),
        { ...requireDates(q), compte: q.compte, tiers: q.tiers },
        q.format === 'xlsx' ? { max: LIGNES_MAX_FICHIER } : {},
      ),
    document: grandLivreRapport,
  });

  rapportRoute(app, etatsFinanciersEndpoint, {
    tags,
    summary:
      'États financiers SYSCOHADA : bilan à la fin de la période et compte de résultat (format=pdf|xlsx)',
    compute: (scope, q) => etatsFinanciers(scoped(app.db, scope), requireDates(q)),
    document: etatsFinanciersRapport,
  });

  endpointRoute(app, cloturesEndpoint, {
    tags,
    summary: 'Exercices clôturés et prochain exercice à clôturer',
    handler: async (request) => ok(await listClotures(scoped(app.db, currentScope(request)))),
  });

  endpointRoute(app, cloturerEndpoint, {
    tags,
    summary:
      "Clôture d'un exercice : résultat porté en 13 puis en report à nouveau, plus aucune écriture datée dans l'exercice",
    handler: async (request) => {
      const c = await cloturerExercice(app.db, currentScope(request), request.body);
      return ok(c, `L'exercice ${c.annee} est clôturé.`);
    },
  });

  app.get(
    exportComptableEndpoint.path,
    {
      schema: {
        tags,
        summary: "Écritures d'une période pour le logiciel du comptable (format=csv|xlsx)",
        querystring: exportComptableEndpoint.query,
      },
    },
    async (request, reply) => {
      const scope = currentScope(request);
      const periode = requireDates(request.query);
      const lignes = await lignesExport(scoped(app.db, scope), periode);
      if (request.query.format === 'xlsx')
        return envoyerRapport(
          app,
          reply,
          scope,
          'xlsx',
          exportRapport(lignes, periode.date_debut, periode.date_fin),
        );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="ecritures-${periode.date_debut}-${periode.date_fin}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(csvFile(lignesCsv(lignes)));
    },
  );
};

export default rapportsRoutes;
