import { ADRESSE_MSG, AdresseBody, AdresseOut, AdresseUpdateBody } from '@yams/shared';
import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { villes } from '../../db/schema';
import { createErrorFactory, fieldErrors } from '../../lib/errors';
import { IdParams } from '../../lib/filters-ids';
import { ok, reply } from '../../lib/http';
import { filters, listOf, listResponse } from '../../lib/pagination';
import { currentScope, type Scope } from '../../plugins/auth';
import { adresses } from './adresses.table';

const adresseNotFound = createErrorFactory({
  code: 'adresses.not_found',
  statusCode: 404,
  message: "Cette adresse n'existe pas.",
});

const columns = {
  id: adresses.id,
  libelle: adresses.libelle,
  ville_id: adresses.ville_id,
  ville: villes.libelle,
  latitude: adresses.latitude,
  longitude: adresses.longitude,
  utilisateur: adresses.utilisateur_id,
  created_at: adresses.created_at,
};

/** A user's own addresses: nobody else's, whatever their company (a superadmin's are their own too). */
const mine = (scope: Scope) => eq(adresses.utilisateur_id, scope.user.id);
const select = (db: Db) =>
  db.select(columns).from(adresses).innerJoin(villes, eq(villes.id, adresses.ville_id));

async function findMine(db: Db, scope: Scope, id: number): Promise<AdresseOut> {
  const [row] = await select(db).where(and(eq(adresses.id, id), mine(scope)));
  if (!row) throw adresseNotFound();
  return row;
}

/** The `utilisateur` sent must be the signed-in user; the `ville` a city of the platform. */
async function check(db: Db, scope: Scope, body: { ville?: number; utilisateur?: number }) {
  if (body.utilisateur !== undefined && body.utilisateur !== scope.user.id) {
    throw fieldErrors({ utilisateur: ADRESSE_MSG.utilisateur });
  }
  if (body.ville !== undefined) {
    const [v] = await db.select({ id: villes.id }).from(villes).where(eq(villes.id, body.ville));
    if (!v) throw fieldErrors({ ville: ADRESSE_MSG.villeChoisir });
  }
}

const adressesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);
  const tags = ['Adresses'];

  app.get(
    '/api/adresses',
    {
      schema: {
        tags,
        summary: 'Mes adresses (latitude, longitude)',
        querystring: filters({}),
        response: reply(listOf(AdresseOut)),
      },
    },
    async (request) => {
      const scope = currentScope(request);
      return ok(
        await listResponse(request.query, {
          count: async () =>
            (await app.db.select({ n: count() }).from(adresses).where(mine(scope)))[0]?.n ?? 0,
          rows: (limit, offset) =>
            select(app.db)
              .where(mine(scope))
              .orderBy(asc(adresses.libelle), asc(adresses.id))
              .limit(limit)
              .offset(offset),
        }),
      );
    },
  );

  app.get(
    '/api/adresses/:id',
    { schema: { tags, summary: 'Une de mes adresses', params: IdParams, response: reply(AdresseOut) } },
    async (request) => ok(await findMine(app.db, currentScope(request), request.params.id)),
  );

  app.post(
    '/api/adresses',
    {
      schema: {
        tags,
        summary: 'Ajoute une adresse (libelle, ville, lat, lng, utilisateur)',
        body: AdresseBody,
        response: reply(AdresseOut),
      },
    },
    async (request) => {
      const scope = currentScope(request);
      const b = request.body;
      await check(app.db, scope, b);
      const [row] = await app.db
        .insert(adresses)
        .values({
          entreprise_id: scope.entrepriseId,
          utilisateur_id: scope.user.id,
          libelle: b.libelle,
          ville_id: b.ville,
          latitude: b.lat,
          longitude: b.lng,
        })
        .returning({ id: adresses.id });
      return ok(await findMine(app.db, scope, row!.id), ADRESSE_MSG.ajoutee);
    },
  );

  app.post(
    '/api/adresses/:id/update',
    {
      schema: {
        tags,
        summary: 'Modifie une de mes adresses',
        params: IdParams,
        body: AdresseUpdateBody,
        response: reply(AdresseOut),
      },
    },
    async (request) => {
      const scope = currentScope(request);
      await findMine(app.db, scope, request.params.id);
      const b = request.body;
      await check(app.db, scope, b);
      const patch = {
        ...(b.libelle !== undefined ? { libelle: b.libelle } : {}),
        ...(b.ville !== undefined ? { ville_id: b.ville } : {}),
        ...(b.lat !== undefined ? { latitude: b.lat } : {}),
        ...(b.lng !== undefined ? { longitude: b.lng } : {}),
      };
      if (Object.keys(patch).length) {
        await app.db
          .update(adresses)
          .set(patch)
          .where(and(eq(adresses.id, request.params.id), mine(scope)));
      }
      return ok(await findMine(app.db, scope, request.params.id), ADRESSE_MSG.modifiee);
    },
  );

  app.post(
    '/api/adresses/:id/destroy',
    {
      schema: { tags, summary: 'Supprime une de mes adresses', params: IdParams, response: reply(z.null()) },
    },
    async (request) => {
      const scope = currentScope(request);
      const deleted = await app.db
        .delete(adresses)
        .where(and(eq(adresses.id, request.params.id), mine(scope)))
        .returning({ id: adresses.id });
      if (deleted.length === 0) throw adresseNotFound();
      return ok(null, ADRESSE_MSG.supprimee);
    },
  );
};

export default adressesRoutes;
