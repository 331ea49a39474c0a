import {
  type CarburantBody,
  CODE_LIVRAISON_ESSAIS_MAX,
  type CourseStatut,
  courseTransitionError,
  type EtapeBody,
  type EtapeOut,
  type FichierEnvoye,
  type FraisBody,
  type IncidentBody,
  LIVRAISON_MSG,
  type LivraisonBody,
  type LivraisonOut,
  nomComplet,
  type ReleveOut,
} from '@yams/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { scoped, type TenantTable } from '../../db/scoped';
import { sameHash } from '../../lib/crypto';
import { fieldErrors } from '../../lib/errors';
import type { StoredFile, StoredFiles } from '../../lib/stored-files';
import { transaction } from '../../lib/transaction';
import type { Scope } from '../../plugins/auth';
import { vehicules } from '../fleet/fleet.table';
import { notify } from '../notifications/notify';
import { appliquerStatut } from '../operations/courses.service';
import { type Course, courses } from '../operations/operations.table';
import { justifierAvance } from './avance-justifiee';
import { conflitChauffeur } from './chauffeur.errors';
import {
  courseEtapes,
  fraisRoute,
  incidentsRoute,
  livraisons,
  photosChauffeur,
  pleinsCarburant,
} from './chauffeur.table';
import { lockCourseChauffeur, vehiculesDuChauffeur } from './courses-chauffeur.repository';
import { etapeOut, livraisonOut, photosOf, releveOut } from './journal.repository';
import { verifierPleinChauffeur } from './plein-verifie';

// What a driver records on the road. Every write is idempotent twice over: the Idempotency-Key of the
// outbox (plugins/idempotency.ts, 24 hours) and the row's own `id_client` (unique per driver, for ever): a
// replay finds its row and answers it again, whatever happened meanwhile.

type Releve = TenantTable & { id: AnyPgColumn; chauffeur_id: AnyPgColumn; id_client: AnyPgColumn };

/** The driver's row with this outbox id, if it was already recorded. */
async function dejaRecu<T extends Releve>(tx: Db, scope: Scope, table: T, idClient: string) {
  const [row] = await scoped(tx, scope)
    .select()
    .from(table)
    .where(and(eq(table.chauffeur_id, scope.user.id), eq(table.id_client, idClient)))
    .limit(1);
  return row as T['$inferSelect'] | undefined;
}

const position = (b: { lat?: number | null; lng?: number | null }) => ({
  lat: b.lat ?? null,
  lng: b.lng ?? null,
});
const chauffeurNom = (scope: Scope) => nomComplet(scope.user);

/** The main path of a course; a step behind the course's place on it is recorded late, not refused. */
const CHEMIN: CourseStatut[] = [
  'Chargement en attente',
  'Chargement terminé',
  'Transport en cours',
  'Terminé',
];
const DATE_DE: Partial<
  Record<CourseStatut, 'date_chargement_reelle' | 'date_depart_reelle' | 'date_dechargement_reelle'>
> = {
  'Chargement terminé': 'date_chargement_reelle',
  'Transport en cours': 'date_depart_reelle',
  Terminé: 'date_dechargement_reelle',
};

/**
 * How a step applies to the course as it is now: 'move' (the lifecycle allows it, or it is further along the
 * main path: steps sent after an offline day may skip one that is still on its way), 'late' (the course is
 * already past it: recorded for the timeline, its actual time filled if missing), or the conflict's sentence.
 */
function planEtape(c: Course, to: CourseStatut): 'move' | 'late' | string {
  const from = c.statut as CourseStatut;
  if (from === 'Annulé') {
    return `La course ${c.code} a été annulée par le bureau : l'étape « ${to} » n'a pas été enregistrée.`;
  }
  if (!courseTransitionError(from, to, c.statut_avant_probleme as CourseStatut | null)) return 'move';
  const here = CHEMIN.indexOf(
    from === 'Problemes mécaniques' ? (c.statut_avant_probleme as CourseStatut) : from,
  );
  const there = CHEMIN.indexOf(to);
  if (there >= 0 && here >= 0) return there > here ? 'move' : 'late';
  return `${courseTransitionError(from, to, c.statut_avant_probleme as CourseStatut | null)} L'étape n'a pas été enregistrée.`;
}

