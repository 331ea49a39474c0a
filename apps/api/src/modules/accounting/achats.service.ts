import {
  type AchatBody,
  type AchatOut,
  type AchatUpdateBody,
  achatCan,
  formatMoney,
  montantHorsColonne,
  type ReglementBody,
  statutReglement,
  todayInGabon,
  totauxAchat,
} from '@yams/shared';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { scoped } from '../../db/scoped';
import { resolveEntreprise } from '../../db/tenancy';
import { AppError, fieldErrors } from '../../lib/errors';
import { type DateRange, dateRangeCondition } from '../../lib/filters-dates';
import type { ListSource } from '../../lib/pagination';
import { sent } from '../../lib/partial-update';
import { orderFor, type Sortable } from '../../lib/sorting';
import { transaction } from '../../lib/transaction';
import type { Scope } from '../../plugins/auth';
import { nomCompletSql } from '../operations/operations.refs';
import { articles, fournisseurs } from '../reference/reference.table';
import { achatNotFound, documentValide } from './accounting.errors';
import { type Achat, achatLignes, achats, reglements } from './accounting.table';
import { lettrerAchat } from './lettrage.service';
import { posterAchat, posterDecaissementFournisseur } from './postings';

// Purchases: drafts are edited freely; validating one raises the stock of its articles (the stock that
// confirmed interventions draw from) and posts it in the Achat journal; settlements post in Banque/Caisse.

const acheteur = alias(users, 'acheteur');

export interface AchatFilters extends DateRange, Sortable {
  fournisseur?: number;
  statut?: string;
  statut_reglement?: string;
}

function selectAchats(db: Db, scope: Pick<Scope, 'entrepriseId'>) {
  return scoped(db, scope)
    .select({
      a: achats,
      acheteur_nom: nomCompletSql(acheteur),
      fournisseur_nom: fournisseurs.nom,
    })
    .from(achats)
    .innerJoin(acheteur, eq(acheteur.id, achats.acheteur_id))
    .innerJoin(fournisseurs, eq(fournisseurs.id, achats.fournisseur_id));
}

type Row = Awaited<ReturnType<typeof selectAchats>>[number];

async function toOut(db: Db, scope: Scope, rows: Row[], detail: boolean): Promise<AchatOut[]> {
  const ids = rows.map((r) => r.a.id);
  const [lignes, regs] =
    detail && ids.length
      ? await Promise.all([
          db
            .select({ l: achatLignes, article_nom: articles.nom })
            .from(achatLignes)
            .leftJoin(articles, eq(articles.id, achatLignes.article_id))
            .where(inArray(achatLignes.achat_id, ids))
            .orderBy(asc(achatLignes.position)),
          scoped(db, scope)
            .select()
            .from(reglements)
            .where(inArray(reglements.achat_id, ids))
            .orderBy(asc(reglements.date_operation), asc(reglements.id)),
        ])
      : [[], []];
  return rows.map(({ a, acheteur_nom, fournisseur_nom }) => ({
    id: a.id,
    entreprise_id: a.entreprise_id,
    date_operation: a.date_operation,
    acheteur: { id: a.acheteur_id, nom: acheteur_nom },
    fournisseur: { id: a.fournisseur_id, nom: fournisseur_nom },
    lignes: lignes
      .filter((x) => x.l.achat_id === a.id)
      .map(({ l, article_nom }) => ({
        id: l.id,
        article_id: l.article_id,
        article_nom,
        description: l.description,
        qte: l.qte,
        prix_unitaire: l.prix_unitaire,
        montant: l.montant,
        taux_tva: l.taux_tva === null ? null : Number(l.taux_tva),
      })),
    appliquer_tva: a.appliquer_tva,
    taux_tva: Number(a.taux_tva),
    appliquer_css: a.appliquer_css,
    taux_css: Number(a.taux_css),
    montant_ht: a.montant_ht,
    tva_deductible: a.tva_deductible,
    css: a.css,
    montant: a.montant,
    montant_regle: a.montant_regle,
    statut_reglement: a.statut_reglement,
    statut: a.statut,
    reglements: regs
      .filter((r) => r.achat_id === a.id)
      .map((r) => ({
        id: r.id,
        date_operation: r.date_operation,
        mode: r.mode,
        montant: r.montant,
        reference: r.reference,
      })),
    created_at: a.created_at,
    updated_at: a.updated_at,
    can: achatCan(a),
  }));
}

export function listAchats(db: Db, scope: Scope, f: AchatFilters): ListSource<AchatOut> {
  const order = orderFor(
    f.sort,
    {
      date_operation: achats.date_operation,
      montant: achats.montant,
      statut: achats.statut,
      statut_reglement: achats.statut_reglement,
      fournisseur: fournisseurs.nom,
    },
    { desc: [achats.date_operation, achats.id] },
  );
  const where = and(
    f.fournisseur ? eq(achats.fournisseur_id, f.fournisseur) : undefined,
    f.statut ? eq(achats.statut, f.statut) : undefined,
    f.statut_reglement ? eq(achats.statut_reglement, f.statut_reglement) : undefined,
    dateRangeCondition(achats.date_operation, f, 'date'),
  );
  return {
    async count() {
      const [row] = await scoped(db, scope)
        .select({ n: count() })
        .from(achats)
        .innerJoin(fournisseurs, eq(fournisseurs.id, achats.fournisseur_id))
        .where(where);
      return row?.n ?? 0;
    },
    async rows(limit, offset) {
      const rows = await selectAchats(db, scope)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
      return toOut(db, scope, rows, false);
    },
  };
}

