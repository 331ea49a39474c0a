import fs from 'node:fs';
import {
  chauffeurCarburantEndpoint,
  chauffeurCourseEndpoint,
  chauffeurCoursesEndpoint,
  chauffeurEtapeEndpoint,
  chauffeurFraisEndpoint,
  chauffeurIncidentEndpoint,
  chauffeurLivraisonEndpoint,
  chauffeurPositionsEndpoint,
  chauffeursActiviteEndpoint,
  chauffeurTelephoneEndpoint,
  courseCodeLivraisonEndpoint,
  courseFicheEndpoint,
  courseJournalRouteEndpoint,
  LIVRAISON_PHOTOS_MAX,
  PHOTO_CHAUFFEUR_REGLE,
  photoChauffeurEndpoint,
  traiterIncidentEndpoint,
} from '@yams/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { scoped } from '../../db/scoped';
import { endpointRoute, fileRoute } from '../../lib/endpoint-routes';
import { ok } from '../../lib/http';
import { StoredFiles } from '../../lib/stored-files';
import { acceptUploads } from '../../lib/uploads';
import { currentScope } from '../../plugins/auth';
import { sharedIngest } from '../geolocation/ingest';
import { getCourseOut } from '../operations/courses.repository';
import { activiteChauffeurs } from './activite.repository';
import { definirCodeLivraison, traiterIncident } from './bureau.service';
import { photoNotFound } from './chauffeur.errors';
import { photosChauffeur } from './chauffeur.table';
import { getCourseChauffeur, listCoursesChauffeur } from './courses-chauffeur.repository';
import { fichePdf } from './fiche.pdf';
import { journalRoute } from './journal.repository';
import {
  enregistrerCarburant,
  enregistrerEtape,
  enregistrerFrais,
  enregistrerIncident,
  enregistrerLivraison,
} from './releves.service';
import { enregistrerPositions, telephoneChauffeur } from './telephone.service';

const tags = ['Application chauffeur'];

const photos = (app: FastifyInstance) =>
  new StoredFiles(app.config.dataDir, 'chauffeur', PHOTO_CHAUFFEUR_REGLE);

/**
 * `/api/chauffeur/…`: a token of the driver's app only (`access: 'chauffeur'` on each route, plugins/auth.ts),
 * his own courses only.
 */
const appRoutes: FastifyPluginAsyncZod = async (app) => {
  // A signature and the photos of a delivery in one form; one photo with a fuel record, an expense, an incident.
  await acceptUploads(
    app,
    PHOTO_CHAUFFEUR_REGLE,
    'photos',
    undefined,
    app.authenticateChauffeur,
    LIVRAISON_PHOTOS_MAX + 1,
  );
  const files = photos(app);

  endpointRoute(app, chauffeurCoursesEndpoint, {
    tags,
    access: 'chauffeur',
    summary: 'Mes courses : celles du jour (et les courses encore ouvertes) et les deux semaines à venir',
    handler: async (request) => ok(await listCoursesChauffeur(app.db, currentScope(request))),
  });

  endpointRoute(app, chauffeurCourseEndpoint, {
    tags,
    access: 'chauffeur',
    summary: 'Une de mes courses, avec ses étapes, sa livraison, le carburant, les frais et incidents',
    handler: async (request) => {
      const scope = currentScope(request);
      const course = await getCourseChauffeur(app.db, scope, request.params.id);
      return ok({ ...course, ...(await journalRoute(app.db, scope, course.id)) });
    },
  });

  endpointRoute(app, chauffeurEtapeEndpoint, {
    tags,
    access: 'chauffeur',
    summary:
      'Enregistre une étape (heure et position du téléphone) ; id_client rend le renvoi sans effet, une étape déjà dépassée est gardée sans faire reculer la course',
    handler: async (request) => {
      const etape = await enregistrerEtape(app.db, currentScope(request), request.params.id, request.body);
      return ok(etape, `Étape « ${etape.statut} » enregistrée.`);
    },
  });

  endpointRoute(app, chauffeurLivraisonEndpoint, {
    tags,
    access: 'chauffeur',
    summary: `Preuve de livraison (multipart : receptionnaire, signature, jusqu'à ${LIVRAISON_PHOTOS_MAX} photos de 300 Ko)`,
    handler: async (request) =>
      ok(
        await enregistrerLivraison(app.db, files, currentScope(request), request.params.id, request.body),
        'Livraison enregistrée.',
      ),
  });

  endpointRoute(app, chauffeurCarburantEndpoint, {
    tags,
    access: 'chauffeur',
    summary: 'Un plein ou un complément de carburant (multipart, photo du reçu facultative)',
    handler: async (request) =>
      ok(
        await enregistrerCarburant(app.db, files, currentScope(request), request.body),
        'Carburant enregistré.',
      ),
  });

  endpointRoute(app, chauffeurFraisEndpoint, {
    tags,
    access: 'chauffeur',
    summary: 'Des frais de route sur une course (multipart, photo facultative)',
    handler: async (request) =>
      ok(await enregistrerFrais(app.db, files, currentScope(request), request.body), 'Frais enregistrés.'),
  });

  endpointRoute(app, chauffeurIncidentEndpoint, {
    tags,
    access: 'chauffeur',
    summary: 'Un incident (panne, accident, retard, contrôle) ; le bureau est prévenu aussitôt',
    handler: async (request) =>
      ok(
        await enregistrerIncident(app.db, files, currentScope(request), request.body),
        'Incident signalé au bureau.',
      ),
  });

  const ingest = sharedIngest(app);
  endpointRoute(app, chauffeurPositionsEndpoint, {
    tags,
    access: 'chauffeur',
    summary:
      "Les positions du téléphone (un lot, les plus anciennes d'abord) : le téléphone est l'appareil GPS du véhicule conduit, enregistré au premier envoi",
    handler: async (request) =>
      ok(await enregistrerPositions(app.db, currentScope(request), ingest, request.body)),
  });

  endpointRoute(app, chauffeurTelephoneEndpoint, {
    tags,
    access: 'chauffeur',
    summary: 'Le téléphone comme appareil GPS (identifiant et clé à saisir dans Traccar Client)',
    handler: async (request) => ok(await telephoneChauffeur(app.db, currentScope(request), ingest)),
  });
};

