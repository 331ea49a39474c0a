import {
  CoutMaintenanceOut,
  KpisOut,
  ObjectifOut,
  PaiementsModeOut,
  RepartitionStatusOut,
  RepartitionTypeOut,
  SerieOut,
  StatistiquesQuery,
  StatutsSerieOut,
  TableauDeBordOut,
  TopClientsOut,
  TopDriversOut,
  UtilisationFlotteOut,
} from '@yams/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ok, reply } from '../../lib/http';
import { currentScope } from '../../plugins/auth';
import * as repo from './statistics.repository';
import { bornesOf, kpis, statsScope, tableauDeBord } from './statistics.service';

const tags = ['Tableau de bord'];
const PERIODE =
  'periode = jour | semaine | mois (défaut) | annee, ou date_debut et date_fin ; entreprise = id (superadmin)';

const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  /** One GET route answering `compute(scope, query)`. */
  function route<T extends z.ZodType>(
    path: string,
    summary: string,
    out: T,
    compute: (s: repo.StatsScope, q: StatistiquesQuery) => Promise<z.infer<T>>,
  ) {
    app.get(
      `/api/statistiques/${path}`,
      {
        schema: {
          tags,
          summary: `${summary} (${PERIODE})`,
          querystring: StatistiquesQuery,
          response: reply(out),
        },
      },
      async (request: FastifyRequest<{ Querystring: StatistiquesQuery }>) => {
        const s = await statsScope(app.db, currentScope(request), request.query);
        return ok(await compute(s, request.query));
      },
    );
  }

  route(
    'kpis',
    'Courses, chiffre d’affaires, clients et chauffeurs de la période, et leurs tendances',
    KpisOut,
    kpis,
  );
  route(
    'chiffre-affaires',
    'Chiffre d’affaires par heure, jour ou mois',
    SerieOut,
    async (s, q) => (await repo.series(s, bornesOf(s, q))).chiffreAffaires,
  );
  route(
    'courses-count',
    'Nombre de courses par heure, jour ou mois',
    SerieOut,
    async (s, q) => (await repo.series(s, bornesOf(s, q))).coursesCount,
  );
  route('top-clients', 'Les 10 clients au plus fort montant', TopClientsOut, (s, q) =>
    repo.topClients(s, bornesOf(s, q)),
  );
  route('top-drivers', 'Les 10 chauffeurs ayant fait le plus de courses', TopDriversOut, (s, q) =>
    repo.topDrivers(s, bornesOf(s, q)),
  );
  route(
    'repartition-by-type',
    'Courses par type (montants hors annulées)',
    RepartitionTypeOut,
    async (s, q) => (await repo.repartitions(s, bornesOf(s, q))).repartitionByType,
  );
  route(
    'repartition-by-status',
    'Courses par statut',
    RepartitionStatusOut,
    async (s, q) => (await repo.repartitions(s, bornesOf(s, q))).repartitionByStatus,
  );
  route(
    'statuts-serie',
    'Courses par statut et par heure, jour ou mois',
    StatutsSerieOut,
    async (s, q) => (await repo.series(s, bornesOf(s, q))).statutsSerie,
  );
  route('paiements-by-mode', 'Paiements validés par mode', PaiementsModeOut, (s, q) =>
    repo.paiementsParMode(s, bornesOf(s, q)),
  );
  route(
    'utilisation-flotte',
    'Taux d’utilisation de la flotte par type de véhicule',
    UtilisationFlotteOut,
    (s, q) => repo.utilisationFlotte(s, bornesOf(s, q)),
  );
  route('cout-maintenance', 'Coût des interventions confirmées par véhicule', CoutMaintenanceOut, (s, q) =>
    repo.coutMaintenance(s, bornesOf(s, q)),
  );
  route('objectif', 'Chiffre d’affaires du mois face à l’objectif mensuel', ObjectifOut, (s, q) =>
    repo.objectif(s, bornesOf(s, q)),
  );
  route(
    'tableau-de-bord',
    'Tous les chiffres du tableau de bord en un appel',
    TableauDeBordOut,
    tableauDeBord,
  );
};

export default statisticsRoutes;
