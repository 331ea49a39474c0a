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
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { scoped } from '../../db/scoped';
import { endpointRoute } from '../../lib/endpoint-routes';
import { type DateRange, requireDateRange } from '../../lib/filters-dates';
import { ok } from '../../lib/http';
import { currentScope, type Scope } from '../../plugins/auth';
import { balanceAgee } from './balance-agee.repository';
import { cloturerExercice, etatsFinanciers, listClotures } from './etats-financiers';
import { exportRapport, lignesCsv, lignesExport } from './export-comptable';
import { grandLivre, LIGNES_MAX_FICHIER } from './grand-livre.repository';
import type { Rapport } from './rapport';
import { rapportPdf } from './rapport.pdf';
import { rapportXlsx } from './rapport.xlsx';
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

/** `Relevé Société Ndong 2026` → `Releve-Societe-Ndong-2026`: a file name any system keeps. */
const nomFichier = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 120);

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const rapportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);
  const tags = ['Comptabilité : états'];

  /** The report as a file (PDF or Excel), in the company of the scope. */
  async function fichier(reply: FastifyReply, scope: Scope, format: 'pdf' | 'xlsx', r: Rapport) {
    const nom = `${nomFichier(r.fichier)}.${format}`;
    const body =
      format === 'pdf'
        ? await rapportPdf(app.db, scope.entrepriseId!, app.config.dataDir, r)
        : await rapportXlsx(r);
    return reply
      .header('content-type', format === 'pdf' ? 'application/pdf' : XLSX)
      .header('content-disposition', `${format === 'pdf' ? 'inline' : 'attachment'}; filename="${nom}"`)
      .header('cache-control', 'no-store')
      .send(body);
  }

  /**
   * A report route: its JSON in the envelope (checked by the contract's response), or with `format=pdf|xlsx`
   * the same answer printed (`document`). Declared by hand, not by `endpointRoute`: the answer is a file or
   * the envelope, so the OpenAPI document publishes the query, not the response.
   */
  function rapportRoute<Q extends { format?: string }, P, D>(
    contract: {
      path: string;
      query?: z.ZodType<Q>;
      params?: z.ZodType<P>;
      response: z.ZodType<unknown>;
    },
    summary: string,
    compute: (scope: Scope, query: Q, params: P) => Promise<D>,
    document: (data: D) => Rapport,
  ) {
    app.get(
      contract.path,
      {
        schema: {
          tags,
          summary,
          querystring: contract.query,
          ...(contract.params ? { params: contract.params } : {}),
        },
      },
      async (request, reply) => {
        const scope = currentScope(request);
        const query = request.query as Q;
        const data = await compute(scope, query, request.params as P);
        if (query.format === 'pdf' || query.format === 'xlsx') {
          return fichier(reply, scope, query.format, document(data));
        }
        return reply.send(ok(contract.response.parse(data)));
      },
    );
  }

  rapportRoute(
    balanceAgeeEndpoint,
    'Balance âgée clients à une date (format=pdf|xlsx pour le fichier)',
    (scope, q) => balanceAgee(scoped(app.db, scope), q.date ?? todayInGabon(), q.client),
    balanceAgeeRapport,
  );

  rapportRoute(
    releveEndpoint,
    "Relevé de compte d'un client sur une période (format=pdf pour l'envoyer)",
    (scope, q, params) => releveCompte(scoped(app.db, scope), params.id, requireDates(q)),
    releveRapport,
  );

  rapportRoute(
    grandLivreEndpoint,
    'Grand livre d’une période, par compte ou par tiers (format=pdf|xlsx pour le fichier)',
    (scope, q) =>
      grandLivre(
        scoped(app.db, scope),
        { ...requireDates(q), compte: q.compte, tiers: q.tiers },
        q.format === 'xlsx' ? { max: LIGNES_MAX_FICHIER } : {},
      ),
    grandLivreRapport,
  );

  rapportRoute(
    etatsFinanciersEndpoint,
    'États financiers SYSCOHADA : bilan à la fin de la période et compte de résultat (format=pdf|xlsx)',
    (scope, q) => etatsFinanciers(scoped(app.db, scope), requireDates(q)),
    etatsFinanciersRapport,
  );

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
        return fichier(reply, scope, 'xlsx', exportRapport(lignes, periode.date_debut, periode.date_fin));
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