export async function getAchatOut(db: Db, scope: Scope, id: number): Promise<AchatOut> {
  const rows = await selectAchats(db, scope).where(eq(achats.id, id));
  if (!rows[0]) throw achatNotFound();
  return (await toOut(db, scope, rows, true))[0]!;
}

/** Writes on a purchase already found in the scope stay within its company. */
const deLAchat = (tx: Db, a: Achat) => scoped(tx, { entrepriseId: a.entreprise_id });

async function lockAchat(tx: Db, scope: Scope, id: number): Promise<Achat> {
  const [row] = await scoped(tx, scope).select().from(achats).where(eq(achats.id, id)).for('update');
  if (!row) throw achatNotFound();
  return row;
}

/** Checks the buyer, the supplier and the articles belong to the company; returns the amounts. */
async function preparer(tx: Db, entrepriseId: number, body: AchatBody) {
  const t = scoped(tx, { entrepriseId });
  // The buyer is one of the company's own accounts ('own': itself and the accounts it created).
  const [buyer] = await t.select({ id: users.id }).from(users, 'own').where(eq(users.id, body.acheteur_id));
  if (!buyer) throw fieldErrors({ acheteur_id: "Cet acheteur n'existe pas." });
  const [f] = await t
    .select({ id: fournisseurs.id })
    .from(fournisseurs)
    .where(eq(fournisseurs.id, body.fournisseur_id));
  if (!f) throw fieldErrors({ fournisseur_id: "Ce fournisseur n'existe pas." });
  const articleIds = body.lignes.flatMap((l) => (l.article_id ? [l.article_id] : []));
  const found = articleIds.length
    ? await t
        .select({ id: articles.id, nom: articles.nom })
        .from(articles)
        .where(inArray(articles.id, articleIds))
    : [];
  const lignes = body.lignes.map((l, i) => {
    const article = l.article_id ? found.find((a) => a.id === l.article_id) : undefined;
    if (l.article_id && !article)
      throw fieldErrors({ [`lignes.${i}.article_id`]: "Cet article n'existe pas." });
    return {
      position: i,
      article_id: l.article_id ?? null,
      description: l.description ?? article?.nom ?? null,
      qte: l.qte,
      prix_unitaire: l.prix_unitaire,
      montant: l.qte * l.prix_unitaire,
      taux_tva: body.appliquer_tva ? (l.taux_tva ?? null) : null,
    };
  });
  const { montant_ht, tva: tva_deductible, css } = totauxAchat(lignes, body);
  // Each amount fits its integer column, or a French 422 (a product of bounded fields is not bounded).
  lignes.forEach((l, i) => {
    const trop = montantHorsColonne(`Le montant de la ligne ${i + 1}`, l.montant);
    if (trop) throw fieldErrors({ [`lignes.${i}.prix_unitaire`]: trop });
  });
  const tropTotal = montantHorsColonne("Le montant de l'achat", montant_ht + tva_deductible + css);
  if (tropTotal) throw fieldErrors({ lignes: tropTotal });
  return {
    lignes,
    values: {
      date_operation: body.date_operation,
      acheteur_id: body.acheteur_id,
      fournisseur_id: body.fournisseur_id,
      appliquer_tva: !!body.appliquer_tva,
      taux_tva: body.appliquer_tva ? (body.taux_tva ?? 0) : 0,
      appliquer_css: !!body.appliquer_css,
      taux_css: body.appliquer_css ? (body.taux_css ?? 0) : 0,
      montant_ht,
      tva_deductible,
      css,
      montant: montant_ht + tva_deductible + css,
    },
  };
}

export function createAchat(db: Db, scope: Scope, body: AchatBody): Promise<number> {
  return transaction(db, async (tx) => {
    const entrepriseId = resolveEntreprise(scope, body.entreprise_id);
    const { lignes, values } = await preparer(tx, entrepriseId, body);
    const [row] = await scoped(tx, { entrepriseId })
      .insert(achats)
      .values(values)
      .returning({ id: achats.id });
    await tx.insert(achatLignes).values(lignes.map((l) => ({ ...l, achat_id: row!.id })));
    return row!.id;
  });
}