export function enregistrerEtape(db: Db, scope: Scope, courseId: number, body: EtapeBody): Promise<EtapeOut> {
  return transaction(db, async (tx) => {
    // A replay first (the course may have been given to someone else since), and again once the course is
    // locked (two sends of the same step raced).
    const before = await dejaRecu(tx, scope, courseEtapes, body.id_client);
    if (before) return etapeOut(before, chauffeurNom(scope));
    const c = await lockCourseChauffeur(tx, scope, courseId);
    const again = await dejaRecu(tx, scope, courseEtapes, body.id_client);
    if (again) return etapeOut(again, chauffeurNom(scope));
    const plan = planEtape(c, body.statut);
    if (plan !== 'move' && plan !== 'late') throw conflitChauffeur(plan);
    if (plan === 'move') {
      await appliquerStatut(tx, c, body.statut, {
        at: body.date,
        auteur: scope.user.id,
        par: `étape du chauffeur ${chauffeurNom(scope)}`,
      });
    } else {
      const field = DATE_DE[body.statut];
      if (field && !c[field]) {
        await scoped(tx, scope)
          .update(courses)
          .set({ [field]: body.date })
          .where(eq(courses.id, c.id));
      }
    }
    const [row] = await scoped(tx, scope)
      .insert(courseEtapes)
      .values({
        chauffeur_id: scope.user.id,
        id_client: body.id_client,
        course_id: c.id,
        statut: body.statut,
        statut_precedent: c.statut,
        appliquee: plan === 'move',
        note: body.note ?? null,
        precision_m: body.precision_m ?? null,
        date_etape: body.date,
        ...position(body),
      })
      .returning();
    return etapeOut(row!, chauffeurNom(scope));
  });
}

/**
 * Checks every file of a request before writing any, then writes them; `run` records the rows. The files
 * written are removed again when the transaction fails, so nothing is left behind.
 */
async function avecFichiers<R>(
  files: StoredFiles,
  entrepriseId: number,
  fichiers: Array<{ fichier: FichierEnvoye; champ: string; objet: string }>,
  run: (stored: Array<StoredFile & { objet: string }>) => Promise<R>,
): Promise<R> {
  const checked = fichiers.map((f) => ({ ...files.check(f.fichier, f.champ), objet: f.objet }));
  const stored: Array<StoredFile & { objet: string }> = [];
  try {
    for (const c of checked) stored.push({ ...(await files.write(entrepriseId, c)), objet: c.objet });
    return await run(stored);
  } catch (err) {
    for (const s of stored) await files.remove(s.path);
    throw err;
  }
}

async function insertPhotos(
  tx: Db,
  scope: Scope,
  objetId: number,
  stored: Array<StoredFile & { objet: string }>,
) {
  if (!stored.length) return;
  await scoped(tx, scope)
    .insert(photosChauffeur)
    .values(
      stored.map((s) => ({
        objet: s.objet,
        objet_id: objetId,
        chemin: s.path,
        type: s.type,
        taille: s.taille,
      })),
    );
}

export async function enregistrerLivraison(
  db: Db,
  files: StoredFiles,
  scope: Scope,
  courseId: number,
  body: LivraisonBody,
): Promise<LivraisonOut> {
  const entrepriseId = scope.entrepriseId!;
  const replay = async (tx: Db) => {
    const again = await dejaRecu(tx, scope, livraisons, body.id_client);
    return (
      again &&
      livraisonOut(
        again,
        chauffeurNom(scope),
        await photosOf(tx, scope, ['signature', 'livraison'], [again.id]),
      )
    );
  };
  const first = await replay(db);
  if (first) return first;
  await essaiCode(db, scope, courseId, body.code);
  const fichiers = [
    { fichier: body.signature, champ: 'signature', objet: 'signature' },
    ...body.photos.map((p) => ({ fichier: p as FichierEnvoye, champ: 'photos', objet: 'livraison' })),
  ];
  return avecFichiers(files, entrepriseId, fichiers, (stored) =>
    transaction(db, async (tx) => {
      const c = await lockCourseChauffeur(tx, scope, courseId);
      const again = await replay(tx);
      if (again) throw new Replay(again);
      if (c.statut === 'Annulé') {
        throw conflitChauffeur(
          `La course ${c.code} a été annulée par le bureau : la livraison n'a pas été enregistrée.`,
        );
      }
      const [existing] = await scoped(tx, scope)
        .select({ id: livraisons.id })
        .from(livraisons)
        .where(eq(livraisons.course_id, c.id));
      if (existing) throw conflitChauffeur(`La livraison de la course ${c.code} est déjà enregistrée.`);
      const codeVerifie = verifierCode(c.code_livraison, body.code);
      const [row] = await scoped(tx, scope)
        .insert(livraisons)
        .values({
          chauffeur_id: scope.user.id,
          id_client: body.id_client,
          course_id: c.id,
          receptionnaire: body.receptionnaire,
          code_verifie: codeVerifie,
          note: body.note ?? null,
          date_livraison: body.date,
          ...position(body),
        })
        .returning();
      await insertPhotos(tx, scope, row!.id, stored);
      return livraisonOut(
        row!,
        chauffeurNom(scope),
        await photosOf(tx, scope, ['signature', 'livraison'], [row!.id]),
      );
    }),
  ).catch((err: unknown) => {
    if (err instanceof Replay) return err.answer;
    throw err;
  });
}

