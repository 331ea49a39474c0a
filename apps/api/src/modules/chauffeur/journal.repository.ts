import type { EtapeOut, JournalRouteOut, LivraisonOut, ReleveOut } from '@yams/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { scoped } from '../../db/scoped';
import type { Scope } from '../../plugins/auth';
import {
  courseEtapes,
  fraisRoute,
  incidentsRoute,
  livraisons,
  photosChauffeur,
  pleinsCarburant,
} from './chauffeur.table';

// A course's road log, read in the scope: the steps its drivers recorded, the proof of delivery, the fuel,
// expenses and incidents. The office's course detail and the driver's app read the same answer.

const nomChauffeur = (col: AnyPgColumn) =>
  sql<string>`(select coalesce(nullif(trim(concat_ws(' ', u.nom, u.prenom)), ''), u.name) from users u where u.id = ${col})`;
const plaque = (col: AnyPgColumn) => sql<string>`(select v.plaque from vehicules v where v.id = ${col})`;

type Etape = typeof courseEtapes.$inferSelect;
export function etapeOut(e: Etape, chauffeur: string): EtapeOut {
  return {
    id: e.id,
    id_client: e.id_client,
    statut: e.statut as EtapeOut['statut'],
    statut_precedent: e.statut_precedent,
    appliquee: e.appliquee,
    date: e.date_etape,
    note: e.note,
    lat: e.lat,
    lng: e.lng,
    precision_m: e.precision_m,
    chauffeur,
    recu_le: e.created_at,
  };
}

type Livraison = typeof livraisons.$inferSelect;
type Photo = { id: number; objet: string; objet_id: number };
export function livraisonOut(l: Livraison, chauffeur: string, photos: Photo[]): LivraisonOut {
  const mine = photos.filter((p) => p.objet_id === l.id);
  return {
    id: l.id,
    id_client: l.id_client,
    receptionnaire: l.receptionnaire,
    date: l.date_livraison,
    code_verifie: l.code_verifie,
    note: l.note,
    lat: l.lat,
    lng: l.lng,
    signature_id: mine.find((p) => p.objet === 'signature')?.id ?? null,
    photo_ids: mine.filter((p) => p.objet === 'livraison').map((p) => p.id),
    chauffeur,
    recu_le: l.created_at,
  };
}

/** The photos of these rows of one kind (`objet`), in the order they were sent. */
export async function photosOf(db: Db, scope: Scope, objets: string[], ids: number[]): Promise<Photo[]> {
  if (!ids.length) return [];
  return scoped(db, scope)
    .select({ id: photosChauffeur.id, objet: photosChauffeur.objet, objet_id: photosChauffeur.objet_id })
    .from(photosChauffeur)
    .where(and(inArray(photosChauffeur.objet, objets), inArray(photosChauffeur.objet_id, ids)))
    .orderBy(asc(photosChauffeur.id));
}

const releveBase = {
  lat: null,
  lng: null,
  montant: null,
  litres: null,
  station: null,
  kilometrage: null,
  note: null,
} as const;

/** Fuel records, expenses and incidents of a course (or the rows given), as lines of the road log. */
async function relevesOf(db: Db, scope: Scope, where: { course: number }): Promise<ReleveOut[]> {
  const s = scoped(db, scope);
  const [pleins, frais, incidents] = await Promise.all([
    s
      .select({
        row: pleinsCarburant,
        chauffeur: nomChauffeur(pleinsCarburant.chauffeur_id),
        plaque: plaque(pleinsCarburant.vehicule_id),
      })
      .from(pleinsCarburant)
      .where(eq(pleinsCarburant.course_id, where.course)),
    s
      .select({
        row: fraisRoute,
        chauffeur: nomChauffeur(fraisRoute.chauffeur_id),
        plaque: plaque(fraisRoute.vehicule_id),
      })
      .from(fraisRoute)
      .where(eq(fraisRoute.course_id, where.course)),
    s
      .select({
        row: incidentsRoute,
        chauffeur: nomChauffeur(incidentsRoute.chauffeur_id),
        plaque: plaque(incidentsRoute.vehicule_id),
        traitePar: nomChauffeur(incidentsRoute.traite_par),
      })
      .from(incidentsRoute)
      .where(eq(incidentsRoute.course_id, where.course)),
  ]);
  const photos = [
    ...(await photosOf(
      db,
      scope,
      ['carburant'],
      pleins.map((p) => p.row.id),
    )),
    ...(await photosOf(
      db,
      scope,
      ['frais'],
      frais.map((p) => p.row.id),
    )),
    ...(await photosOf(
      db,
      scope,
      ['incident'],
      incidents.map((p) => p.row.id),
    )),
  ];
  const photoOf = (objet: string, id: number) =>
    photos.find((p) => p.objet === objet && p.objet_id === id)?.id ?? null;
  const lines: ReleveOut[] = [
    ...pleins.map(({ row: r, chauffeur, plaque }) =>
      releveOut('carburant', r, chauffeur, plaque, photoOf('carburant', r.id)),
    ),
    ...frais.map(({ row: r, chauffeur, plaque }) =>
      releveOut('frais', r, chauffeur, plaque, photoOf('frais', r.id)),
    ),
    ...incidents.map(({ row: r, chauffeur, plaque, traitePar }) =>
      releveOut('incident', r, chauffeur, plaque, photoOf('incident', r.id), traitePar),
    ),
  ];
  return lines.sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
}

