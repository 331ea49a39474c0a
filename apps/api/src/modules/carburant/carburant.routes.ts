import {
  carburantContract,
  consommationCarburantEndpoint,
  importCarburantEndpoint,
  kilometrageVehiculeEndpoint,
  PHOTO_CHAUFFEUR_REGLE,
  recuCarburantEndpoint,
} from '@yams/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { crudRoutes } from '../../lib/crud-routes';
import { endpointRoute } from '../../lib/endpoint-routes';
import { AppError } from '../../lib/errors';
import { ok } from '../../lib/http';
import { importErrors, importMessage } from '../../lib/import';
import { StoredFiles } from '../../lib/stored-files';
import { acceptUploads } from '../../lib/uploads';
import { currentScope } from '../../plugins/auth';
import { findVehicule } from '../fleet/vehicules.repository';
import { getPlein, listPleins } from './carburant.repository';
import { createPlein, destroyPlein, importerPleins, joindreRecu, updatePlein } from './carburant.service';
import { relevesKilometrage } from './compteur.repository';
import { consommation } from './consommation.repository';

const tags = ['Parc automobile — carburant'];
/** An import's body: its 2,000 lines at up to 2 KiB each (as the reference tables'). */
const IMPORT_BODY_LIMIT = 4 * 1024 * 1024;

const carburantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);
  // The receipt's photo: the same store and rule as the driver's app's photos (GET /api/photos-chauffeur/{id}).
  await acceptUploads(app, PHOTO_CHAUFFEUR_REGLE, 'photo');
  const files = new StoredFiles(app.config.dataDir, 'chauffeur', PHOTO_CHAUFFEUR_REGLE);

  endpointRoute(app, consommationCarburantEndpoint, {
    tags,
    summary:
      'Consommation par véhicule et par mois, plein complet à plein complet (date_debut, date_fin : 12 derniers mois par défaut)',
    handler: async (request) => ok(await consommation(app.db, currentScope(request), request.query)),
  });

  crudRoutes(app, carburantContract, {
    tags,
    nom: { un: 'un plein de carburant', des: 'les pleins de carburant' },
    summary: {
      list: 'Pleins de carburant (filtres vehicule, chauffeur, course, mode_paiement, saisie, anomalie, plein_complet, date_debut/date_fin, search)',
      create:
        'Enregistre un plein (montant ou prix au litre) ; ses anomalies sont calculées une fois et notifiées au bureau',
    },
    list: (scope, q) => listPleins(app.db, scope, q),
    get: (scope, id) => getPlein(app.db, scope, id),
    create: {
      run: (scope, body) => createPlein(app.db, scope, body),
      message: (p) =>
        p.anomalies.length
          ? `Le plein a été enregistré, avec ${p.anomalies.length} anomalie${p.anomalies.length > 1 ? 's' : ''}.`
          : 'Le plein a été enregistré.',
    },
    update: {
      run: (scope, id, body) => updatePlein(app.db, scope, id, body),
      message: () => 'Le plein a été modifié.',
    },
    destroy: (scope, id) => destroyPlein(app.db, files, scope, id),
    missing: (id) => `Le plein n°${id} n'existe pas.`,
  });

  endpointRoute(app, recuCarburantEndpoint, {
    tags,
    summary:
      'Joint la photo du reçu au plein ou remplace la sienne (multipart/form-data, champ « photo », 300 Ko)',
    handler: async (request) => {
      const scope = currentScope(request);
      await joindreRecu(app.db, files, scope, request.params.id, request.body.photo);
      return ok(await getPlein(app.db, scope, request.params.id), 'Le reçu a été joint au plein.');
    },
  });

  endpointRoute(app, importCarburantEndpoint, {
    tags,
    summary:
      "Import d'un relevé de carte carburant (plaque, date, litres, prix au litre ou montant…), tout ou rien",
    bodyLimit: IMPORT_BODY_LIMIT,
    handler: async (request) => {
      const report = await importerPleins(app.db, currentScope(request), request.body);
      if (report.erreurs.length && !request.body.apercu) {
        throw new AppError('import.invalide', 422, importErrors(report), report);
      }
      return ok(report, importMessage(report, request.body.apercu));
    },
  });

  // The odometer of a vehicle, from its fills (office, import, driver's app) and its interventions.
  endpointRoute(app, kilometrageVehiculeEndpoint, {
    tags: ['Parc automobile — véhicules'],
    summary:
      'Les relevés du compteur d’un véhicule (pleins, interventions, application chauffeur), du plus récent',
    handler: async (request) => {
      const scope = currentScope(request);
      await findVehicule(app.db, scope, request.params.id);
      return ok(await relevesKilometrage(app.db, scope, request.params.id));
    },
  });
};

export default carburantRoutes;