const codeTape = (recu: string | null | undefined) => (recu ?? '').replace(/\s/g, '');

/**
 * The delivery code the office asked for on the course (none: nothing to check). Spaces typed in it are
 * ignored; a missing or wrong code is a French 422 on `code`. Answers whether a code was checked.
 */
function verifierCode(attendu: string | null, recu: string | null | undefined): boolean {
  if (!attendu) return false;
  const code = codeTape(recu);
  if (!code) throw fieldErrors({ code: LIVRAISON_MSG.codeObligatoire });
  if (!sameHash(code, attendu)) throw fieldErrors({ code: LIVRAISON_MSG.codeFaux });
  return true;
}

/**
 * A wrong code is counted in its own transaction (the delivery's would roll the count back with it): after
 * CODE_LIVRAISON_ESSAIS_MAX wrong codes the course refuses every code until the office asks for it again, so
 * a 6-digit code cannot be found by trying them all. A course with no code, or a code that matches, goes on.
 */
async function essaiCode(db: Db, scope: Scope, courseId: number, recu: string | null | undefined) {
  const refus = await transaction(db, async (tx) => {
    const c = await lockCourseChauffeur(tx, scope, courseId);
    // A cancelled course answers its own conflict in the delivery's transaction.
    if (!c.code_livraison || c.statut === 'Annulé') return null;
    if (c.code_livraison_essais >= CODE_LIVRAISON_ESSAIS_MAX) return LIVRAISON_MSG.codeBloque;
    const code = codeTape(recu);
    if (!code) return LIVRAISON_MSG.codeObligatoire;
    if (sameHash(code, c.code_livraison)) return null;
    await scoped(tx, scope)
      .update(courses)
      .set({ code_livraison_essais: sql`${courses.code_livraison_essais} + 1` })
      .where(eq(courses.id, c.id));
    return LIVRAISON_MSG.codeFaux;
  });
  if (refus) throw fieldErrors({ code: refus });
}

/** A replay found inside the transaction (two sends raced): its files were not needed. */
class Replay extends Error {
  constructor(readonly answer: LivraisonOut) {
    super('replay');
  }
}

/** The vehicle of a fuel record or an incident: the course's, else one the driver drives. */
async function vehiculeDe(
  tx: Db,
  scope: Scope,
  body: { course_id?: number | null; vehicule_id?: number | null },
) {
  if (body.course_id) {
    const c = await lockCourseChauffeur(tx, scope, body.course_id);
    return { vehiculeId: c.vehicule_id, course: c };
  }
  const siens = await vehiculesDuChauffeur(tx, scope);
  const id = body.vehicule_id ?? (siens.length === 1 ? siens[0] : undefined);
  if (!id) throw fieldErrors({ vehicule_id: 'Choisissez la course ou le véhicule.' });
  if (!siens.includes(id)) throw fieldErrors({ vehicule_id: 'Ce véhicule ne vous est pas confié.' });
  return { vehiculeId: id, course: null };
}

const plaqueOf = async (tx: Db, scope: Scope, id: number) =>
  (
    await scoped(tx, scope).select({ plaque: vehicules.plaque }).from(vehicules).where(eq(vehicules.id, id))
  )[0]?.plaque ?? '';

interface ReleveSpec<T extends Releve, B> {
  table: T;
  objet: 'carburant' | 'frais' | 'incident';
  /** The row's own columns; the vehicle and course resolved. */
  values(
    body: B,
    vehiculeId: number,
    courseId: number | null,
  ): Omit<T['$inferInsert'], 'entreprise_id' | 'chauffeur_id' | 'id_client'>;
  out(row: T['$inferSelect'], plaque: string, photo: number | null): ReleveOut;
  /** After the row is written, in its transaction (the incident tells the office). */
  after?(tx: Db, row: T['$inferSelect'], plaque: string): Promise<void>;
}

