import {
  balanceEndpoint,
  csvFile,
  declarationTvaEndpoint,
  delettrerEndpoint,
  JOURNAL_FILTRE_DATES,
  journalContract,
  lettrageEndpoint,
  lettrerEndpoint,
  PAGE_SIZE,
  passerDeclarationTvaEndpoint,
  piecesDeCaisseContract,
} from '@yams/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { scoped } from '../../db/scoped';
import { crudRoutes } from '../../lib/crud-routes';
import { endpointRoute } from '../../lib/endpoint-routes';
import { type DateRange, requireDateRange } from '../../lib/filters-dates';
import { ok } from '../../lib/http';
import { currentScope } from '../../plugins/auth';
import achatsRoutes from './achats.routes';
import {
  createPiece,
  destroyPiece,
  getPiece,
  listPieces,
  setPieceActive,
  updatePiece,
} from './caisses.service';
import { declarationTva, passerDeclarationTva } from './declaration-tva.service';
import facturesRoutes from './factures.routes';
import { balanceGenerale, getEcriture, listLignesJournal } from './journal.repository';
import { createOperationDiverse } from './journal.service';
import { delettrer, lettrer, listLettrage } from './lettrage.service';
import rapportsRoutes from './rapports.routes';
import rapprochementsRoutes from './rapprochements.routes';

const requireDates = (q: DateRange) => requireDateRange(q, JOURNAL_FILTRE_DATES);

const caissesEtJournaux: FastifyPluginAsyncZod = async (app) => {
  {
    app.addHook('preHandler', app.authenticate);

    // ---------- Pièces de caisse ----------
    const tags = ['Pièces de caisse'];
    crudRoutes(app, piecesDeCaisseContract, {
      tags,
      nom: { un: 'une pièce de caisse', des: 'les pièces de caisse' },
      list: (scope, q) => listPieces(app.db, scope, q),
      get: (scope, id) => getPiece(app.db, scope, id),
      create: {
        run: (scope, body) => createPiece(app.db, scope, body),
        message: (p) => `La pièce de caisse « ${p.libelle} » a été enregistrée.`,
      },
      update: {
        run: (scope, id, body) => updatePiece(app.db, scope, id, body),
        message: (p) => `La pièce de caisse « ${p.libelle} » a été modifiée.`,
      },
      destroy: (scope, id) => destroyPiece(app.db, scope, id),
      missing: (id) => `La pièce de caisse n°${id} n'existe pas.`,
      // `/api/caisses/destroy-group` is served beside `/api/piece_de_caisses/destroy-group`: the contract's
      // `destroyGroupPath` (the specification's other name of the same vouchers, as for the actions).
      summary: {
        destroyGroup: 'Supprime plusieurs pièces de caisse (écritures contre-passées) ; un message par ligne',
      },
      actions: {
        disable: {
          summary: 'Désactive une pièce de caisse (écriture contre-passée)',
          run: (scope, id) => setPieceActive(app.db, scope, id, false),
        },
        activate: {
          summary: 'Active une pièce de caisse (écriture passée)',
          run: (scope, id) => setPieceActive(app.db, scope, id, true),
        },
      },
    });
    // ---------- Journaux ----------
    const jtags = ['Journaux'];
    crudRoutes(app, journalContract, {
      tags: jtags,
      nom: { un: 'une écriture', des: 'les lignes des journaux' },
      summary: {
        list: 'Lignes des journaux (type, date_debut, date_fin, compte ; 12 par page) avec le solde courant du compte',
        detail: "Une écriture entière (toutes ses lignes et sa pièce d'origine)",
      },
      // The list answers the journals' lines (exported as CSV or Excel with the same filters); the detail
      // one entry with all its lines. Entries are never edited nor deleted: a voucher reverses its own.
      perPage: PAGE_SIZE.journal,
      list: (scope, q) => listLignesJournal(scoped(app.db, scope), q),
      get: (scope, id) => getEcriture(scoped(app.db, scope), id),
      create: {
        summary: "Écriture manuelle 'Operation Diverse' : équilibrée, ou refusée",
        run: (scope, body) => createOperationDiverse(app.db, scope, body),
        message: () => "L'opération diverse a été enregistrée.",
      },
    });

    // It answers CSV too: its JSON is checked by `response.parse`, not declared in the OpenAPI document.
    app.get(
      balanceEndpoint.path,
      {
        schema: {
          tags: jtags,
          summary: 'Balance générale d’une période (format=csv pour l’export)',
          querystring: balanceEndpoint.query,
        },
      },
      async (request, reply) => {
        const { date_debut, date_fin } = requireDates(request.query);
        const balance = await balanceGenerale(scoped(app.db, currentScope(request)), date_debut, date_fin);
        if (request.query.format === 'csv') {
          const rows: Array<Array<string | number>> = [
            ['Compte', 'Intitulé', "Solde d'ouverture", 'Débit', 'Crédit', 'Solde de clôture'],
            ...balance.comptes.map((c) => [
              c.compte,
              c.libelle,
              c.solde_ouverture,
              c.debit,
              c.credit,
              c.solde_cloture,
            ]),
            [
              'Total',
              '',
              balance.totaux.solde_ouverture,
              balance.totaux.debit,
              balance.totaux.credit,
              balance.totaux.solde_cloture,
            ],
          ];
          return reply
            .header('content-type', 'text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="balance-${date_debut}-${date_fin}.csv"`)
            .send(csvFile(rows));
        }
        return reply.send(ok(balanceEndpoint.response.parse(balance)));
      },
    );
  }
};

const lettrageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);
  const tags = ['Lettrage'];
  endpointRoute(app, lettrageEndpoint, {
    tags,
    summary: 'Lignes des comptes 411, 4191 et 401 par tiers, ouvertes ou lettrées (compte, tiers, etat)',
    handler: async (request) => ok(await listLettrage(app.db, currentScope(request), request.query)),
  });
  endpointRoute(app, lettrerEndpoint, {
    tags,
    summary: "Lettrage manuel : des lignes d'un compte et d'un tiers qui s'équilibrent reçoivent une lettre",
    handler: async (request) =>
      ok(null, await lettrer(app.db, currentScope(request), request.body.lignes, request.query.entreprise)),
  });
  endpointRoute(app, delettrerEndpoint, {
    tags,
    summary: "Délettrage : les lignes d'une lettre sont de nouveau ouvertes",
    handler: async (request) =>
      ok(
        null,
        await delettrer(app.db, currentScope(request), request.body.lettrage, request.query.entreprise),
      ),
  });
  endpointRoute(app, declarationTvaEndpoint, {
    tags: ['Déclaration de TVA'],
    summary: 'Déclaration de TVA du mois proposée : 4431 − 4452 − 4454 → 4441 (TVA due) ou 4449 (crédit)',
    handler: async (request) => ok(await declarationTva(app.db, currentScope(request), request.query)),
  });
  endpointRoute(app, passerDeclarationTvaEndpoint, {
    tags: ['Déclaration de TVA'],
    summary: 'Passe la déclaration de TVA du mois (opération diverse datée du dernier jour du mois)',
    handler: async (request) => {
      const d = await passerDeclarationTva(app.db, currentScope(request), request.query);
      return ok(
        d,
        `La déclaration de TVA de ${request.query.mois} est passée (écriture n°${d.ecriture_id}).`,
      );
    },
  });
};

const accountingRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(lettrageRoutes);
  await app.register(facturesRoutes);
  await app.register(achatsRoutes);
  await app.register(caissesEtJournaux);
  await app.register(rapportsRoutes);
  await app.register(rapprochementsRoutes);
};

export default accountingRoutes;
