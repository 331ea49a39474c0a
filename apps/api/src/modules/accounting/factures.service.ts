import {
  type AvoirBody,
  dateComptableRefus,
  type FactureBody,
  type FactureType,
  type FactureUpdateBody,
  formatMoney,
  type LigneFactureBody,
  montantHorsColonne,
  numeroFacture,
  type ReglementBody,
  SERIES_FACTURE,
  todayInGabon,
  totauxFacture,
} from '@yams/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scoped } from '../../db/scoped';
import { resolveEntreprise } from '../../db/tenancy';
import { AppError, fieldErrors } from '../../lib/errors';
import { sent } from '../../lib/partial-update';
import { transaction } from '../../lib/transaction';
import type { Scope } from '../../plugins/auth';
import { getParametres } from '../entreprise/parametres.repository';
import { lockCourse } from '../operations/courses.repository';
import { assertClient } from '../operations/operations.refs';
import { courses, paiements } from '../operations/operations.table';
import { recomputeEtat } from '../operations/paiements.service';
import { nextNumero } from '../operations/sequence';
import { documentValide } from './accounting.errors';
import { coursesFacturees, type Facture, factureLignes, factures, reglements } from './accounting.table';
import { colonnesEcheance } from './echeances';
import { figer } from './facture.figee';
import { lockFacture } from './factures.repository';
import { passerEcriture } from './journal.service';
import { imputerAvances, lettrerFacture } from './lettrage.service';
import { posterEncaissement, posterFacture } from './postings';

/** Writes on an invoice already found in the scope stay within its company. */
const deLaFacture = (tx: Db, f: Pick<Facture, 'entreprise_id'>) =>
  scoped(tx, { entrepriseId: f.entreprise_id });

/** The company's « remise déduite avant taxes » (settings; off by default). */
async function remiseAvantTaxes(tx: Db, entrepriseId: number): Promise<boolean> {
  return (await getParametres(tx, entrepriseId)).remise_avant_taxes;
}

/** The prefix of a series: the company's chosen one for definitive invoices (settings), else the default. */
export async function prefixeFacture(tx: Db, entrepriseId: number, type: FactureType): Promise<string> {
  if (type !== 'Normale') return SERIES_FACTURE[type];
  return (await getParametres(tx, entrepriseId)).prefixe_facture || SERIES_FACTURE.Normale;
}

type Taxes = Pick<
  FactureBody,
  | 'appliquer_tva'
  | 'taux_tva'
  | 'appliquer_tps'
  | 'taux_tps'
  | 'appliquer_css'
  | 'taux_css'
  | 'appliquer_reduction'
  | 'reduction'
> & { remise_avant_taxes?: boolean };

/** Lines and totals from the shared function; the API never trusts totals sent by a client. */
function calculer(lignes: LigneFactureBody[], t: Taxes) {
  const totaux = totauxFacture(lignes, t);
  // Each amount fits its integer column, or a French 422 (a product of bounded fields is not bounded).
  totaux.lignes.forEach((montant, i) => {
    const trop = montantHorsColonne(`Le montant de la ligne ${i + 1}`, montant);
    if (trop) throw fieldErrors({ [`lignes.${i}.prix_unitaire`]: trop });
  });
  for (const [champ, label] of [
    ['total_ht', 'Le total HT'],
    ['total_ttc', 'Le total TTC'],
  ] as const) {
    const trop = montantHorsColonne(label, totaux[champ]);
    if (trop) throw fieldErrors({ lignes: trop });
  }
  if (totaux.reduction > totaux.total_ht) {
    throw fieldErrors({
      reduction: `La remise ne peut pas dépasser le total HT (${formatMoney(totaux.total_ht)}).`,
    });
  }
  if (totaux.net_a_payer < 0) throw fieldErrors({ reduction: 'Le net à payer ne peut pas être négatif.' });
  return totaux;
}

