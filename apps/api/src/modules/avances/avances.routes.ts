import {
  attachablesAvanceEndpoint,
  avancesContract,
  chauffeurAvancesEndpoint,
  PHOTO_CHAUFFEUR_REGLE,
  type QueryOf,
  recuDepenseAvanceEndpoint,
} from '@yams/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { crudRoutes } from '../../lib/crud-routes';
import { endpointRoute } from '../../lib/endpoint-routes';
import { ok } from '../../lib/http';
import { StoredFiles } from '../../lib/stored-files';
import { acceptUploads } from '../../lib/uploads';
import { currentScope } from '../../plugins/auth';
import { findAvance, getAvance, lignesChauffeur, listAvances } from './avances.repository';
import {
  annuler,
  createAvance,
  joindreRecuDepense,
  justifier,
  solder,
  updateAvance,
} from './avances.service';

const tags = ['Comptabilité — avances de frais de route'];

/** The office's routes (a transporteur or a superadmin of the back-office). */
const bureauRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);
  // A receipt's photo: the same store and rule as the driver's app's photos (GET /api/photos-chauffeur/{id}).
  await acceptUploads(app, PHOTO_CHAUFFEUR_REGLE, 'photo');
  const files = new StoredFiles(app.config.dataDir, 'chauffeur', PHOTO_CHAUFFEUR_REGLE);

  crudRoutes(app, avancesContract, {
    tags,
    nom: { un: 'une avance de frais de route', des: 'les avances de frais de route' },
    summary: {
      list: 'Avances de frais de route (filtres chauffeur, course, statut, date_debut/date_fin du jour de remise, search)',
      detail:
        'Une avance : ce qui a été remis, ses justificatifs (pleins, frais de route, dépenses), le reste',
      create:
        'Remet une avance à un chauffeur pour une course ou une période (écriture 4211 / trésorerie) ; ses pleins « avance » et frais de route déjà saisis la justifient aussitôt',
      update:
        "Modifie une avance ouverte (l'écriture de remise est contre-passée et repassée si le montant, le mode ou la date changent)",
    },
    list: (scope, q) => listAvances(app.db, scope, q),
    get: (scope, id) => getAvance(app.db, scope, id),
    options: { label: (a) => `${a.numero} — ${a.chauffeur.nom_complet}` },
    create: {
      run: (scope, body) => createAvance(app.db, scope, body),
      message: (a) => `L'avance ${a.numero} a été remise à ${a.chauffeur.nom_complet}.`,
    },
    update: {
      run: (scope, id, body) => updateAvance(app.db, scope, id, body),
      message: (a) => `L'avance ${a.numero} a été modifiée.`,
    },
    actions: {
      justificatifs: {
        summary:
          'Rattache ou détache un plein (payé « avance ») ou un frais de route du chauffeur, ou saisit une dépense du bureau (nature, montant, TVA récupérable) ; chaque justificatif est passé en écriture (charge / 4211)',
        run: (scope, id, body) => justifier(app.db, files, scope, id, body),
      },
      solder: {
        summary:
          "Solde l'avance au franc près : le reste rendu par le chauffeur (trésorerie / 4211) ou le complément qui lui est versé (4211 / trésorerie)",
        run: (scope, id, body) => solder(app.db, scope, id, body),
      },
      annuler: {
        summary: 'Annule une avance ouverte : ses écritures sont contre-passées, ses pleins et frais libérés',
        run: (scope, id, body) => annuler(app.db, scope, id, body?.motif ?? null),
      },
    },
  });

  endpointRoute(app, recuDepenseAvanceEndpoint, {
    tags,
    summary:
      "Joint la photo du reçu à une dépense saisie au bureau sur l'avance, ou remplace la sienne (multipart/form-data, champs « depense_id » et « photo », 300 Ko)",
    handler: async (request) => {
      const scope = currentScope(request);
      await joindreRecuDepense(
        app.db,
        files,
        scope,
        request.params.id,
        request.body.depense_id,
        request.body.photo,
      );
      return ok(await getAvance(app.db, scope, request.params.id), 'Le reçu a été joint à la dépense.');
    },
  });

  endpointRoute(app, attachablesAvanceEndpoint, {
    tags,
    summary:
      'Les pleins (payés « avance » ou sans mode) et frais de route du chauffeur qui ne justifient encore aucune avance',
    handler: async (request) => {
      const a = await findAvance(app.db, currentScope(request), request.params.id);
      return ok(await lignesChauffeur(app.db, a.entreprise_id, a.chauffeur_id, null));
    },
  });
};

/** The driver's app: his own advances and where each stands (what he returns, or is owed). */
const chauffeurRoutes: FastifyPluginAsyncZod = async (app) => {
  endpointRoute(app, chauffeurAvancesEndpoint, {
    tags: ['Application chauffeur'],
    access: 'chauffeur',
    summary: 'Mes avances de frais de route : remis, justifié, reste (les 20 dernières)',
    handler: async (request) => {
      const scope = currentScope(request);
      const q = { chauffeur: scope.user.id } as QueryOf<typeof avancesContract>;
      return ok(await listAvances(app.db, scope, q).rows(20, 0));
    },
  });
};

const avancesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(bureauRoutes);
  await app.register(chauffeurRoutes);
};

export default avancesRoutes;
