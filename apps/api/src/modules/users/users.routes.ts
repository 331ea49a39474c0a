import { UserOut, UsersQuery } from '@yams/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, reply } from '../../lib/http';
import { filters, listOf, listResponse } from '../../lib/pagination';
import { currentScope } from '../../plugins/auth';
import { connectedUsers, listUsers } from './users.repository';

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
        summary: 'Utilisateurs connectés (vus par l’API dans les cinq dernières minutes)',
        querystring: filters({}),
        response: reply(listOf(UserOut)),
      },
    },
    async (request) => ok(await listResponse(request.query, connectedUsers(app.db, currentScope(request)))),
  );
};

export default usersRoutes;