function colonnes(t: Taxes, totaux: ReturnType<typeof calculer>) {
  return {
    appliquer_tva: !!t.appliquer_tva,
    taux_tva: t.appliquer_tva ? (t.taux_tva ?? 0) : 0,
    appliquer_tps: !!t.appliquer_tps,
    taux_tps: t.appliquer_tps ? (t.taux_tps ?? 0) : 0,
    appliquer_css: !!t.appliquer_css,
    taux_css: t.appliquer_css ? (t.taux_css ?? 0) : 0,
    appliquer_reduction: !!t.appliquer_reduction,
    remise_avant_taxes: !!t.remise_avant_taxes,
    total_ht: totaux.total_ht,
    tva: totaux.tva,
    tps: totaux.tps,
    css: totaux.css,
    reduction: totaux.reduction,
    total_ttc: totaux.total_ttc,
    net_a_payer: totaux.net_a_payer,
  };
}

async function ecrireLignes(tx: Db, factureId: number, lignes: LigneFactureBody[], nets: number[]) {
  await tx.delete(factureLignes).where(eq(factureLignes.facture_id, factureId));
  await tx.insert(factureLignes).values(
    lignes.map((l, i) => ({
      facture_id: factureId,
      position: i,
      description: l.description,
      is_title: !!l.isTitle,
      qte: l.isTitle ? null : (l.qte ?? null),
      prix_unitaire: l.isTitle ? null : (l.prix_unitaire ?? null),
      reduction: l.isTitle ? 0 : (l.reduction ?? 0),
      net_a_payer: nets[i] ?? 0,
      course_id: l.isTitle ? null : (l.course_id ?? null),
    })),
  );
}

/** Course lines: courses of the company and of the invoice's client, finished, each at most once. */
async function verifierCourses(tx: Db, entrepriseId: number, clientId: number, lignes: LigneFactureBody[]) {
  const ids = lignes.flatMap((l) => (l.course_id && !l.isTitle ? [l.course_id] : []));
  if (ids.length === 0) return;
  if (new Set(ids).size !== ids.length)
    throw fieldErrors({ lignes: 'Une course ne peut figurer qu’une fois sur la facture.' });
  const rows = await scoped(tx, { entrepriseId })
    .select({ id: courses.id, code: courses.code, client_id: courses.client_id, statut: courses.statut })
    .from(courses)
    .where(inArray(courses.id, ids));
  for (const [i, l] of lignes.entries()) {
    if (!l.course_id || l.isTitle) continue;
    const c = rows.find((r) => r.id === l.course_id);
    if (!c) throw fieldErrors({ [`lignes.${i}.course_id`]: "Cette course n'existe pas." });
    if (c.client_id !== clientId) {
      throw fieldErrors({
        [`lignes.${i}.course_id`]: `La course ${c.code} n'est pas une course de ce client.`,
      });
    }
    if (c.statut !== 'Terminé') {
      throw fieldErrors({
        [`lignes.${i}.course_id`]: `La course ${c.code} n'est pas terminée : elle ne peut pas encore être facturée.`,
      });
    }
  }
}

export function createFacture(db: Db, scope: Scope, body: FactureBody): Promise<number> {
  return transaction(db, async (tx) => {
    const entrepriseId = resolveEntreprise(scope, body.entreprise_id);
    await assertClient(tx, entrepriseId, body.client_id);
    await verifierCourses(tx, entrepriseId, body.client_id, body.lignes);
    const taxes = { ...body, remise_avant_taxes: await remiseAvantTaxes(tx, entrepriseId) };
    const totaux = calculer(body.lignes, taxes);
    const [row] = await scoped(tx, { entrepriseId })
      .insert(factures)
      .values({
        type: body.type,
        date_operation: body.date_operation,
        expirable: body.expirable,
        date_expiration: body.expirable ? (body.date_expiration ?? null) : null,
        client_id: body.client_id,
        utilisateur_id: scope.user.id,
        conditions: body.conditions ?? null,
        mentions: body.mentions ?? null,
        ...colonnes(taxes, totaux),
        ...(await colonnesEcheance(tx, { ...body, entreprise_id: entrepriseId })),
      })
      .returning({ id: factures.id });
    await ecrireLignes(tx, row!.id, body.lignes, totaux.lignes);
    return row!.id;
  });
}

