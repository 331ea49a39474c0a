import type {
  carburantContract,
  ModePaiementCarburant,
  PleinOut,
  QueryOf,
  SaisieCarburant,
} from '@yams/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { toIso } from '../../db/columns';
import { scoped } from '../../db/scoped';
import { dateRangeCondition } from '../../lib/filters-dates';
import { searchCondition } from '../../lib/filters-ids';
import { countsOf, type ListSource } from '../../lib/pagination';
import { orderFor } from '../../lib/sorting';
import type { Scope } from '../../plugins/auth';
import { pleinsCarburant } from '../chauffeur/chauffeur.table';
import { MAX_ID } from '../fleet/fleet.errors';
import { vehicules } from '../fleet/fleet.table';
import { courses } from '../operations/operations.table';
import { pleinNotFound } from './carburant.errors';

// The fills as the office lists them: the driver's app's, the office's and the imports', one table.

const nomChauffeur = sql<
  string | null
>`(select coalesce(nullif(trim(concat_ws(' ', u.nom, u.prenom)), ''), u.name) from users u where u.id = ${pleinsCarburant.chauffeur_id})`;
const photoId = sql<
  number | null
>`(select max(ph.id) from photos_chauffeur ph where ph.objet = 'carburant' and ph.objet_id = ${pleinsCarburant.id} and ph.entreprise_id = ${pleinsCarburant.entreprise_id})`;

const select = (db: Db, scope: Scope, total?: SQL<number>) =>
  scoped(db, scope)
    .select({
      ...(total ? { total } : {}),
      row: pleinsCarburant,
      plaque: vehicules.plaque,
      course_code: courses.code,
      chauffeur: nomChauffeur,
      photo_id: photoId,
    })
    .from(pleinsCarburant)
    .innerJoin(vehicules, eq(vehicules.id, pleinsCarburant.vehicule_id))
    .leftJoin(courses, eq(courses.id, pleinsCarburant.course_id));

type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

function toOut({ row: r, plaque, course_code, chauffeur, photo_id }: Row): PleinOut {
  return {
    id: r.id,
    entreprise_id: r.entreprise_id,
    vehicule_id: r.vehicule_id,
    vehicule: { id: r.vehicule_id, plaque },
    date: toIso(r.date_plein),
    chauffeur_id: r.chauffeur_id,
    chauffeur: r.chauffeur_id ? { id: r.chauffeur_id, nom_complet: chauffeur ?? '' } : null,
    course_id: r.course_id,
    course: r.course_id && course_code ? { id: r.course_id, code: course_code } : null,
    station: r.station,
    litres: r.litres,
    prix_litre: r.prix_litre,
    montant: r.montant,
    kilometrage: r.kilometrage,
    plein_complet: r.plein,
    mode_paiement: r.mode_paiement as ModePaiementCarburant | null,
    saisie: r.saisie as SaisieCarburant,
    anomalies: r.anomalies,
    photo_id: photo_id === null ? null : Number(photo_id),
    created_at: toIso(r.created_at),
    updated_at: toIso(r.updated_at),
  };
}

type Query = QueryOf<typeof carburantContract>;

function conditions(q: Query) {
  const ouiNon = (v: 'oui' | 'non' | undefined, c: SQL) =>
    v === 'oui' ? c : v === 'non' ? sql`not (${c})` : undefined;
  return and(
    q.vehicule ? eq(pleinsCarburant.vehicule_id, q.vehicule) : undefined,
    q.chauffeur ? eq(pleinsCarburant.chauffeur_id, q.chauffeur) : undefined,
    q.course ? eq(pleinsCarburant.course_id, q.course) : undefined,
    q.mode_paiement ? eq(pleinsCarburant.mode_paiement, q.mode_paiement) : undefined,
    q.saisie ? eq(pleinsCarburant.saisie, q.saisie) : undefined,
    ouiNon(q.anomalie, sql`jsonb_array_length(${pleinsCarburant.anomalies}) > 0`),
    ouiNon(q.plein_complet, sql`${pleinsCarburant.plein}`),
    dateRangeCondition(pleinsCarburant.date_plein, q, 'timestamp'),
    searchCondition(q.search, [vehicules.plaque, pleinsCarburant.station, courses.code]),
  );
}

export function listPleins(db: Db, scope: Scope, q: Query): ListSource<PleinOut> {
  const where = conditions(q);
  const order = orderFor(
    q.sort,
    {
      date: pleinsCarburant.date_plein,
      litres: pleinsCarburant.litres,
      montant: pleinsCarburant.montant,
      kilometrage: pleinsCarburant.kilometrage,
      vehicule: vehicules.plaque,
      station: pleinsCarburant.station,
    },
    { desc: [pleinsCarburant.date_plein, pleinsCarburant.id] },
  );
  const counts = countsOf(db, () =>
    scoped(db, scope)
      .select({ one: sql`1` })
      .from(pleinsCarburant)
      .innerJoin(vehicules, eq(vehicules.id, pleinsCarburant.vehicule_id))
      .leftJoin(courses, eq(courses.id, pleinsCarburant.course_id))
      .where(where),
  );
  const query = (limit: number, offset: number, total?: SQL<number>) =>
    select(db, scope, total)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
  return counts.source(query, toOut);
}

/** The stored row of a fill of the scope, or 404 exactly like a missing one. */
export async function findPlein(db: Db, scope: Scope, id: number) {
  if (id > MAX_ID) throw pleinNotFound();
  const [row] = await scoped(db, scope)
    .select()
    .from(pleinsCarburant)
    .where(eq(pleinsCarburant.id, id))
    .limit(1);
  if (!row) throw pleinNotFound();
  return row;
}

export async function getPlein(db: Db, scope: Scope, id: number): Promise<PleinOut> {
  if (id > MAX_ID) throw pleinNotFound();
  const [row] = await select(db, scope).where(eq(pleinsCarburant.id, id)).limit(1);
  if (!row) throw pleinNotFound();
  return toOut(row);
}
