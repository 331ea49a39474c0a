import type { FactureItemOut, FactureOut } from '@yams/shared';
import { factureCan, factureDetailCan } from '@yams/shared';
import { and, asc, count, eq, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { scoped } from '../../db/scoped';
import { type DateRange, dateRangeCondition } from '../../lib/filters-dates';
import type { ListSource } from '../../lib/pagination';
import { orderFor, type Sortable } from '../../lib/sorting';
import type { Scope } from '../../plugins/auth';
import { nomCompletSql } from '../operations/operations.refs';
import { courses } from '../operations/operations.table';
import { villes } from '../reference/reference.table';
import { factureNotFound } from './accounting.errors';
import { coursesFacturees, type Facture, factureLignes, factures, reglements } from './accounting.table';

const client = alias(users, 'client');
const auteur = alias(users, 'auteur');

const itemColumns = {
  id: factures.id,
  entreprise_id: factures.entreprise_id,
  numero: factures.numero,
  type: factures.type,
  date_operation: factures.date_operation,
  client_id: factures.client_id,
  // A validated invoice names its client as it was validated (facture.figee.ts).
  client_nom: sql<string>`coalesce(${factures.client_fige}->>'nom_complet', ${nomCompletSql(client)})`,
  total_ht: factures.total_ht,
  total_ttc: factures.total_ttc,
  net_a_payer: factures.net_a_payer,
  montant_regle: factures.montant_regle,
  est_valide: factures.est_valide,
  statut: factures.statut,
  created_at: factures.created_at,
  updated_at: factures.updated_at,
};

type ItemRow = { [K in keyof typeof itemColumns]: unknown } & {
  net_a_payer: number;
  montant_regle: number;
  est_valide: boolean;
  type: string;
};

/**
 * A row as the lists read it. A credit note (avoir) is a credit: nothing is due on it, and its amount counts
 * against what the client owes (`montant_signe` negative), as the invoice list shows it.
 */
function toItem(r: ItemRow): FactureItemOut {
  const avoir = r.type === 'Avoir';
  const reste_a_payer = avoir ? 0 : Math.max(0, r.net_a_payer - r.montant_regle);
  const montant_signe = avoir ? -r.net_a_payer : r.net_a_payer;
  return { ...r, reste_a_payer, montant_signe, can: factureCan({ ...r, reste_a_payer }) } as FactureItemOut;
}

export interface FactureFilters extends DateRange, Sortable {
  client?: number;
  type?: string;
  statut?: string;
  est_valide?: boolean;
}

export function listFactures(db: Db, scope: Scope, f: FactureFilters): ListSource<FactureItemOut> {
  const order = orderFor(
    f.sort,
    {
      date_operation: factures.date_operation,
      numero: factures.numero,
      client: nomCompletSql(client),
      type: factures.type,
      net_a_payer: factures.net_a_payer,
      statut: factures.statut,
    },
    { desc: [factures.date_operation, factures.id] },
  );
  const where = and(
    f.client ? eq(factures.client_id, f.client) : undefined,
    f.type ? eq(factures.type, f.type) : undefined,
    f.statut ? eq(factures.statut, f.statut) : undefined,
    f.est_valide === undefined ? undefined : eq(factures.est_valide, f.est_valide),
    dateRangeCondition(factures.date_operation, f, 'date'),
  );
  return {
    async count() {
      const [row] = await scoped(db, scope).select({ n: count() }).from(factures).where(where);
      return row?.n ?? 0;
    },
    async rows(limit, offset) {
      const rows = await scoped(db, scope)
        .select(itemColumns)
        .from(factures)
        .innerJoin(client, eq(client.id, factures.client_id))
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
      return rows.map((r) => toItem(r as ItemRow));
    },
  };
}

/** The invoice row locked for the rest of the transaction, or 404. */
export async function lockFacture(tx: Db, scope: Scope, id: number): Promise<Facture> {
  const [row] = await scoped(tx, scope).select().from(factures).where(eq(factures.id, id)).for('update');
  if (!row) throw factureNotFound();
  return row;
}

export async function getFactureOut(db: Db, scope: Scope, id: number): Promise<FactureOut> {
  const s = scoped(db, scope);
  const [r] = await s
    .select({
      ...itemColumns,
      f: factures,
      c: {
        id: client.id,
        nom: client.nom,
        prenom: client.prenom,
        telephone1: client.telephone1,
        telephone2: client.telephone2,
        email: client.email,
        adresse: client.adresse,
        bp: client.bp,
      },
      auteur_id: auteur.id,
      auteur_nom: nomCompletSql(auteur),
    })
    .from(factures)
    .innerJoin(client, eq(client.id, factures.client_id))
    .leftJoin(auteur, eq(auteur.id, factures.utilisateur_id))
    .where(eq(factures.id, id))
    .limit(1);
  if (!r) throw factureNotFound();
  const [lignes, origine, derivees, regs] = await Promise.all([
    db
      .select({ l: factureLignes, course_code: courses.code })
      .from(factureLignes)
      .leftJoin(courses, eq(courses.id, factureLignes.course_id))
      .where(eq(factureLignes.facture_id, id))
      .orderBy(asc(factureLignes.position), asc(factureLignes.id)),
    r.f.origine_id
      ? s
          .select({ id: factures.id, numero: factures.numero, type: factures.type })
          .from(factures)
          .where(eq(factures.id, r.f.origine_id))
      : Promise.resolve([]),
    s
      .select({
        id: factures.id,
        numero: factures.numero,
        type: factures.type,
        net_a_payer: factures.net_a_payer,
      })
      .from(factures)
      .where(eq(factures.origine_id, id))
      .orderBy(asc(factures.id)),
    s
      .select({
        id: reglements.id,
        date_operation: reglements.date_operation,
        mode: reglements.mode,
        montant: reglements.montant,
        reference: reglements.reference,
      })
      .from(reglements)
      .where(eq(reglements.facture_id, id))
      .orderBy(asc(reglements.date_operation), asc(reglements.id)),
  ]);
  const { f, c } = r;
  const credite = derivees.filter((d) => d.type === 'Avoir').reduce((n, d) => n + d.net_a_payer, 0);
  const item = toItem(r as unknown as ItemRow);
  const avoir_maximum = f.type === 'Normale' && f.est_valide ? Math.max(0, f.net_a_payer - credite) : 0;
  return {
    ...item,
    expirable: f.expirable,
    date_expiration: f.date_expiration,
    delai_paiement: f.delai_paiement,
    date_echeance: f.date_echeance,
    utilisateur: r.auteur_id ? { id: r.auteur_id, nom: r.auteur_nom ?? '' } : null,
    client: f.client_fige ? { id: c.id, ...f.client_fige } : { ...c, nom_complet: r.client_nom as string },
    appliquer_tva: f.appliquer_tva,
    taux_tva: Number(f.taux_tva),
    appliquer_tps: f.appliquer_tps,
    taux_tps: Number(f.taux_tps),
    appliquer_css: f.appliquer_css,
    taux_css: Number(f.taux_css),
    appliquer_reduction: f.appliquer_reduction,
    remise_avant_taxes: f.remise_avant_taxes,
    tva: f.tva,
    tps: f.tps,
    css: f.css,
    reduction: f.reduction,
    conditions: f.conditions,
    mentions: f.mentions,
    content: lignes.map(({ l, course_code }) => ({
      id: l.id,
      description: l.description,
      isTitle: l.is_title,
      qte: l.qte,
      prix_unitaire: l.prix_unitaire,
      reduction: l.reduction,
      net_a_payer: l.net_a_payer,
      course_id: l.course_id,
      course_code,
    })),
    origine: origine[0] ?? null,
    derivees,
    montant_credite: credite,
    avoir_maximum,
    can: factureDetailCan({ ...item, avoir_maximum }),
    reglements: regs,
    validee_le: f.validee_le,
  };
}

const depart = alias(villes, 'depart');
const arrivee = alias(villes, 'arrivee');

/** A client's finished courses of the company that no validated invoice holds yet. */
export async function coursesFacturables(db: Db, scope: Scope, clientId: number) {
  const rows = await scoped(db, scope)
    .select({
      id: courses.id,
      code: courses.code,
      depart: depart.libelle,
      arrivee: arrivee.libelle,
      date: sql<string>`to_char(coalesce(${courses.date_dechargement}, ${courses.date_chargement}) at time zone 'Africa/Libreville', 'YYYY-MM-DD')`,
      montant: courses.montant,
    })
    .from(courses)
    .innerJoin(depart, eq(depart.id, courses.ville_depart_id))
    .innerJoin(arrivee, eq(arrivee.id, courses.ville_arrivee_id))
    .where(
      and(
        eq(courses.client_id, clientId),
        eq(courses.statut, 'Terminé'),
        notExists(
          db.select({ x: sql`1` }).from(coursesFacturees).where(eq(coursesFacturees.course_id, courses.id)),
        ),
      ),
    )
    .orderBy(asc(courses.date_chargement), asc(courses.id))
    .limit(200);
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    trajet: `${r.depart} – ${r.arrivee}`,
    date: r.date,
    montant: r.montant,
  }));
}