/** The draft as its body: what an update keeps of the fields it does not send. */
async function corpsActuel(tx: Db, f: Facture): Promise<FactureBody> {
  const lignes = await tx
    .select()
    .from(factureLignes)
    .where(eq(factureLignes.facture_id, f.id))
    .orderBy(asc(factureLignes.position));
  return {
    type: f.type as FactureBody['type'],
    date_operation: f.date_operation,
    client_id: f.client_id,
    expirable: f.expirable,
    date_expiration: f.date_expiration,
    appliquer_tva: f.appliquer_tva,
    taux_tva: f.taux_tva,
    appliquer_tps: f.appliquer_tps,
    taux_tps: f.taux_tps,
    appliquer_css: f.appliquer_css,
    taux_css: f.taux_css,
    appliquer_reduction: f.appliquer_reduction,
    reduction: f.reduction,
    conditions: f.conditions,
    mentions: f.mentions,
    delai_paiement: f.delai_paiement as FactureBody['delai_paiement'],
    lignes: lignes.map((l) => ({
      description: l.description,
      isTitle: l.is_title,
      qte: l.qte ?? undefined,
      prix_unitaire: l.prix_unitaire ?? undefined,
      reduction: l.reduction,
      course_id: l.course_id,
    })),
  };
}

/** Changes the fields sent; lines and totals are computed again from the lines, sent or stored. */
export function updateFacture(db: Db, scope: Scope, id: number, patch: FactureUpdateBody): Promise<void> {
  return transaction(db, async (tx) => {
    const f = await lockFacture(tx, scope, id);
    if (f.est_valide) throw documentValide('Cette facture est validée : elle ne peut plus être modifiée.');
    const { content, ...fields } = sent(patch);
    const lignesEnvoyees = content ?? fields.lignes;
    const body = {
      ...(await corpsActuel(tx, f)),
      ...fields,
      ...(lignesEnvoyees ? { lignes: lignesEnvoyees } : {}),
    } as FactureBody;
    await assertClient(tx, f.entreprise_id, body.client_id);
    await verifierCourses(tx, f.entreprise_id, body.client_id, body.lignes);
    // A draft follows the company's setting as it is when saved; a validated invoice keeps its own.
    const taxes = { ...body, remise_avant_taxes: await remiseAvantTaxes(tx, f.entreprise_id) };
    const totaux = calculer(body.lignes, taxes);
    await deLaFacture(tx, f)
      .update(factures)
      .set({
        type: body.type,
        date_operation: body.date_operation,
        expirable: body.expirable,
        date_expiration: body.expirable ? (body.date_expiration ?? null) : null,
        client_id: body.client_id,
        conditions: body.conditions ?? null,
        mentions: body.mentions ?? null,
        ...colonnes(taxes, totaux),
        ...(await colonnesEcheance(tx, { ...body, entreprise_id: f.entreprise_id })),
      })
      .where(eq(factures.id, id));
    // The lines are written again only when sent (their ids, and the history, stay otherwise).
    if (lignesEnvoyees) await ecrireLignes(tx, id, body.lignes, totaux.lignes);
  });
}

export function destroyFacture(db: Db, scope: Scope, id: number): Promise<string> {
  return transaction(db, async (tx) => {
    const f = await lockFacture(tx, scope, id);
    if (f.est_valide) {
      throw documentValide('Une facture validée ne peut pas être supprimée : établissez un avoir.');
    }
    await deLaFacture(tx, f).delete(factures).where(eq(factures.id, id));
    return `La facture n°${id} (brouillon) a été supprimée.`;
  });
}

/** The next number of the document's series and year; never a series for a year out of the accounting dates. */
async function numeroter(tx: Db, f: Pick<Facture, 'entreprise_id' | 'date_operation'>, type: FactureType) {
  const horsBornes = dateComptableRefus(f.date_operation);
  if (horsBornes) throw fieldErrors({ date_operation: horsBornes });
  const annee = Number(f.date_operation.slice(0, 4));
  const n = await nextNumero(tx, f.entreprise_id, `facture:${type}`, annee);
  return numeroFacture(await prefixeFacture(tx, f.entreprise_id, type), annee, n);
}

