import {
  ForgotPasswordBody,
  LoginBody,
  MSG,
  meEndpoint,
  ResetPasswordBody,
  SendVerificationBody,
  UserOut,
  updateMeEndpoint,
  VerifyAccountBody,
} from '@yams/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endpointRoute } from '../../lib/endpoint-routes';
import { ok, reply } from '../../lib/http';
import { getAccountOut } from '../users/users.repository';
import * as auth from './auth.service';
import { revokeToken } from './tokens.repository';

const client = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

const tags = ['Session et compte'];

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, mailer: app.mailer, config: app.config };

  app.get(
    '/sanctum/csrf-cookie',
    {
      schema: {
        tags,
        summary: 'Compatibilité : l’API utilise des jetons bearer, rien à préparer',
        response: reply(z.null()),
      },
    },
    async () => ok(null),
  );

  app.post(
    '/api/login',
    {
      schema: {
        tags,
        summary: 'Connexion ; renvoie l’utilisateur et un jeton bearer',
        body: LoginBody,
        response: reply(z.object({ user: UserOut, token: z.string(), verification_required: z.boolean() })),
      },
    },
    async (request) => ok(await auth.login(deps, request.body, client(request)), MSG.loginSuccess),
  );

  app.post(
    '/api/logout',
    {
      preHandler: app.authenticateAny,
      schema: { tags, summary: 'Révoque le jeton courant', response: reply(z.null()) },
    },
    async (request) => {
      await revokeToken(app.db, request.auth!.tokenId);
      app.realtime.disconnectToken(request.auth!.tokenId);
      return ok(null, MSG.logoutSuccess);
    },
  );

  app.post(
    '/api/forgot-password',
    {
      schema: {
        tags,
        summary: 'Envoie un lien de réinitialisation',
        body: ForgotPasswordBody,
        response: reply(z.null()),
      },
    },
    async (request) => {
      await auth.forgotPassword(deps, request.body.email, client(request));
      return ok(null, MSG.forgotSent);
    },
  );

  app.post(
    '/api/reset-password',
    {
      schema: {
        tags,
        summary: 'Choisit un nouveau mot de passe',
        body: ResetPasswordBody,
        response: reply(z.null()),
      },
    },
    async (request) => {
      const userId = await auth.resetPassword(
        deps,
        request.body.token,
        request.body.password,
        client(request),
      );
      app.realtime.disconnectUser(userId);
      return ok(null, MSG.resetDone);
    },
  );

  app.post(
    '/api/send-verification-code',
    {
      schema: {
        tags,
        summary: 'Envoie un code de vérification à 6 chiffres',
        body: SendVerificationBody,
        response: reply(z.null()),
      },
    },
    async (request) => {
      await auth.sendVerificationCode(deps, request.body.userId, client(request));
      return ok(null, MSG.codeSent);
    },
  );

  app.post(
    '/api/verify-account',
    {
      schema: {
        tags,
        summary: 'Vérifie le compte avec le code reçu',
        body: VerifyAccountBody,
        response: reply(z.null()),
      },
    },
    async (request) => {
      await auth.verifyAccount(deps, request.body.userId, request.body.code, client(request));
      return ok(null, MSG.accountVerified);
    },
  );

  endpointRoute(app, meEndpoint, {
    tags,
    summary: 'Mon compte',
    preHandler: app.authenticateAny,
    handler: async (request) => ok((await getAccountOut(app.db, request.auth!.user))!),
  });

  endpointRoute(app, updateMeEndpoint, {
    tags,
    summary: 'Modifie mon profil ou mon mot de passe',
    preHandler: app.authenticateAny,
    handler: async (request) => {
      const { user, tokenId } = request.auth!;
      const out = await auth.updateMe(deps, user, tokenId, request.body);
      if (request.body.password) app.realtime.disconnectUser(user.id, tokenId);
      return ok(out, MSG.profileUpdated);
    },
  });
};

export default authRoutes;