/** One writer for fuel, expenses and incidents: replay, vehicle and course, photo, row. */
async function enregistrerReleve<
  T extends Releve,
  B extends {
    id_client: string;
    photo?: FichierEnvoye;
    course_id?: number | null;
    vehicule_id?: number | null;
  },
>(db: Db, files: StoredFiles, scope: Scope, spec: ReleveSpec<T, B>, body: B): Promise<ReleveOut> {
  const answer = async (tx: Db, row: T['$inferSelect']) => {
    const r = row as { id: number; vehicule_id: number };
    const [photo] = await photosOf(tx, scope, [spec.objet], [r.id]);
    return spec.out(row, await plaqueOf(tx, scope, r.vehicule_id), photo?.id ?? null);
  };
  const first = await dejaRecu(db, scope, spec.table, body.id_client);
  if (first) return answer(db, first);
  const fichiers = body.photo ? [{ fichier: body.photo, champ: 'photo', objet: spec.objet }] : [];
  return avecFichiers(files, scope.entrepriseId!, fichiers, (stored) =>
    transaction(db, async (tx) => {
      const { vehiculeId, course } = await vehiculeDe(tx, scope, body);
      const again = await dejaRecu(tx, scope, spec.table, body.id_client);
      if (again) return answer(tx, again);
      const [row] = (await scoped(tx, scope)
        .insert(spec.table)
        .values({
          ...spec.values(body, vehiculeId, course?.id ?? null),
          chauffeur_id: scope.user.id,
          id_client: body.id_client,
        } as never)
        .returning()) as Array<T['$inferSelect']>;
      const id = (row as { id: number }).id;
      await insertPhotos(tx, scope, id, stored);
      if (spec.after) await spec.after(tx, row!, await plaqueOf(tx, scope, vehiculeId));
      return answer(tx, row!);
    }),
  );
}

export function enregistrerCarburant(db: Db, files: StoredFiles, scope: Scope, body: CarburantBody) {
  return enregistrerReleve(
    db,
    files,
    scope,
    {
      table: pleinsCarburant,
      objet: 'carburant',
      values: (b, vehicule_id, course_id) => ({
        vehicule_id,
        course_id,
        litres: b.litres,
        montant: b.montant,
        station: b.station ?? null,
        kilometrage: b.kilometrage ?? null,
        plein: b.plein,
        date_plein: b.date,
        ...position(b),
      }),
      out: (row, plaque, photo) => releveOut('carburant', row, chauffeurNom(scope), plaque, photo),
      // Checked once, as the office's fills are: the office hears of an anomaly at once.
      after: async (tx, row) => {
        await verifierPleinChauffeur()(tx, scope.entrepriseId!, row.id, scope.user.id);
        await justifierAvance()(tx, scope.entrepriseId!, 'plein', row.id);
      },
    },
    body,
  );
}

export function enregistrerFrais(db: Db, files: StoredFiles, scope: Scope, body: FraisBody) {
  return enregistrerReleve(
    db,
    files,
    scope,
    {
      table: fraisRoute,
      objet: 'frais',
      values: (b, vehicule_id, course_id) => ({
        vehicule_id,
        course_id: course_id!,
        type: b.type,
        montant: b.montant,
        note: b.note ?? null,
        date_frais: b.date,
        ...position(b),
      }),
      out: (row, plaque, photo) => releveOut('frais', row, chauffeurNom(scope), plaque, photo),
      // Paid from his advance: it justifies his open advance for the course (or the period) at once.
      after: async (tx, row) => {
        await justifierAvance()(tx, scope.entrepriseId!, 'frais', row.id);
      },
    },
    body,
  );
}

export function enregistrerIncident(db: Db, files: StoredFiles, scope: Scope, body: IncidentBody) {
  return enregistrerReleve(
    db,
    files,
    scope,
    {
      table: incidentsRoute,
      objet: 'incident',
      values: (b, vehicule_id, course_id) => ({
        vehicule_id,
        course_id,
        type: b.type,
        note: b.note,
        date_incident: b.date,
        ...position(b),
      }),
      out: (row, plaque, photo) => releveOut('incident', row, chauffeurNom(scope), plaque, photo),
      after: (tx, row, plaque) =>
        notify(tx, {
          type: 'incident_route',
          titre: `Incident (${row.type}) : ${plaque}`,
          contenu: `${chauffeurNom(scope)} signale : ${row.note}`,
          lien: row.course_id ? `/operations/courses?id=${row.course_id}` : '/parc-auto/vehicules',
          entreprises: [scope.entrepriseId!],
          auteur: scope.user.id,
        }).then(() => undefined),
    },
    body,
  );
}
