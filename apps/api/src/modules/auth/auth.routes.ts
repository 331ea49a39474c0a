import {
  confirmEmailEndpoint,
  csrfCookieEndpoint,
  forgotPasswordEndpoint,
  loginEndpoint,
  logoutEndpoint,
  MSG,
  meEndpoint,
  resetPasswordEndpoint,
  sendVerificationCodeEndpoint,
  updateMeEndpoint,
  verifyAccountEndpoint,
} from '@yams/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-routes';
import { ok } from '../../lib/http';
import { getAccountOut } from '../users/users.repository';
import * as auth from './auth.service';
import { revokeToken } from './tokens.repository';

const client = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

const tags = ['Session et compte'];

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, mailer: app.mailer, config: app.config };

  // Public routes (no account yet, or a lost one): published without the bearer requirement.
  endpointRoute(app, csrfCookieEndpoint, {
    tags,
    summary: 'Compatibilité : l’API utilise des jetons bearer, rien à préparer',
    public: true,
    handler: async () => ok(null),
  });

  endpointRoute(app, loginEndpoint, {
    tags,
    summary: 'Connexion ; renvoie l’utilisateur et un jeton bearer',
    public: true,
    handler: async (request) => ok(await auth.login(deps, request.body, client(request)), MSG.loginSuccess),
  });

  endpointRoute(app, logoutEndpoint, {
    tags,
    summary: 'Révoque le jeton courant (back-office et application chauffeur)',
    access: 'session',
    handler: async (request) => {
      await revokeToken(app.db, request.auth!.tokenId);
      app.realtime.disconnectToken(request.auth!.tokenId);
      return ok(null, MSG.logoutSuccess);
    },
  });

  endpointRoute(app, forgotPasswordEndpoint, {
    tags,
    summary: 'Envoie un lien de réinitialisation',
    public: true,
    handler: async (request) => {
      await auth.forgotPassword(deps, request.body.email, client(request));
      return ok(null, MSG.forgotSent);
    },
  });

  endpointRoute(app, resetPasswordEndpoint, {
    tags,
    summary: 'Choisit un nouveau mot de passe',
    public: true,
    handler: async (request) => {
      const userId = await auth.resetPassword(
        deps,
        request.body.token,
        request.body.password,
        client(request),
      );
      app.realtime.disconnectUser(userId);
      return ok(null, MSG.resetDone);
    },
  });

  endpointRoute(app, sendVerificationCodeEndpoint, {
    tags,
    summary: 'Envoie un code de vérification à 6 chiffres',
    public: true,
    handler: async (request, reply) => {
      // No oracle (unknown, verified or another's id answer alike) and no mail cannon (a mail
      // only for the unverified account signed in with the token its sign-in gave it).
      const caller = await app.authenticateSession(request, reply).then(
        () => request.auth,
        () => null,
      );
      if (caller?.user.id === request.body.userId && !caller.user.email_verified_at) {
        await auth.sendVerificationCode(deps, request.body.userId, client(request));
      }
      return ok(null, MSG.codeSent);
    },
  });

  endpointRoute(app, verifyAccountEndpoint, {
    tags,
    summary: 'Vérifie le compte avec le code reçu',
    public: true,
    handler: async (request) => {
      await auth.verifyAccount(deps, request.body.userId, request.body.code, client(request));
      return ok(null, MSG.accountVerified);
    },
  });

  endpointRoute(app, meEndpoint, {
    tags,
    summary: 'Mon compte',
    access: 'compte',
    handler: async (request) => ok((await getAccountOut(app.db, request.auth!.user))!),
  });

  endpointRoute(app, updateMeEndpoint, {
    tags,
    summary: 'Modifie mon profil ou mon mot de passe',
    access: 'compte',
    handler: async (request) => {
      const { user, tokenId } = request.auth!;
      const { account, pendingEmail } = await auth.updateMe(deps, user, tokenId, request.body);
      if (request.body.password || pendingEmail) app.realtime.disconnectUser(user.id, tokenId);
      return ok(account, pendingEmail ? MSG.emailChangeSent(pendingEmail) : MSG.profileUpdated);
    },
  });

  endpointRoute(app, confirmEmailEndpoint, {
    tags,
    summary: 'Confirme la nouvelle adresse email (lien reçu à cette adresse)',
    public: true,
    handler: async (request) => {
      await auth.confirmEmail(deps, request.body.token, client(request));
      return ok(null, MSG.emailChanged);
    },
  });
};

export default authRoutes;