/**
 * Validates a draft. A definitive invoice gets the next number of its company and year (the counter row
 * stays locked until commit: two validations never share or skip a number), holds its courses and is
 * posted in the Vente journal. A pro forma gets its own pro forma number and produces a definitive draft.
 */
export function validateFacture(db: Db, scope: Scope, id: number): Promise<string> {
  return transaction(db, async (tx) => {
    const f = await lockFacture(tx, scope, id);
    if (f.est_valide) throw documentValide(`Cette facture est déjà validée (${f.numero}).`);
    const now = new Date().toISOString();
    if (f.type === 'Pro forma') {
      const numero = await numeroter(tx, f, 'Pro forma');
      await deLaFacture(tx, f)
        .update(factures)
        .set({ numero, est_valide: true, statut: 'Transformée', validee_le: now, ...(await figer(tx, f)) })
        .where(eq(factures.id, id));
      const {
        id: _id,
        numero: _n,
        created_at: _c,
        updated_at: _u,
        validee_le: _v,
        emetteur: _e,
        client_fige: _cf,
        ...copie
      } = f;
      const [definitive] = await deLaFacture(tx, f)
        .insert(factures)
        .values({
          ...copie,
          type: 'Normale',
          statut: 'Brouillon',
          est_valide: false,
          origine_id: f.id,
          utilisateur_id: scope.user.id,
        })
        .returning({ id: factures.id });
      const lignes = await tx.select().from(factureLignes).where(eq(factureLignes.facture_id, id));
      if (lignes.length) {
        await tx
          .insert(factureLignes)
          .values(lignes.map(({ id: _lid, ...l }) => ({ ...l, facture_id: definitive!.id })));
      }
      return `La facture pro forma ${numero} est validée ; sa facture définitive (brouillon n°${definitive!.id}) a été créée.`;
    }
    const numero = await numeroter(tx, f, 'Normale');
    const lignes = await tx.select().from(factureLignes).where(eq(factureLignes.facture_id, id));
    const courseIds = lignes.flatMap((l) => (l.course_id ? [l.course_id] : []));
    if (courseIds.length) {
      const deja = await deLaFacture(tx, f)
        .select({ code: courses.code, numero: factures.numero })
        .from(factures)
        .innerJoin(coursesFacturees, eq(factures.id, coursesFacturees.facture_id))
        .innerJoin(courses, eq(courses.id, coursesFacturees.course_id))
        .where(inArray(coursesFacturees.course_id, courseIds))
        .limit(1);
      if (deja[0]) {
        throw documentValide(
          `La course ${deja[0].code} figure déjà sur la facture validée ${deja[0].numero}.`,
        );
      }
      await tx.insert(coursesFacturees).values(courseIds.map((course_id) => ({ course_id, facture_id: id })));
    }
    const [validee] = await deLaFacture(tx, f)
      .update(factures)
      .set({
        numero,
        est_valide: true,
        statut: f.net_a_payer === 0 ? 'Soldé' : 'Validée',
        validee_le: now,
        ...(await figer(tx, f)),
      })
      .where(eq(factures.id, id))
      .returning();
    await posterFacture(tx, validee!);
    // Courses paid before this invoice: their advances (4191) settle it, matched at once.
    const impute = await imputerAvances(tx, validee!, (lignes) =>
      passerEcriture(tx, {
        entreprise_id: f.entreprise_id,
        date_operation: validee!.date_operation,
        type: 'Operation Diverse',
        libelle: `Imputation des avances sur la facture ${numero}`,
        piece: numero,
        source_type: 'imputation_avance',
        source_id: id,
        lignes,
      }),
    );
    if (impute > 0) {
      await majRegle(tx, validee!, impute);
      await lettrerFacture(tx, validee!);
      return impute >= validee!.net_a_payer
        ? `La facture ${numero} a été validée ; les avances reçues (${formatMoney(impute)}) la soldent.`
        : `La facture ${numero} a été validée ; les avances reçues (${formatMoney(impute)}) y sont imputées.`;
    }
    return `La facture ${numero} a été validée.`;
  });
}

