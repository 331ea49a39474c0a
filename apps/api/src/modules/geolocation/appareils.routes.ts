import {
  appareilsContract,
  appareilsInconnusEndpoint,
  courseEvenementsEndpoint,
  creerLienSuiviEndpoint,
  enregistrerInconnuEndpoint,
  gpsServeurEndpoint,
  liensSuiviEndpoint,
  rapportTrajetsEndpoint,
  revoquerLiensSuiviEndpoint,
  traceEndpoint,
  traceExportEndpoint,
} from '@yams/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { crudRoutes } from '../../lib/crud-routes';
import { endpointRoute, fileRoute } from '../../lib/endpoint-routes';
import { ok } from '../../lib/http';
import { currentScope } from '../../plugins/auth';
import { getAppareilOut, listAppareils, listInconnus } from './appareils.repository';
import { createAppareil, destroyAppareil, registerInconnu, updateAppareil } from './appareils.service';
import { gpsAddress } from './gps.routes';
import type { Ingest } from './ingest';
import { getRapportTrajets } from './rapports.service';
import { createLien, listLiens, revokeLiens } from './suivi.service';
import { exportTrace, getTrace, listEvenements } from './trace.service';

const tags = ['Géolocalisation'];

/** The signed-in routes of geolocation: devices, tracks, course events and tracking links. */
export function appareilsRoutes(ingest: Ingest): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preHandler', app.authenticate);

    crudRoutes(app, appareilsContract, {
      tags,
      nom: { un: 'un appareil', des: 'les appareils' },
      list: (scope, q) => listAppareils(app.db, scope, q),
      get: (scope, id) => getAppareilOut(app.db, scope, id),
      options: { label: (a) => (a.vehicule ? `${a.nom} · ${a.vehicule.plaque}` : a.nom) },
      create: {
        run: (scope, body) => createAppareil(app.db, scope, body),
        message: (a) => `L'appareil ${a.nom} a été ajouté.`,
      },
      update: {
        run: async (scope, id, body) => {
          for (const identifiant of await updateAppareil(app.db, scope, id, body))
            ingest.forgetDevice(identifiant);
        },
        message: (a) => `L'appareil ${a.nom} a été modifié.`,
      },
      destroy: async (scope, id) => {
        const { message, identifiant } = await destroyAppareil(app.db, scope, id);
        ingest.forgetDevice(identifiant);
        return message;
      },
      missing: (id) => `L'appareil n°${id} n'existe pas.`,
    });

    endpointRoute(app, appareilsInconnusEndpoint, {
      tags,
      summary:
        "Superadmin : identifiants qui ont envoyé des positions sans être enregistrés ('Appareil inconnu')",
      handler: async (request) => ok(await listInconnus(app.db, currentScope(request))),
    });

    endpointRoute(app, gpsServeurEndpoint, {
      tags,
      summary: "Où les appareils envoient : le port du récepteur OsmAnd (GPS_PORT) s'il est ouvert",
      handler: async () => ok({ port_gps: gpsAddress(app.config)?.port ?? null }),
    });

    endpointRoute(app, enregistrerInconnuEndpoint, {
      tags,
      summary: "Superadmin : enregistre un identifiant inconnu comme appareil d'une entreprise",
      handler: async (request) => {
        const scope = currentScope(request);
        const id = await registerInconnu(app.db, scope, request.body);
        ingest.forgetDevice(request.body.identifiant);
        const a = await getAppareilOut(app.db, scope, id);
        return ok(a, `L'appareil ${a.nom} a été enregistré.`);
      },
    });

    endpointRoute(app, traceEndpoint, {
      tags,
      summary: "Trajet d'un appareil sur des jours (points, arrêts, distance et temps de conduite par jour)",
      handler: async (request) =>
        ok(await getTrace(app.db, currentScope(request), request.params.id, request.query)),
    });

    fileRoute(app, traceExportEndpoint, {
      tags,
      summary: 'Export CSV ou Excel des jours du trajet (distance, temps de conduite, arrêts)',
      handler: async (request, res) => {
        const { format, ...q } = request.query;
        const trace = await getTrace(app.db, currentScope(request), request.params.id, q);
        const file = await exportTrace(trace, format);
        return res
          .header('cache-control', 'no-store')
          .header('content-type', file.type)
          .header(
            'content-disposition',
            `attachment; filename="${file.filename}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
          )
          .send(file.body);
      },
    });

    endpointRoute(app, rapportTrajetsEndpoint, {
      tags,
      summary:
        "Trajets et arrêts d'un appareil sur des jours : lieux (adresse enregistrée la plus proche), distance, durée, vitesses, course en cours",
      handler: async (request) => ok(await getRapportTrajets(app.db, currentScope(request), request.query)),
    });

    endpointRoute(app, courseEvenementsEndpoint, {
      tags,
      summary: "Événements GPS d'une course (arrivée et départ au chargement et à destination)",
      handler: async (request) => ok(await listEvenements(app.db, currentScope(request), request.params.id)),
    });

    endpointRoute(app, liensSuiviEndpoint, {
      tags,
      summary: "Liens de suivi publics d'une course (sans leurs jetons)",
      handler: async (request) => ok(await listLiens(app.db, currentScope(request), request.params.id)),
    });

    endpointRoute(app, creerLienSuiviEndpoint, {
      tags,
      summary: 'Crée un lien de suivi public de la course (le jeton est donné une seule fois)',
      handler: async (request) => {
        const lien = await createLien(app.db, currentScope(request), request.params.id, app.config.appUrl);
        return ok(lien, 'Le lien de suivi a été créé.');
      },
    });

    endpointRoute(app, revoquerLiensSuiviEndpoint, {
      tags,
      summary: 'Révoque les liens de suivi actifs de la course',
      handler: async (request) => {
        const { code, n } = await revokeLiens(app.db, currentScope(request), request.params.id);
        const message =
          n === 0
            ? `La course ${code} n'a aucun lien de suivi actif.`
            : n === 1
              ? `Le lien de suivi de la course ${code} a été révoqué.`
              : `Les ${n} liens de suivi de la course ${code} ont été révoqués.`;
        return ok({ revoques: n }, message);
      },
    });
  };
}
