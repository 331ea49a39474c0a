import {
  LOGO_REGLE,
  logoEndpoint,
  logoUploadEndpoint,
  parametresEndpoint,
  updateParametresEndpoint,
} from '@yams/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { resolveEntrepriseExistante } from '../../db/tenancy';
import { endpointRoute, fileRoute } from '../../lib/endpoint-routes';
import { AppError, fieldErrors } from '../../lib/errors';
import { ok } from '../../lib/http';
import { acceptUploads } from '../../lib/uploads';
import { currentScope } from '../../plugins/auth';
import { retirerLogo } from './logos-imprimes';
import { LogoFiles } from './parametres.files';
import { getParametres, saveParametres } from './parametres.repository';

const tags = ['Configurations — entreprise'];

/** A transporteur's own company; a superadmin names one with `?entreprise=` (db/tenancy.ts). */
const entrepriseOf = (request: FastifyRequest, db: Db, requested: number | undefined) =>
  resolveEntrepriseExistante(db, currentScope(request), requested, { field: 'entreprise' });

const logoAbsent = () =>
  new AppError('entreprise.logo_not_found', 404, ["Cette entreprise n'a pas de logo."]);

const parametresRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);
  // Encapsulated here: only this plugin's routes accept multipart bodies.
  await acceptUploads(app, LOGO_REGLE, 'logo', "Le fichier du logo n'a pas pu être lu.");
  const files = new LogoFiles(app.config.dataDir);

  endpointRoute(app, parametresEndpoint, {
    tags,
    summary: "Paramètres de l'entreprise (valeurs par défaut tant qu'ils n'ont pas été enregistrés)",
    handler: async (request) =>
      ok(await getParametres(app.db, await entrepriseOf(request, app.db, request.query.entreprise))),
  });

  endpointRoute(app, updateParametresEndpoint, {
    tags,
    summary:
      'Enregistre les paramètres envoyés (les champs absents restent inchangés ; logo: null le retire)',
    handler: async (request) => {
      const id = await entrepriseOf(request, app.db, request.query.entreprise);
      const { parametres, ancienLogo } = await saveParametres(app.db, id, request.body);
      await retirerLogo(app.db, id, ancienLogo, (rel) => files.remove(rel));
      return ok(parametres, 'Les paramètres de l’entreprise ont été enregistrés.');
    },
  });

  endpointRoute(app, logoUploadEndpoint, {
    tags,
    summary: 'Envoie le logo (multipart/form-data, champ « logo » : PNG, JPEG ou WEBP, 2 Mo au plus)',
    handler: async (request) => {
      const id = await entrepriseOf(request, app.db, request.query.entreprise);
      if (!request.isMultipart()) {
        throw fieldErrors({ logo: 'Envoyez le logo comme fichier (multipart/form-data, champ « logo »).' });
      }
      const bytes = request.body.logo?.octets;
      if (!bytes) throw fieldErrors({ logo: 'Le logo est obligatoire.' });
      const rel = await files.save(id, Buffer.from(bytes));
      try {
        const { parametres, ancienLogo } = await saveParametres(app.db, id, { logo: rel });
        // A validated invoice keeps printing the logo it was validated with.
        await retirerLogo(app.db, id, ancienLogo, (r) => files.remove(r));
        return ok(parametres, 'Le logo a été enregistré.');
      } catch (err) {
        await files.remove(rel);
        throw err;
      }
    },
  });

  fileRoute(app, logoEndpoint, {
    tags,
    summary: "Le logo de l'entreprise (image)",
    handler: async (request, replyTo) => {
      const { logo } = await getParametres(
        app.db,
        await entrepriseOf(request, app.db, request.query.entreprise),
      );
      if (!logo) throw logoAbsent();
      return files.send(replyTo, logo, logoAbsent);
    },
  });
};

export default parametresRoutes;