const dejaCredite = async (tx: Db, f: Facture) => {
  const factureId = f.id;
  const [row] = await deLaFacture(tx, f)
    .select({ total: sql<number>`coalesce(sum(${factures.net_a_payer}), 0)`.mapWith(Number) })
    .from(factures)
    .where(and(eq(factures.origine_id, factureId), eq(factures.type, 'Avoir')));
  return row?.total ?? 0;
};

/** A credit note on a validated definitive invoice: validated, numbered in its own series, posted. */
export function createAvoir(db: Db, scope: Scope, id: number, body: AvoirBody): Promise<number> {
  return transaction(db, async (tx) => {
    const f = await lockFacture(tx, scope, id);
    if (f.type !== 'Normale' || !f.est_valide) {
      throw documentValide('Un avoir ne s’établit que sur une facture définitive validée.');
    }
    const origine = await tx.select().from(factureLignes).where(eq(factureLignes.facture_id, id));
    const partiel = !!body.lignes?.length;
    const lignes: LigneFactureBody[] = partiel
      ? body.lignes!.map((l) => ({ ...l, course_id: null }))
      : origine
          .sort((a, b) => a.position - b.position)
          .map((l) => ({
            description: l.description,
            isTitle: l.is_title,
            qte: l.qte ?? undefined,
            prix_unitaire: l.prix_unitaire ?? undefined,
            reduction: l.reduction,
            course_id: null,
          }));
    const taxes = {
      appliquer_tva: f.appliquer_tva,
      taux_tva: Number(f.taux_tva),
      appliquer_tps: f.appliquer_tps,
      taux_tps: Number(f.taux_tps),
      appliquer_css: f.appliquer_css,
      taux_css: Number(f.taux_css),
      appliquer_reduction: partiel ? false : f.appliquer_reduction,
      reduction: partiel ? 0 : f.reduction,
      remise_avant_taxes: f.remise_avant_taxes,
    };
    const totaux = calculer(lignes, taxes);
    // The rule: a credit note takes back at most the invoice's net à payer minus the credit notes already
    // issued on it, read under the invoice's row lock (two credit notes at once are checked one after the
    // other). What the client already paid does not lower it: the part beyond what remains due is owed
    // back to the client (411 ends in credit), to refund or to set against a later invoice.
    const restant = f.net_a_payer - (await dejaCredite(tx, f));
    if (restant <= 0) {
      throw fieldErrors({ lignes: `La facture ${f.numero} est déjà entièrement couverte par ses avoirs.` });
    }
    if (totaux.net_a_payer > restant) {
      throw fieldErrors({
        lignes: `L'avoir (${formatMoney(totaux.net_a_payer)}) dépasse ce qui reste à créditer sur la facture ${f.numero} (maximum : ${formatMoney(restant)}).`,
      });
    }
    if (totaux.net_a_payer <= 0) throw fieldErrors({ lignes: "L'avoir doit avoir un montant." });
    const date = body.date_operation ?? todayInGabon();
    const numero = await numeroter(tx, { entreprise_id: f.entreprise_id, date_operation: date }, 'Avoir');
    const [avoir] = await deLaFacture(tx, f)
      .insert(factures)
      .values({
        type: 'Avoir',
        numero,
        date_operation: date,
        client_id: f.client_id,
        utilisateur_id: scope.user.id,
        conditions: null,
        mentions: body.motif ?? `Avoir sur la facture ${f.numero}`,
        // A credit note is owed back at once (set against what the client owes).
        delai_paiement: 'comptant',
        date_echeance: date,
        ...colonnes(taxes, totaux),
        est_valide: true,
        statut: 'Soldé',
        origine_id: f.id,
        validee_le: new Date().toISOString(),
        // A credit note is a new document: issued with today's details.
        ...(await figer(tx, f)),
      })
      .returning();
    await ecrireLignes(tx, avoir!.id, lignes, totaux.lignes);
    await posterFacture(tx, avoir!);
    await majRegle(tx, f, totaux.net_a_payer);
    await lettrerFacture(tx, f);
    return avoir!.id;
  });
}