/** The purchase as its body: what an update keeps of the fields it does not send. */
async function corpsActuel(tx: Db, a: Achat): Promise<AchatBody> {
  const lignes = await tx
    .select()
    .from(achatLignes)
    .where(eq(achatLignes.achat_id, a.id))
    .orderBy(asc(achatLignes.position));
  return {
    date_operation: a.date_operation,
    acheteur_id: a.acheteur_id,
    fournisseur_id: a.fournisseur_id,
    appliquer_tva: a.appliquer_tva,
    taux_tva: a.taux_tva,
    appliquer_css: a.appliquer_css,
    taux_css: a.taux_css,
    lignes: lignes.map((l) => ({
      article_id: l.article_id,
      description: l.description,
      qte: l.qte,
      prix_unitaire: l.prix_unitaire,
      taux_tva: l.taux_tva,
    })),
  };
}

/** Changes the fields sent; the amounts are computed again from the lines, sent or stored. */
export function updateAchat(db: Db, scope: Scope, id: number, body: AchatUpdateBody): Promise<void> {
  return transaction(db, async (tx) => {
    const a = await lockAchat(tx, scope, id);
    if (a.statut !== 'Brouillon')
      throw documentValide('Cet achat est validé : il ne peut plus être modifié.');
    const full = { ...(await corpsActuel(tx, a)), ...sent(body) };
    const { lignes, values } = await preparer(tx, a.entreprise_id, full);
    await deLAchat(tx, a).update(achats).set(values).where(eq(achats.id, id));
    // The lines are written again only when sent (their ids, and the history, stay otherwise).
    if (body.lignes) {
      await tx.delete(achatLignes).where(eq(achatLignes.achat_id, id));
      await tx.insert(achatLignes).values(lignes.map((l) => ({ ...l, achat_id: id })));
    }
  });
}

export function destroyAchat(db: Db, scope: Scope, id: number): Promise<string> {
  return transaction(db, async (tx) => {
    const a = await lockAchat(tx, scope, id);
    if (a.statut !== 'Brouillon') throw documentValide('Un achat validé ne peut pas être supprimé.');
    await deLAchat(tx, a).delete(achats).where(eq(achats.id, id));
    return `L'achat n°${id} (brouillon) a été supprimé.`;
  });
}

/** Validates a draft: stock articles go up by their quantities, and the purchase is posted (Achat). */
export function validateAchat(db: Db, scope: Scope, id: number): Promise<string> {
  return transaction(db, async (tx) => {
    const a = await lockAchat(tx, scope, id);
    if (a.statut !== 'Brouillon') throw documentValide('Cet achat est déjà validé.');
    const lignes = await tx
      .select()
      .from(achatLignes)
      .where(eq(achatLignes.achat_id, id))
      .orderBy(asc(achatLignes.article_id));
    let stocke = 0;
    for (const l of lignes) {
      if (!l.article_id) continue;
      stocke += l.montant;
      await deLAchat(tx, a)
        .update(articles)
        .set({ qte: sql`${articles.qte} + ${l.qte}` })
        .where(eq(articles.id, l.article_id));
    }
    const [validee] = await deLAchat(tx, a)
      .update(achats)
      .set({ statut: 'Validé' })
      .where(eq(achats.id, id))
      .returning();
    const [f] = await deLAchat(tx, a)
      .select({ nom: fournisseurs.nom })
      .from(fournisseurs)
      .where(eq(fournisseurs.id, a.fournisseur_id));
    await posterAchat(tx, validee!, stocke, f?.nom ?? '');
    return `L'achat n°${id} (${formatMoney(a.montant)}) a été validé.`;
  });
}

export function createReglementAchat(db: Db, scope: Scope, id: number, body: ReglementBody): Promise<string> {
  return transaction(db, async (tx) => {
    const a = await lockAchat(tx, scope, id);
    if (a.statut !== 'Validé')
      throw new AppError('accounting.validated', 409, ['Seul un achat validé reçoit un règlement.']);
    const reste = a.montant - a.montant_regle;
    if (reste <= 0) throw new AppError('accounting.validated', 409, ['Cet achat est déjà réglé.']);
    if (body.montant > reste) {
      throw fieldErrors({
        montant: `Le montant dépasse le reste à régler de l'achat (reste : ${formatMoney(reste)}).`,
      });
    }
    const date = body.date_operation ?? todayInGabon();
    const [reg] = await deLAchat(tx, a)
      .insert(reglements)
      .values({
        achat_id: a.id,
        date_operation: date,
        mode: body.mode,
        montant: body.montant,
        reference: body.reference ?? null,
      })
      .returning({ id: reglements.id });
    await posterDecaissementFournisseur(
      tx,
      {
        entreprise_id: a.entreprise_id,
        date_operation: date,
        mode: body.mode,
        montant: body.montant,
        libelle: `Règlement achat n°${a.id}`,
        piece: `ACH-${a.id}`,
        fournisseur_id: a.fournisseur_id,
      },
      reg!.id,
    );
    await lettrerAchat(tx, a);
    const regle = a.montant_regle + body.montant;
    const statut = statutReglement(a.montant, regle);
    await deLAchat(tx, a)
      .update(achats)
      .set({ montant_regle: regle, statut_reglement: statut })
      .where(eq(achats.id, a.id));
    return `Règlement de ${formatMoney(body.montant)} enregistré : achat ${statut.toLowerCase()}.`;
  });
}
