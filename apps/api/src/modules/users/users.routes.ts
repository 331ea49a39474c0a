import { ConnectedUserOut, UserCreateBody, UserOut, UsersQuery, UserUpdateBody } from '@yams/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams } from '../../lib/filters-ids';
import { ok, reply } from '../../lib/http';
import { listExtras } from '../../lib/list-extras';
import { filters, listOf, listResponse } from '../../lib/pagination';
import { currentScope } from '../../plugins/auth';
import { connectedUsers, getUserOut, listUsers } from './users.repository';
import { createUser, findScopedUser, setBlocked, updateUser } from './users.service';

const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/api/utilisateurs',
    {
      schema: {
        tags: ['Utilisateurs'],
        summary: 'Utilisateurs visibles (filtres type, sous_type, search ; paginé avec page/per_page)',
        querystring: filters(UsersQuery.shape),
        response: reply(listOf(UserOut)),
      },
    },
    async (request) =>
      ok(await listResponse(request.query, listUsers(app.db, currentScope(request), request.query))),
  );

  app.get(
    '/api/utilisateurs/connected',
    {
      schema: {
        tags: ['Utilisateurs'],
        summary: 'Utilisateurs connectés maintenant (canal presence-app, tous processus confondus)',
        querystring: filters({}),
        response: reply(listOf(ConnectedUserOut)),
      },
    },
    async (request) =>
      ok(
        await listResponse(
          request.query,
          connectedUsers(app.db, currentScope(request), await app.realtime.connected()),
        ),
      ),
  );

  const tags = ['Utilisateurs'];

  listExtras(app, {
    path: '/api/utilisateurs',
    tags,
    query: filters(UsersQuery.shape),
    list: (scope, q) => listUsers(app.db, scope, q),
    get: async (scope, id) =>
      (await getUserOut(app.db, scope, (await findScopedUser(app.db, scope, id, 'visible')).id))!,
    label: (u) => u.nom_complet,
  });

  app.get(
    '/api/utilisateurs/:id',
    { schema: { tags, summary: 'Un utilisateur', params: IdParams, response: reply(UserOut) } },
    async (request) => {
      const scope = currentScope(request);
      const user = await findScopedUser(app.db, scope, request.params.id, 'visible');
      return ok((await getUserOut(app.db, scope, user.id))!);
    },
  );

  app.post(
    '/api/utilisateurs',
    {
      schema: {
        tags,
        summary: 'Crée un compte ; son titulaire reçoit un lien pour choisir son mot de passe',
        body: UserCreateBody,
        response: reply(UserOut),
      },
    },
    async (request) =>
      ok(
        await createUser(
          { db: app.db, mailer: app.mailer, config: app.config },
          currentScope(request),
          request.body,
        ),
        'Utilisateur créé. Un email lui a été envoyé pour choisir son mot de passe.',
      ),
  );

  app.post(
    '/api/utilisateurs/:id/update',
    {
      schema: {
        tags,
        summary: 'Modifie un compte',
        params: IdParams,
        body: UserUpdateBody,
        response: reply(UserOut),
      },
    },
    async (request) =>
      ok(
        await updateUser(app.db, currentScope(request), request.params.id, request.body),
        'Utilisateur modifié.',
      ),
  );

  app.post(
    '/api/utilisateurs/:id/disable',
    { schema: { tags, summary: 'Bloque un compte', params: IdParams, response: reply(UserOut) } },
    async (request) => {
      const user = await setBlocked(app.db, currentScope(request), request.params.id, true);
      app.realtime.disconnectUser(user.id);
      return ok(user, 'Le compte a été bloqué.');
    },
  );

  app.post(
    '/api/utilisateurs/:id/activate',
    { schema: { tags, summary: 'Réactive un compte bloqué', params: IdParams, response: reply(UserOut) } },
    async (request) =>
      ok(
        await setBlocked(app.db, currentScope(request), request.params.id, false),
        'Le compte a été activé.',
      ),
  );
};

export default usersRoutes;