/** Adds to what no longer remains due on an invoice; 'Soldé' when nothing remains. */
async function majRegle(tx: Db, f: Facture, montant: number) {
  const regle = f.montant_regle + montant;
  await deLaFacture(tx, f)
    .update(factures)
    .set({ montant_regle: regle, statut: regle >= f.net_a_payer ? 'Soldé' : 'Validée' })
    .where(eq(factures.id, f.id));
}

/**
 * A settlement of a validated invoice: a payment posted in Banque or Caisse by its mode. On an invoice
 * built from courses, the amount also settles those courses, oldest first, as validated payments (they
 * appear in Paiements and the courses' etat follows).
 */
export function createReglement(db: Db, scope: Scope, id: number, body: ReglementBody): Promise<string> {
  return transaction(db, async (tx) => {
    const f = await lockFacture(tx, scope, id);
    if (f.type !== 'Normale' || !f.est_valide) {
      throw new AppError('accounting.validated', 409, [
        'Seule une facture définitive validée reçoit un règlement.',
      ]);
    }
    const reste = f.net_a_payer - f.montant_regle;
    if (reste <= 0)
      throw new AppError('accounting.validated', 409, [`La facture ${f.numero} est déjà soldée.`]);
    if (body.montant > reste) {
      throw fieldErrors({
        montant: `Le montant dépasse le reste à payer de la facture (reste : ${formatMoney(reste)}).`,
      });
    }
    const date = body.date_operation ?? todayInGabon();
    const [reg] = await deLaFacture(tx, f)
      .insert(reglements)
      .values({
        facture_id: f.id,
        date_operation: date,
        mode: body.mode,
        montant: body.montant,
        reference: body.reference ?? null,
      })
      .returning({ id: reglements.id });
    await majRegle(tx, f, body.montant);
    // The courses of the invoice, lowest id first (the lock order of every money write on courses).
    const lignes = await tx
      .select({ course_id: factureLignes.course_id })
      .from(factureLignes)
      .where(eq(factureLignes.facture_id, f.id));
    let aRepartir = body.montant;
    for (const courseId of lignes.flatMap((l) => (l.course_id ? [l.course_id] : [])).sort((a, b) => a - b)) {
      if (aRepartir <= 0) break;
      const course = await lockCourse(tx, scope, courseId);
      const part = Math.min(aRepartir, course.montant - course.montant_paye);
      if (part <= 0) continue;
      await scoped(tx, { entrepriseId: course.entreprise_id })
        .insert(paiements)
        .values({
          course_id: course.id,
          client_id: course.client_id,
          date_operation: date,
          libelle: `Règlement ${f.numero}`,
          mode: body.mode,
          reference: body.reference ?? null,
          montant: part,
          statut: 'Validé',
          reglement_id: reg!.id,
        });
      await recomputeEtat(tx, course);
      aRepartir -= part;
    }
    // Posted last: the monthly movements' rows it takes (mouvements_mensuels) come after the invoice's and
    // the courses' row locks, in the order of every other posting (a payment validated on one of these
    // courses locks the course, then posts).
    await posterEncaissement(
      tx,
      {
        entreprise_id: f.entreprise_id,
        date_operation: date,
        mode: body.mode,
        montant: body.montant,
        libelle: `Règlement ${f.numero}`,
        piece: f.numero,
        client_id: f.client_id,
      },
      { type: 'reglement', id: reg!.id },
    );
    // Settled in full: the invoice and what settled it get one letter; a partial settlement stays open.
    await lettrerFacture(tx, f);
    const soldee = body.montant >= reste;
    return soldee
      ? `Règlement de ${formatMoney(body.montant)} enregistré : la facture ${f.numero} est soldée.`
      : `Règlement de ${formatMoney(body.montant)} enregistré sur la facture ${f.numero}.`;
  });
}