type Plein = typeof pleinsCarburant.$inferSelect;
type Frais = typeof fraisRoute.$inferSelect;
type Incident = typeof incidentsRoute.$inferSelect;

export function releveOut(
  genre: 'carburant',
  r: Plein,
  chauffeur: string,
  plaque: string,
  photo: number | null,
): ReleveOut;
export function releveOut(
  genre: 'frais',
  r: Frais,
  chauffeur: string,
  plaque: string,
  photo: number | null,
): ReleveOut;
export function releveOut(
  genre: 'incident',
  r: Incident,
  chauffeur: string,
  plaque: string,
  photo: number | null,
  traitePar?: string | null,
): ReleveOut;
export function releveOut(
  genre: ReleveOut['genre'],
  r: Plein | Frais | Incident,
  chauffeur: string,
  plaque: string,
  photo: number | null,
  traitePar?: string | null,
): ReleveOut {
  const common = {
    ...releveBase,
    id: r.id,
    id_client: r.id_client ?? '',
    genre,
    course_id: r.course_id,
    vehicule: { id: r.vehicule_id, plaque },
    lat: r.lat,
    lng: r.lng,
    photo_id: photo,
    chauffeur,
    recu_le: r.created_at,
    traitement: null,
  };
  if (genre === 'carburant') {
    const p = r as Plein;
    return {
      ...common,
      date: p.date_plein,
      type: p.plein ? 'Plein' : 'Carburant',
      montant: p.montant,
      litres: p.litres,
      station: p.station,
      kilometrage: p.kilometrage,
    };
  }
  if (genre === 'frais') {
    const f = r as Frais;
    return { ...common, date: f.date_frais, type: f.type, montant: f.montant, note: f.note };
  }
  const i = r as Incident;
  return {
    ...common,
    date: i.date_incident,
    type: i.type,
    note: i.note,
    traitement: traitementOut(i, traitePar),
  };
}

/** An incident's handling by the office, once it is handled. */
export function traitementOut(i: Incident, par: string | null | undefined): ReleveOut['traitement'] {
  return i.traite_le ? { note: i.traitement ?? '', par: par ?? '', le: i.traite_le } : null;
}

/** The whole road log of a course the scope reaches (the caller checked the course). */
export async function journalRoute(db: Db, scope: Scope, courseId: number): Promise<JournalRouteOut> {
  const s = scoped(db, scope);
  const etapes = await s
    .select({ row: courseEtapes, chauffeur: nomChauffeur(courseEtapes.chauffeur_id) })
    .from(courseEtapes)
    .where(eq(courseEtapes.course_id, courseId))
    .orderBy(asc(courseEtapes.date_etape), asc(courseEtapes.id));
  const [livraison] = await s
    .select({ row: livraisons, chauffeur: nomChauffeur(livraisons.chauffeur_id) })
    .from(livraisons)
    .where(eq(livraisons.course_id, courseId));
  const photos = livraison ? await photosOf(db, scope, ['signature', 'livraison'], [livraison.row.id]) : [];
  return {
    etapes: etapes.map((e) => etapeOut(e.row, e.chauffeur)),
    livraison: livraison ? livraisonOut(livraison.row, livraison.chauffeur, photos) : null,
    releves: await relevesOf(db, scope, { course: courseId }),
  };
}
