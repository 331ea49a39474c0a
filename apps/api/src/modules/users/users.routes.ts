import { connectedUsersEndpoint, estChauffeur, utilisateursContract } from '@yams/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { crudRoutes } from '../../lib/crud-routes';
import { endpointRoute } from '../../lib/endpoint-routes';
import { listReply } from '../../lib/pagination';
import { currentScope } from '../../plugins/auth';
import { connectedUsers, getUserOut, listUsers } from './users.repository';
import { accesChauffeur, createUser, findScopedUser, setBlocked, updateUser } from './users.service';

const tags = ['Utilisateurs'];

const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  endpointRoute(app, connectedUsersEndpoint, {
    tags,
    summary: 'Utilisateurs connectés maintenant (canal presence-app, tous processus confondus)',
    handler: async (request) =>
      listReply(request.query, connectedUsers(app.db, currentScope(request), await app.realtime.connected())),
  });

  // Accounts are blocked, never deleted (their courses, payments and history stay theirs).
  crudRoutes(app, utilisateursContract, {
    tags,
    nom: { un: 'un utilisateur', des: 'les utilisateurs' },
    summary: {
      list: 'Utilisateurs visibles (filtres type, sous_type, search ; paginé avec page/per_page)',
      detail: 'Un utilisateur',
    },
    list: (scope, q) => listUsers(app.db, scope, q),
    get: async (scope, id) =>
      (await getUserOut(app.db, scope, (await findScopedUser(app.db, scope, id, 'visible')).id))!,
    options: { label: (u) => u.nom_complet },
    create: {
      summary: 'Crée un compte ; son titulaire reçoit un lien pour choisir son mot de passe',
      run: (scope, body) => createUser({ db: app.db, mailer: app.mailer, config: app.config }, scope, body),
      message: (u) =>
        u.email
          ? 'Utilisateur créé. Un email lui a été envoyé pour choisir son mot de passe.'
          : estChauffeur(u)
            ? 'Utilisateur créé. Donnez-lui son accès depuis sa fiche (section « Application chauffeur »).'
            : 'Utilisateur créé.',
    },
    update: {
      summary: 'Modifie un compte',
      run: (scope, id, body) => updateUser(app.db, scope, id, body),
      message: () => 'Utilisateur modifié.',
    },
    actions: {
      disable: {
        summary: 'Bloque un compte',
        run: async (scope, id) => {
          const user = await setBlocked(app.db, scope, id, true);
          app.realtime.disconnectUser(user.id);
          return { data: user, message: 'Le compte a été bloqué.' };
        },
      },
      activate: {
        summary: 'Réactive un compte bloqué',
        run: async (scope, id) => ({
          data: await setBlocked(app.db, scope, id, false),
          message: 'Le compte a été activé.',
        }),
      },
      'acces-chauffeur': {
        summary:
          "Lien d'accès à l'application chauffeur (7 jours, une fois) à envoyer au chauffeur par WhatsApp ou SMS ; il remplace les liens non utilisés",
        run: async (scope, id) => ({
          data: await accesChauffeur(app, scope, id),
          message: "Lien d'accès créé : envoyez-le au chauffeur.",
        }),
      },
    },
  });
};

export default usersRoutes;
