import { randomBytes } from 'node:crypto';
import {
  type CourseEvenementType,
  endpointPath,
  GPS,
  type LienSuiviCreeOut,
  type LienSuiviOut,
  SUIVI_APRES_LIVRAISON_JOURS,
  type SuiviPublicOut,
  suiviLogoEndpoint,
} from '@yams/shared';
import { and, asc, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scoped } from '../../db/scoped';
import { sha256 } from '../../lib/crypto';
import { fieldErrors } from '../../lib/errors';
import { transaction } from '../../lib/transaction';
import type { Scope } from '../../plugins/auth';
import { getParametres } from '../entreprise/parametres.repository';
import { lockCourse } from '../operations/courses.repository';
import { courseNotFound } from '../operations/operations.errors';
import { courses } from '../operations/operations.table';
import { villes } from '../reference/reference.table';
import { suiviNotFound, suiviSansLogo } from './geolocation.errors';
import { appareils, courseEvenements, liensSuivi, positions } from './geolocation.table';

// Public tracking links of a course: a random token (160 bits, base64url) in the URL, only its SHA-256
// stored. The public answer holds this course's route, its vehicle's position and track during the
// course, and its events — nothing else. A link stops with the course (finished or cancelled) or when revoked.

const FINIS = ['Terminé', 'Annulé'];
const ouverte = (statut: string) => !FINIS.includes(statut);

// The proof of delivery (the driver's app, chauffeur module: that module reads this one, so its table is
// named here in SQL): who received and when, shown on the public page as « Livré à … le … à … ». `courses.id`
// is written out: drizzle writes a column of the selected table unqualified, which the subquery would read as
// its own `l.id`.
const livreA = sql<string | null>`(select l.receptionnaire from livraisons l where l.course_id = courses.id)`;
const livreLe = sql<
  string | null
>`(select to_char(l.date_livraison at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from livraisons l where l.course_id = courses.id)`;
/**
 * A link answers while its course runs, and for SUIVI_APRES_LIVRAISON_JOURS after a delivery once the course
 * is finished (the « Livré à … » summary, without the vehicle's position); never for a cancelled course.
 */
const suiviVisible = sql`(${courses.statut} not in ('Terminé', 'Annulé') or (${courses.statut} = 'Terminé' and exists (select 1 from livraisons l where l.course_id = courses.id and l.date_livraison > now() - make_interval(days => ${SUIVI_APRES_LIVRAISON_JOURS}))))`;

function toLien(r: typeof liensSuivi.$inferSelect, statut: string): LienSuiviOut {
  return {
    id: r.id,
    course_id: r.course_id,
    created_at: r.created_at,
    revoked_at: r.revoked_at,
    actif: r.revoked_at === null && ouverte(statut),
  };
}

export async function listLiens(db: Db, scope: Scope, courseId: number): Promise<LienSuiviOut[]> {
  const [c] = await scoped(db, scope)
    .select({ id: courses.id, statut: courses.statut })
    .from(courses)
    .where(eq(courses.id, courseId));
  if (!c) throw courseNotFound();
  const rows = await scoped(db, scope)
    .select()
    .from(liensSuivi)
    .where(eq(liensSuivi.course_id, c.id))
    .orderBy(desc(liensSuivi.created_at), desc(liensSuivi.id));
  return rows.map((r) => toLien(r, c.statut));
}

/** A new link for an open course; its token is answered this once. */
export function createLien(
  db: Db,
  scope: Scope,
  courseId: number,
  appUrl: string,
): Promise<LienSuiviCreeOut> {
  return transaction(db, async (tx) => {
    const c = await lockCourse(tx, scope, courseId);
    if (!ouverte(c.statut)) {
      throw fieldErrors({
        statut: `La course ${c.code} est au statut « ${c.statut} » : elle ne peut plus être suivie.`,
      });
    }
    const token = randomBytes(20).toString('base64url');
    const [row] = await scoped(tx, { entrepriseId: c.entreprise_id })
      .insert(liensSuivi)
      .values({ course_id: c.id, token_hash: sha256(token), cree_par: scope.user.id })
      .returning();
    const chemin = GPS.suiviPage(token);
    return { ...toLien(row!, c.statut), token, chemin, url: `${appUrl}${chemin}` };
  });
}

/** Revokes every active link of the course; answers how many. */
export function revokeLiens(db: Db, scope: Scope, courseId: number): Promise<{ code: string; n: number }> {
  return transaction(db, async (tx) => {
    const c = await lockCourse(tx, scope, courseId);
    const revoked = await scoped(tx, { entrepriseId: c.entreprise_id })
      .update(liensSuivi)
      .set({ revoked_at: sql`now()` })
      .where(and(eq(liensSuivi.course_id, c.id), isNull(liensSuivi.revoked_at)))
      .returning({ id: liensSuivi.id });
    return { code: c.code, n: revoked.length };
  });
}

/** The link of a token, not revoked: its course and company, or 404. */
async function lienActif(db: Db, token: string) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw suiviNotFound();
  // The link's lookup is by its unguessable hash; everything after is scoped to the course's company.
  const [lien] = await db
    .select({ course_id: liensSuivi.course_id, entreprise_id: liensSuivi.entreprise_id })
    .from(liensSuivi)
    .where(and(eq(liensSuivi.token_hash, sha256(token)), isNull(liensSuivi.revoked_at)))
    .limit(1);
  if (!lien) throw suiviNotFound();
  return lien;
}

