import {
  rapportEvenementsEndpoint,
  rapportResumeEndpoint,
  rapportZonesEndpoint,
  zonesContract,
} from '@yams/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { crudRoutes } from '../../lib/crud-routes';
import type { Scope } from '../../plugins/auth';
import { rapportRoute } from '../accounting/rapport.route';
import { getRapportEvenements } from './evenements-rapport.service';
import { sharedIngest } from './ingest';
import { evenementsRapport, resumeRapport, zonesRapport } from './rapports-gps.documents';
import { getRapportResume } from './resume.service';
import { getZone, listZones } from './zones.repository';
import { createZone, destroyZone, updateZone } from './zones.service';
import { getRapportZones } from './zones-rapport.service';

// The tracking reports (issue 28): each answers its JSON in the envelope, or its file (`format=xlsx|pdf`),
// printed as the accountant's reports are (accounting/rapport.pdf.ts, rapport.xlsx.ts).

const rapportsGpsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);
  const tags = ['Géolocalisation : rapports'];

  rapportRoute(app, rapportResumeEndpoint, {
    tags,
    summary:
      'Résumé par véhicule et par conducteur sur une période : distance, conduite, arrêts, vitesse maximale, ralenti, positions, jours sans données (format=xlsx|pdf pour le fichier)',
    compute: (scope, q) => getRapportResume(app.db, scope, q),
    document: resumeRapport,
  });

  rapportRoute(app, rapportZonesEndpoint, {
    tags,
    summary:
      'Temps sur site : chaque visite d’une zone (ou du chargement, du déchargement d’une course) sur une période, par zone, véhicule ou client (format=xlsx|pdf pour le fichier)',
    compute: (scope, q) => getRapportZones(app.db, scope, q),
    document: zonesRapport,
  });

  rapportRoute(app, rapportEvenementsEndpoint, {
    tags,
    summary:
      'Événements GPS sur une période : excès de vitesse, arrêts prolongés hors zone, ralentis, appareils silencieux, entrées et sorties de zone, chacun avec son lieu (format=xlsx|pdf pour le fichier)',
    compute: (scope, q) => getRapportEvenements(app.db, scope, q),
    document: evenementsRapport,
  });

  // The alerts of the ingest read the company's zones again at once (zone enter/exit; a superadmin's
  // change: every company's).
  const ingest = sharedIngest(app);
  const fraiche = <R>(scope: Scope, result: R) => {
    ingest.forgetAlertes(scope.entrepriseId);
    return result;
  };

  crudRoutes(app, zonesContract, {
    tags: ['Géolocalisation : zones'],
    nom: { un: 'une zone', des: 'les zones' },
    list: (scope, q) => listZones(app.db, scope, q),
    get: (scope, id) => getZone(app.db, scope, id),
    options: { label: (z) => z.nom },
    create: {
      run: async (scope, body) => fraiche(scope, await createZone(app.db, scope, body)),
      message: (z) => `La zone ${z.nom} a été ajoutée.`,
    },
    update: {
      run: async (scope, id, body) => fraiche(scope, await updateZone(app.db, scope, id, body)),
      message: (z) => `La zone ${z.nom} a été modifiée.`,
    },
    destroy: async (scope, id) => {
      return fraiche(scope, await destroyZone(app.db, scope, id));
    },
    missing: (id) => `La zone n°${id} n'existe pas.`,
  });
};

export default rapportsGpsRoutes;