/** The office's side: a course's road log and its photos, to the company only. */
const officeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);
  const files = photos(app);

  endpointRoute(app, courseJournalRouteEndpoint, {
    tags: ['Courses'],
    summary: 'Le journal de route de la course : étapes du chauffeur, livraison, carburant, frais, incidents',
    handler: async (request) => {
      const scope = currentScope(request);
      const course = await getCourseOut(app.db, scope, request.params.id);
      return ok(await journalRoute(app.db, scope, course.id));
    },
  });

  endpointRoute(app, chauffeursActiviteEndpoint, {
    tags: ['Courses'],
    summary:
      'Les chauffeurs de l’entreprise : course en cours, dernière étape, dernière position du téléphone, vu pour la dernière fois, incidents des 7 derniers jours',
    handler: async (request) => ok(await activiteChauffeurs(app.db, currentScope(request))),
  });

  endpointRoute(app, courseCodeLivraisonEndpoint, {
    tags: ['Courses'],
    summary:
      'Exige (un nouveau code à 6 chiffres, ou celui déjà donné) ou n’exige plus de code de livraison : le client le reçoit avec le lien de suivi, le chauffeur le saisit à la livraison',
    handler: async (request) => {
      const out = await definirCodeLivraison(
        app.db,
        currentScope(request),
        request.params.id,
        request.body.exige,
      );
      return ok(
        out,
        out.code_livraison
          ? `Code de livraison exigé : ${out.code_livraison}.`
          : 'Le code de livraison n’est plus exigé.',
      );
    },
  });

  fileRoute(app, courseFicheEndpoint, {
    tags: ['Courses'],
    summary:
      'La fiche de la course en PDF : étapes du chauffeur (heure et lieu), preuve de livraison (signature, photos), carburant, frais de route, incidents',
    handler: async (request, reply) => {
      const scope = currentScope(request);
      const course = await getCourseOut(app.db, scope, request.params.id);
      const log = await journalRoute(app.db, scope, course.id);
      const pdf = await fichePdf(app.db, scope, files, app.config.dataDir, course, log);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="fiche-${course.code}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  });

  endpointRoute(app, traiterIncidentEndpoint, {
    tags: ['Courses'],
    summary:
      'Le bureau traite un incident signalé par un chauffeur (une fois) : ce qui a été fait, par qui, quand ; le chauffeur le voit dans son application',
    handler: async (request) =>
      ok(
        await traiterIncident(app.db, currentScope(request), request.params.id, request.body),
        'Incident traité.',
      ),
  });

  fileRoute(app, photoChauffeurEndpoint, {
    tags: ['Courses'],
    summary: 'Une photo ou une signature du journal de route',
    handler: async (request, reply) => {
      const [photo] = await scoped(app.db, currentScope(request))
        .select()
        .from(photosChauffeur)
        .where(eq(photosChauffeur.id, request.params.id));
      if (!photo) throw photoNotFound();
      const abs = files.absolute(photo.chemin);
      if (!fs.existsSync(abs))
        throw photoNotFound('Le fichier de cette photo est introuvable sur le serveur.');
      return reply
        .header('content-type', photo.type)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(fs.createReadStream(abs));
    },
  });
};

export default async function chauffeurRoutes(app: FastifyInstance) {
  await app.register(appRoutes);
  await app.register(officeRoutes);
}