/**
 * The carrier's logo of a live link (its path under DATA_DIR/uploads), for the page's heading: 404 for a
 * revoked or unknown link, a finished or cancelled course, or a company without a logo.
 */
export async function suiviLogo(db: Db, token: string): Promise<string> {
  const lien = await lienActif(db, token);
  const [c] = await scoped(db, { entrepriseId: lien.entreprise_id })
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.id, lien.course_id), suiviVisible))
    .limit(1);
  if (!c) throw suiviNotFound();
  const { logo } = await getParametres(db, lien.entreprise_id);
  if (!logo) throw suiviSansLogo();
  return logo;
}

/**
 * The public page's data, found by the token's hash. 404 for an unknown or revoked token and for a finished
 * or cancelled course. Reads are made in the course's company scope.
 */
export async function suiviPublic(db: Db, token: string): Promise<SuiviPublicOut> {
  const lien = await lienActif(db, token);
  const s = scoped(db, { entrepriseId: lien.entreprise_id });
  const ville = (key: 'ville_depart_id' | 'ville_arrivee_id') =>
    sql<string>`(select ${villes.libelle} from ${villes} where ${villes.id} = ${courses[key]})`;
  const [c] = await s
    .select({
      id: courses.id,
      code: courses.code,
      statut: courses.statut,
      vehicule_id: courses.vehicule_id,
      created_at: courses.created_at,
      ville_depart: ville('ville_depart_id'),
      ville_arrivee: ville('ville_arrivee_id'),
      adresse_chargement: courses.adresse_chargement,
      adresse_dechargement: courses.adresse_dechargement,
      chargement_lat: courses.chargement_lat,
      chargement_lng: courses.chargement_lng,
      dechargement_lat: courses.dechargement_lat,
      dechargement_lng: courses.dechargement_lng,
      date_chargement: courses.date_chargement,
      date_dechargement: courses.date_dechargement,
      code_livraison: courses.code_livraison,
      livre_a: livreA,
      livre_le: livreLe,
    })
    .from(courses)
    .where(and(eq(courses.id, lien.course_id), suiviVisible))
    .limit(1);
  if (!c) throw suiviNotFound();
  const enCours = ouverte(c.statut);

  // The vehicle's track while this course holds it (a vehicle carries one open course at a time), over
  // the last GPS.suiviTraceHeures at most.
  const depuis = new Date(
    Math.max(Date.parse(c.created_at), Date.now() - GPS.suiviTraceHeures * 3600_000),
  ).toISOString();
  const devices = s
    .select({ id: appareils.id })
    .from(appareils)
    .where(eq(appareils.vehicule_id, c.vehicule_id));
  const [trace, evenements] = await Promise.all([
    // Once the course is finished, the vehicle's whereabouts are no longer the client's.
    enCours
      ? s
          .select({
            heure: positions.heure,
            latitude: positions.latitude,
            longitude: positions.longitude,
            vitesse: positions.vitesse,
            cap: positions.cap,
          })
          .from(positions)
          .where(and(inArray(positions.appareil_id, devices), gte(positions.heure, depuis)))
          .orderBy(desc(positions.heure))
          .limit(GPS.suiviTracePoints)
      : Promise.resolve([]),
    s
      .select({ type: courseEvenements.type, heure: courseEvenements.heure })
      .from(courseEvenements)
      .where(eq(courseEvenements.course_id, c.id))
      .orderBy(asc(courseEvenements.heure)),
  ]);
  const last = trace[0];
  const lieu = (v: string, adresse: string | null, lat: number | null, lng: number | null) => ({
    ville: v,
    adresse,
    latitude: lat,
    longitude: lng,
  });
  const transporteur = await getParametres(db, lien.entreprise_id);
  return {
    transporteur: {
      nom: transporteur.raison_sociale,
      logo: transporteur.logo ? endpointPath(suiviLogoEndpoint, { token }) : null,
    },
    code: c.code,
    statut: c.statut,
    chargement: lieu(c.ville_depart, c.adresse_chargement, c.chargement_lat, c.chargement_lng),
    dechargement: lieu(c.ville_arrivee, c.adresse_dechargement, c.dechargement_lat, c.dechargement_lng),
    date_chargement: c.date_chargement,
    date_dechargement: c.date_dechargement,
    position: last
      ? {
          heure: last.heure,
          latitude: last.latitude,
          longitude: last.longitude,
          vitesse: last.vitesse,
          cap: last.cap,
        }
      : null,
    trace: trace.reverse().map((p) => ({ heure: p.heure, latitude: p.latitude, longitude: p.longitude })),
    evenements: evenements.map((e) => ({ type: e.type as CourseEvenementType, heure: e.heure })),
    code_livraison: enCours && !c.livre_a ? c.code_livraison : null,
    livraison: c.livre_a && c.livre_le ? { receptionnaire: c.livre_a, date: c.livre_le } : null,
    mis_a_jour: new Date().toISOString(),
  };
}
