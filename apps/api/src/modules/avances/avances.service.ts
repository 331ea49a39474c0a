import {
  AVANCE_MSG,
  type AvanceBody,
  type AvanceUpdateBody,
  avancePeriodeRefus,
  CHAUFFEUR_TYPES,
  dateComptableRefus,
  type FichierEnvoye,
  finExercice,
  type JustificatifBody,
  type JustificatifOut,
  jourAGabon,
  NATURES_PIECE_DE_CAISSE,
  nomComplet,
  resteAvance,
  type SolderBody,
  sensSolde,
  todayInGabon,
} from '@yams/shared';
import { and, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/core.table';
import { scoped } from '../../db/scoped';
import { resolveEntrepriseExistante } from '../../db/tenancy';
import { fieldErrors } from '../../lib/errors';
import type { StoredFiles } from '../../lib/stored-files';
import { transaction } from '../../lib/transaction';
import type { Scope } from '../../plugins/auth';
import { derniereCloture } from '../accounting/exercices';
import { contrePasserSource } from '../accounting/journal.service';
import { fraisRoute, photosChauffeur, pleinsCarburant } from '../chauffeur/chauffeur.table';
import { remplacerPhoto } from '../chauffeur/photo-remplacee';
import { courses } from '../operations/operations.table';
import { assertOwnRow } from '../reference/reference.checks';
import { avanceFermee } from './avances.errors';
import { posterJustificatif, posterRemise, posterSolde, sourceDuJustificatif } from './avances.postings';
import { findAvance, justificatifsDe, justifieSql, lignesChauffeur } from './avances.repository';
import { avanceDepenses, avances } from './avances.table';

// The writes of driver advances: each step posts its entry in its own transaction (avances.postings.ts), the
// advance locked, so two settlements or a settlement and an attachment never cross.

type Avance = typeof avances.$inferSelect;

async function nomDuChauffeur(tx: Db, entrepriseId: number, id: number): Promise<string> {
  const [u] = await scoped(tx, { entrepriseId })
    .select({ nom: users.nom, prenom: users.prenom, name: users.name })
    .from(users)
    .where(eq(users.id, id));
  return u ? nomComplet(u) : '';
}

/** The driver (a camionneur or coursier of the company) and the course (of the company, his when assigned). */
async function checkRefs(tx: Db, entrepriseId: number, chauffeurId: number, courseId: number | null) {
  const s = scoped(tx, { entrepriseId });
  await assertOwnRow(
    s,
    users,
    chauffeurId,
    'chauffeur_id',
    AVANCE_MSG.chauffeurInconnu,
    inArray(users.type, [...CHAUFFEUR_TYPES]),
  );
  if (!courseId) return;
  const [c] = await s
    .select({ chauffeur_id: courses.chauffeur_id })
    .from(courses)
    .where(eq(courses.id, courseId));
  if (!c) throw fieldErrors({ course_id: AVANCE_MSG.courseInconnue });
  if (c.chauffeur_id !== null && c.chauffeur_id !== chauffeurId) {
    throw fieldErrors({ course_id: AVANCE_MSG.courseAutreChauffeur });
  }
}

const ouverte = (a: Avance) => {
  if (a.statut === 'Annulée') throw avanceFermee(AVANCE_MSG.annulee);
  if (a.statut !== 'Ouverte') throw avanceFermee();
};

export async function createAvance(db: Db, scope: Scope, body: AvanceBody): Promise<number> {
  const entrepriseId = await resolveEntrepriseExistante(db, scope, body.entreprise_id);
  return transaction(db, async (tx) => {
    await checkRefs(tx, entrepriseId, body.chauffeur_id, body.course_id ?? null);
    const [row] = await scoped(tx, { entrepriseId })
      .insert(avances)
      .values({
        chauffeur_id: body.chauffeur_id,
        course_id: body.course_id ?? null,
        date_debut: body.date_debut ?? null,
        date_fin: body.date_fin ?? null,
        montant: body.montant,
        mode: body.mode,
        date_operation: body.date_operation,
        reference: body.reference ?? null,
        note: body.note ?? null,
      })
      .returning();
    await posterRemise(tx, row!, await nomDuChauffeur(tx, entrepriseId, body.chauffeur_id));
    // What the driver already recorded for this course or period justifies it at once.
    for (const l of await lignesChauffeur(tx, entrepriseId, body.chauffeur_id, null)) {
      await justifierSiOuverte(tx, entrepriseId, l.type as 'plein' | 'frais', l.id);
    }
    return row!.id;
  });
}

/** While open: what is sent changes; a changed amount, mode or day reverses the posting and posts it anew. */
export async function updateAvance(db: Db, scope: Scope, id: number, body: AvanceUpdateBody): Promise<void> {
  await transaction(db, async (tx) => {
    const a = await findAvance(tx, scope, id, true);
    ouverte(a);
    const merged = {
      chauffeur_id: body.chauffeur_id ?? a.chauffeur_id,
      course_id: body.course_id === undefined ? a.course_id : body.course_id,
      date_debut: body.date_debut === undefined ? a.date_debut : body.date_debut,
      date_fin: body.date_fin === undefined ? a.date_fin : body.date_fin,
    };
    const refus = avancePeriodeRefus(merged);
    if (refus) throw fieldErrors({ [refus.champ]: refus.message });
    if (merged.chauffeur_id !== a.chauffeur_id && (await justificatifsDe(tx, a)).length) {
      throw fieldErrors({ chauffeur_id: AVANCE_MSG.chauffeurFige });
    }
    await checkRefs(tx, a.entreprise_id, merged.chauffeur_id, merged.course_id);
    const [apres] = await scoped(tx, { entrepriseId: a.entreprise_id })
      .update(avances)
      .set({
        ...merged,
        ...(body.montant !== undefined ? { montant: body.montant } : {}),
        ...(body.mode !== undefined ? { mode: body.mode } : {}),
        ...(body.date_operation !== undefined ? { date_operation: body.date_operation } : {}),
        ...(body.reference !== undefined ? { reference: body.reference } : {}),
        ...(body.note !== undefined ? { note: body.note } : {}),
      })
      .where(eq(avances.id, id))
      .returning();
    const b = apres!;
    if (
      b.montant !== a.montant ||
      b.mode !== a.mode ||
      b.date_operation !== a.date_operation ||
      b.chauffeur_id !== a.chauffeur_id
    ) {
      // The first posting is reversed on its own day: that day's journal no longer shows the old figures.
      await contrePasserSource(
        tx,
        a.entreprise_id,
        { type: 'avance', id },
        a.date_operation,
        "Modification de l'avance",
      );
      await posterRemise(tx, b, await nomDuChauffeur(tx, a.entreprise_id, b.chauffeur_id));
    }
  });
}

/** The stored fill or road expense of the company, with what decides whether it may justify an advance. */
async function releve(tx: Db, entrepriseId: number, type: 'plein' | 'frais', id: number) {
  const s = scoped(tx, { entrepriseId });
  if (type === 'plein') {
    const [p] = await s
      .select({
        chauffeur_id: pleinsCarburant.chauffeur_id,
        course_id: pleinsCarburant.course_id,
        avance_id: pleinsCarburant.avance_id,
        mode: pleinsCarburant.mode_paiement,
        date: pleinsCarburant.date_plein,
      })
      .from(pleinsCarburant)
      .where(eq(pleinsCarburant.id, id))
      .for('update');
    return p ?? null;
  }
  const [f] = await s
    .select({
      chauffeur_id: fraisRoute.chauffeur_id,
      course_id: fraisRoute.course_id,
      avance_id: fraisRoute.avance_id,
      mode: sql<string | null>`null`,
      date: fraisRoute.date_frais,
    })
    .from(fraisRoute)
    .where(eq(fraisRoute.id, id))
    .for('update');
  return f ?? null;
}

const tableDe = (type: 'plein' | 'frais') => (type === 'plein' ? pleinsCarburant : fraisRoute);

/** The line as it will justify `a`: read from the driver's lines of the advance once attached. */
async function ligneAttachee(tx: Db, a: Avance, type: JustificatifOut['type'], id: number) {
  const l = (await justificatifsDe(tx, a)).find((x) => x.type === type && x.id === id);
  if (!l) throw new Error(`avances : justificatif ${type} ${id} introuvable après rattachement.`);
  return l;
}

async function attacher(tx: Db, a: Avance, type: 'plein' | 'frais', id: number): Promise<void> {
  const r = await releve(tx, a.entreprise_id, type, id);
  if (!r) throw fieldErrors({ id: type === 'plein' ? AVANCE_MSG.pleinInconnu : AVANCE_MSG.fraisInconnu });
  if (r.chauffeur_id !== a.chauffeur_id) throw fieldErrors({ id: AVANCE_MSG.autreChauffeur });
  if (r.avance_id !== null) throw fieldErrors({ id: AVANCE_MSG.dejaJustifie });
  if (type === 'plein' && r.mode !== null && r.mode !== 'avance')
    throw fieldErrors({ id: AVANCE_MSG.pleinAutreMode });
  const s = scoped(tx, { entrepriseId: a.entreprise_id });
  if (type === 'plein') {
    await s
      .update(pleinsCarburant)
      .set({ avance_id: a.id, mode_paiement: 'avance' })
      .where(eq(pleinsCarburant.id, id));
  } else await s.update(fraisRoute).set({ avance_id: a.id }).where(eq(fraisRoute.id, id));
  await posterJustificatif(tx, a, await ligneAttachee(tx, a, type, id));
}

/** A detached line: its posting reversed on its own day; an office expense is removed with it. */
async function detacher(tx: Db, a: Avance, type: JustificatifOut['type'], id: number): Promise<string[]> {
  const l = (await justificatifsDe(tx, a)).find((x) => x.type === type && x.id === id);
  if (!l)
    throw fieldErrors({ id: type === 'depense' ? AVANCE_MSG.depenseInconnue : AVANCE_MSG.pasSurAvance });
  await contrePasserSource(
    tx,
    a.entreprise_id,
    sourceDuJustificatif(type, id),
    l.date,
    "Justificatif détaché de l'avance",
  );
  const s = scoped(tx, { entrepriseId: a.entreprise_id });
  if (type === 'depense') {
    const photos = await s
      .delete(photosChauffeur)
      .where(and(eq(photosChauffeur.objet, 'depense'), eq(photosChauffeur.objet_id, id)))
      .returning({ chemin: photosChauffeur.chemin });
    await s.delete(avanceDepenses).where(eq(avanceDepenses.id, id));
    return photos.map((p) => p.chemin);
  } else {
    const t = tableDe(type);
    await s.update(t).set({ avance_id: null }).where(eq(t.id, id));
  }
  return [];
}

/** `POST /api/avances/{id}/justificatifs`: attach, detach, or enter an office expense; each posted. */
export async function justifier(
  db: Db,
  files: StoredFiles,
  scope: Scope,
  id: number,
  body: JustificatifBody,
): Promise<string> {
  let retires: string[] = [];
  const message = await transaction(db, async (tx) => {
    const a = await findAvance(tx, scope, id, true);
    ouverte(a);
    if (body.action === 'ajouter') {
      const [d] = await scoped(tx, { entrepriseId: a.entreprise_id })
        .insert(avanceDepenses)
        .values({
          avance_id: a.id,
          nature: body.nature!,
          libelle: body.libelle!,
          montant: body.montant!,
          tva: NATURES_PIECE_DE_CAISSE[body.nature!].compteTva ? (body.tva ?? 0) : 0,
          date_operation: body.date_operation!,
        })
        .returning({ id: avanceDepenses.id });
      await posterJustificatif(tx, a, await ligneAttachee(tx, a, 'depense', d!.id));
      return 'La dépense a été ajoutée à l’avance.';
    }
    if (body.action === 'attacher') {
      await attacher(tx, a, body.type as 'plein' | 'frais', body.id!);
      return 'Le justificatif a été rattaché à l’avance.';
    }
    retires = await detacher(tx, a, body.type!, body.id!);
    return body.type === 'depense'
      ? 'La dépense a été retirée de l’avance.'
      : 'Le justificatif a été détaché de l’avance.';
  });
  // The removed expense's receipt, once its row is gone.
  for (const c of retires) await files.remove(c);
  return message;
}

async function justifieDe(tx: Db, a: Avance): Promise<number> {
  const [r] = await scoped(tx, { entrepriseId: a.entreprise_id })
    .select({ j: justifieSql })
    .from(avances)
    .where(eq(avances.id, a.id));
  return Number(r?.j ?? 0);
}

/** Settles the rest to the franc: the remainder returned by the driver, or the shortfall paid to him. */
export async function solder(db: Db, scope: Scope, id: number, body: SolderBody): Promise<string> {
  return transaction(db, async (tx) => {
    const a = await findAvance(tx, scope, id, true);
    if (a.statut === 'Soldée') throw avanceFermee(AVANCE_MSG.soldeDejaFait);
    ouverte(a);
    const reste = resteAvance(a.montant, await justifieDe(tx, a));
    const attendu = Math.abs(reste);
    if (body.montant !== attendu)
      throw fieldErrors({ montant: AVANCE_MSG.soldeMontant(attendu, sensSolde(reste)) });
    if (reste !== 0 && !body.mode) throw fieldErrors({ mode: AVANCE_MSG.modeObligatoire });
    const date = body.date_operation ?? todayInGabon();
    const mode = reste === 0 ? null : body.mode!;
    if (mode) {
      await posterSolde(tx, a, {
        reste,
        mode,
        date_operation: date,
        chauffeur: await nomDuChauffeur(tx, a.entreprise_id, a.chauffeur_id),
      });
    }
    await scoped(tx, { entrepriseId: a.entreprise_id })
      .update(avances)
      .set({
        statut: 'Soldée',
        solde_montant: attendu,
        solde_sens: reste > 0 ? 'rendu' : reste < 0 ? 'verse' : null,
        solde_mode: mode,
        solde_date: date,
      })
      .where(eq(avances.id, id));
    if (reste > 0)
      return `L'avance est soldée : le chauffeur a rendu ${new Intl.NumberFormat('de-DE').format(attendu)} FCFA.`;
    if (reste < 0)
      return `L'avance est soldée : ${new Intl.NumberFormat('de-DE').format(attendu)} FCFA ont été versés au chauffeur.`;
    return "L'avance est soldée : elle est entièrement justifiée.";
  });
}

/**
 * Cancels an open advance: every posting of it reversed today, its fills and road expenses freed (they may
 * justify another advance); its office expenses stay on it, reversed.
 */
export async function annuler(db: Db, scope: Scope, id: number, motif: string | null): Promise<string> {
  return transaction(db, async (tx) => {
    const a = await findAvance(tx, scope, id, true);
    if (a.statut === 'Soldée') throw avanceFermee(AVANCE_MSG.annulerSoldee);
    ouverte(a);
    const today = todayInGabon();
    const motifEcriture = "Annulation de l'avance";
    for (const l of await justificatifsDe(tx, a)) {
      await contrePasserSource(tx, a.entreprise_id, sourceDuJustificatif(l.type, l.id), today, motifEcriture);
    }
    await contrePasserSource(tx, a.entreprise_id, { type: 'avance', id }, today, motifEcriture);
    const s = scoped(tx, { entrepriseId: a.entreprise_id });
    await s.update(pleinsCarburant).set({ avance_id: null }).where(eq(pleinsCarburant.avance_id, id));
    await s.update(fraisRoute).set({ avance_id: null }).where(eq(fraisRoute.avance_id, id));
    await s
      .update(avances)
      .set({
        statut: 'Annulée',
        annule_le: new Date().toISOString(),
        annule_par: scope.user.id,
        motif_annulation: motif,
      })
      .where(eq(avances.id, id));
    return "L'avance a été annulée et ses écritures contre-passées.";
  });
}

/** A day an entry may be dated on (within the accounting dates, not in a closed exercise). */
async function jourPostable(tx: Db, entrepriseId: number, jour: string): Promise<boolean> {
  if (dateComptableRefus(jour)) return false;
  const close = await derniereCloture(scoped(tx, { entrepriseId }));
  return close === null || jour > finExercice(close);
}

/**
 * The wired hook (chauffeur/avance-justifiee.ts): a fill paid « Avance du chauffeur » or a road expense,
 * just written, justifies the driver's open advance for its course, else his open advance whose period holds
 * its day. Nothing happens when there is none, or when its day cannot be posted (a closed exercise): the
 * office attaches it by hand then.
 */
export async function justifierSiOuverte(
  tx: Db,
  entrepriseId: number,
  type: 'plein' | 'frais',
  id: number,
): Promise<void> {
  const r = await releve(tx, entrepriseId, type, id);
  if (!r || r.chauffeur_id === null || r.avance_id !== null) return;
  if (type === 'plein' && r.mode !== 'avance') return;
  const jour = jourAGabon(r.date);
  const s = scoped(tx, { entrepriseId });
  const ouvertes = and(eq(avances.chauffeur_id, r.chauffeur_id), eq(avances.statut, 'Ouverte'));
  const [pourCourse] = r.course_id
    ? await s
        .select()
        .from(avances)
        .where(and(ouvertes, eq(avances.course_id, r.course_id)))
        .orderBy(desc(avances.id))
        .limit(1)
    : [];
  const [pourPeriode] = pourCourse
    ? [pourCourse]
    : await s
        .select()
        .from(avances)
        .where(
          and(
            ouvertes,
            isNull(avances.course_id),
            lte(avances.date_debut, jour),
            gte(avances.date_fin, jour),
          ),
        )
        .orderBy(desc(avances.id))
        .limit(1);
  const a = pourPeriode;
  if (!a || !(await jourPostable(tx, entrepriseId, jour))) return;
  await attacher(tx, a, type, id);
}

/** The receipt's photo of an expense entered at the office: joined to it, or replacing its own. */
export async function joindreRecuDepense(
  db: Db,
  files: StoredFiles,
  scope: Scope,
  id: number,
  depenseId: number,
  photo: FichierEnvoye,
): Promise<void> {
  const a = await findAvance(db, scope, id);
  const [d] = await scoped(db, { entrepriseId: a.entreprise_id })
    .select({ id: avanceDepenses.id })
    .from(avanceDepenses)
    .where(and(eq(avanceDepenses.id, depenseId), eq(avanceDepenses.avance_id, id)));
  if (!d) throw fieldErrors({ depense_id: AVANCE_MSG.depenseInconnue });
  await remplacerPhoto(db, files, a.entreprise_id, 'depense', depenseId, photo);
}
