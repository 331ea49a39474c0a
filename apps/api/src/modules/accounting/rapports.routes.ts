import {
  balanceAgeeEndpoint,
  csvFile,
  exportComptableEndpoint,
  grandLivreEndpoint,
  JOURNAL_FILTRE_DATES,
  releveEndpoint,
  todayInGabon,
} from '@yams/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { scoped } from '../../db/scoped';
import { type DateRange, requireDateRange } from '../../lib/filters-dates';
import { ok } from '../../lib/http';
import { currentScope, type Scope } from '../../plugins/auth';
import { balanceAgee } from './balance-agee.repository';
import { exportRapport, lignesCsv, lignesExport } from './export-comptable';
import { grandLivre, LIGNES_MAX_FICHIER } from './grand-livre.repository';
import type { Rapport } from './rapport';
import { rapportPdf } from './rapport.pdf';
import { rapportXlsx } from './rapport.xlsx';
import { balanceAgeeRapport, grandLivreRapport, releveRapport } from './rapports.documents';
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

  app.get(
    balanceAgeeEndpoint.path,
    {
      schema: {
        tags,
        summary: 'Balance âgée clients à une date (format=pdf|xlsx pour le fichier)',
        querystring: balanceAgeeEndpoint.query,
      },
    },
    async (request, reply) => {
      const scope = currentScope(request);
      const q = request.query;
      const b = await balanceAgee(scoped(app.db, scope), q.date ?? todayInGabon(), q.client);
      if (q.format === 'pdf' || q.format === 'xlsx')
        return fichier(reply, scope, q.format, balanceAgeeRapport(b));
      return reply.send(ok(balanceAgeeEndpoint.response.parse(b)));
    },
  );

  app.get(
    releveEndpoint.path,
    {
      schema: {
        tags,
        summary: "Relevé de compte d'un client sur une période (format=pdf pour l'envoyer)",
        params: releveEndpoint.params,
        querystring: releveEndpoint.query,
      },
    },
    async (request, reply) => {
      const scope = currentScope(request);
      const periode = requireDates(request.query);
      const r = await releveCompte(scoped(app.db, scope), request.params.id, periode);
      if (request.query.format === 'pdf') return fichier(reply, scope, 'pdf', releveRapport(r));
      return reply.send(ok(releveEndpoint.response.parse(r)));
    },
  );

  app.get(
    grandLivreEndpoint.path,
    {
      schema: {
        tags,
        summary: 'Grand livre d’une période, par compte ou par tiers (format=pdf|xlsx pour le fichier)',
        querystring: grandLivreEndpoint.query,
      },
    },
    async (request, reply) => {
      const scope = currentScope(request);
      const q = request.query;
      const g = await grandLivre(
        scoped(app.db, scope),
        { ...requireDates(q), compte: q.compte, tiers: q.tiers },
        q.format === 'xlsx' ? { max: LIGNES_MAX_FICHIER } : {},
      );
      if (q.format === 'pdf' || q.format === 'xlsx')
        return fichier(reply, scope, q.format, grandLivreRapport(g));
      return reply.send(ok(grandLivreEndpoint.response.parse(g)));
    },
  );

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
