import {
  type EndpointContract,
  type EndpointResponse,
  type StatistiquesQuery,
  statistiquesEndpoints as stats,
} from '@yams/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-routes';
import { ok } from '../../lib/http';
import { currentScope } from '../../plugins/auth';
import * as repo from './statistics.repository';
import { bornesOf, kpis, statsScope, tableauDeBord } from './statistics.service';

const tags = ['Tableau de bord'];
const PERIODE =
  'periode = jour | semaine | mois (défaut) | annee, ou date_debut et date_fin ; entreprise = id (superadmin)';

const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  /** One GET route of `statistiquesEndpoints` answering `compute(scope, query)`. */
  function route<E extends EndpointContract & { query: typeof stats.kpis.query }>(
    contract: E,
    summary: string,
    compute: (s: repo.StatsScope, q: StatistiquesQuery) => Promise<EndpointResponse<E>>,
  ) {
    endpointRoute(app, contract, {
      tags,
      summary: `${summary} (${PERIODE})`,
      handler: async (request) => {
        const q = request.query as StatistiquesQuery;
        const s = await statsScope(app.db, currentScope(request), q);
        return compute(s, q).then((data) => ok(data));
      },
    });
  }

  route(
    stats.kpis,
    'Courses, chiffre d’affaires, clients et chauffeurs de la période, et leurs tendances',
    kpis,
  );
  route(
    stats.chiffreAffaires,
    'Chiffre d’affaires par heure, jour ou mois',
    async (s, q) => (await repo.series(s, bornesOf(s, q))).chiffreAffaires,
  );
  route(
    stats.coursesCount,
    'Nombre de courses par heure, jour ou mois',
    async (s, q) => (await repo.series(s, bornesOf(s, q))).coursesCount,
  );
  route(stats.topClients, 'Les 10 clients au plus fort montant', (s, q) =>
    repo.topClients(s, bornesOf(s, q)),
  );
  route(stats.topDrivers, 'Les 10 chauffeurs ayant fait le plus de courses', (s, q) =>
    repo.topDrivers(s, bornesOf(s, q)),
  );
  route(
    stats.repartitionByType,
    'Courses par type (montants hors annulées)',
    async (s, q) => (await repo.repartitions(s, bornesOf(s, q))).repartitionByType,
  );
  route(
    stats.repartitionByStatus,
    'Courses par statut',
    async (s, q) => (await repo.repartitions(s, bornesOf(s, q))).repartitionByStatus,
  );
  route(
    stats.statutsSerie,
    'Courses par statut et par heure, jour ou mois',
    async (s, q) => (await repo.series(s, bornesOf(s, q))).statutsSerie,
  );
  route(stats.paiementsByMode, 'Paiements validés par mode', (s, q) =>
    repo.paiementsParMode(s, bornesOf(s, q)),
  );
  route(stats.utilisationFlotte, 'Taux d’utilisation de la flotte par type de véhicule', (s, q) =>
    repo.utilisationFlotte(s, bornesOf(s, q)),
  );
  route(stats.coutMaintenance, 'Coût des interventions confirmées par véhicule', (s, q) =>
    repo.coutMaintenance(s, bornesOf(s, q)),
  );
  route(stats.objectif, 'Chiffre d’affaires du mois face à l’objectif mensuel', (s, q) =>
    repo.objectif(s, bornesOf(s, q)),
  );
  route(stats.tableauDeBord, 'Tous les chiffres du tableau de bord en un appel', tableauDeBord);
};

export default statisticsRoutes;
