import {
  type AvanceDetailOut,
  type AvanceOut,
  type AvanceStatut,
  avanceCan,
  type avancesContract,
  type JustificatifOut,
  jourAGabon,
  type MODES_PAIEMENT,
  NATURE_DES_FRAIS,
  NATURES_PIECE_DE_CAISSE,
  type NaturePieceDeCaisse,
  numeroAvance,
  type QueryOf,
  resteAvance,
} from '@yams/shared';
import { and, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { toIso } from '../../db/columns';
import { users } from '../../db/core.table';
import { scoped } from '../../db/scoped';
import { dateRangeCondition } from '../../lib/filters-dates';
import { searchCondition } from '../../lib/filters-ids';
import { countsOf, type ListSource } from '../../lib/pagination';
import { orderFor } from '../../lib/sorting';
import type { Scope } from '../../plugins/auth';
import { fraisRoute, photosChauffeur, pleinsCarburant } from '../chauffeur/chauffeur.table';
import { MAX_ID } from '../fleet/fleet.errors';
import { courses } from '../operations/operations.table';
import { avanceNotFound } from './avances.errors';
import { avanceDepenses, avances } from './avances.table';

// The advances as the office reads them: what was given, what justifies it (fills, road expenses, office
// expenses), what remains.

type Mode = (typeof MODES_PAIEMENT)[number];

const nomChauffeur = sql<string>`coalesce(nullif(trim(concat_ws(' ', ${users.nom}, ${users.prenom})), ''), ${users.name})`;

/**
 * Every justified franc of an advance: its fills, its road expenses, its office expenses. The outer table is
 * named in full (`avances.id`): drizzle writes a one-table query's columns bare, which the subqueries would
 * read as their own.
 */
export const justifieSql = sql<number>`(
  coalesce((select sum(p.montant) from pleins_carburant p where p.avance_id = avances.id and p.entreprise_id = avances.entreprise_id), 0)
  + coalesce((select sum(f.montant) from frais_route f where f.avance_id = avances.id and f.entreprise_id = avances.entreprise_id), 0)
  + coalesce((select sum(d.montant) from avance_depenses d where d.avance_id = avances.id and d.entreprise_id = avances.entreprise_id), 0)
)::int`;

const select = (db: Db, scope: Scope, total?: SQL<number>) =>
  scoped(db, scope)
    .select({
      ...(total ? { total } : {}),
      row: avances,
      chauffeur: nomChauffeur,
      course_code: courses.code,
      justifie: justifieSql,
    })
    .from(avances)
    .innerJoin(users, eq(users.id, avances.chauffeur_id))
    .leftJoin(courses, eq(courses.id, avances.course_id));

type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

function toOut({ row: r, chauffeur, course_code, justifie }: Row): AvanceOut {
  const j = Number(justifie);
  return {
    id: r.id,
    entreprise_id: r.entreprise_id,
    numero: numeroAvance(r.id),
    chauffeur: { id: r.chauffeur_id, nom_complet: chauffeur },
    course: r.course_id && course_code ? { id: r.course_id, code: course_code } : null,
    date_debut: r.date_debut,
    date_fin: r.date_fin,
    montant: r.montant,
    mode: r.mode as Mode,
    date_operation: r.date_operation,
    reference: r.reference,
    note: r.note,
    statut: r.statut as AvanceStatut,
    justifie: j,
    reste: resteAvance(r.montant, j),
    solde_montant: r.solde_montant,
    solde_sens: r.solde_sens as 'rendu' | 'verse' | null,
    solde_mode: r.solde_mode as Mode | null,
    solde_date: r.solde_date,
    can: avanceCan(r),
    created_at: toIso(r.created_at),
    updated_at: toIso(r.updated_at),
  };
}

type Query = QueryOf<typeof avancesContract>;

function conditions(q: Query) {
  return and(
    q.chauffeur ? eq(avances.chauffeur_id, q.chauffeur) : undefined,
    q.course ? eq(avances.course_id, q.course) : undefined,
    q.statut ? eq(avances.statut, q.statut) : undefined,
    dateRangeCondition(avances.date_operation, q, 'date'),
    searchCondition(q.search, [nomChauffeur, avances.reference, courses.code, sql`'AV-' || ${avances.id}`]),
  );
}

export function listAvances(db: Db, scope: Scope, q: Query): ListSource<AvanceOut> {
  const where = conditions(q);
  const order = orderFor(
    q.sort,
    {
      date_operation: avances.date_operation,
      montant: avances.montant,
      statut: avances.statut,
      chauffeur: users.nom,
    },
    { desc: [avances.date_operation, avances.id] },
  );
  const counts = countsOf(db, () =>
    scoped(db, scope)
      .select({ one: sql`1` })
      .from(avances)
      .innerJoin(users, eq(users.id, avances.chauffeur_id))
      .leftJoin(courses, eq(courses.id, avances.course_id))
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

/** The stored row of an advance of the scope, or 404 exactly like a missing one (`lock`: for update). */
export async function findAvance(db: Db, scope: Scope, id: number, lock = false) {
  if (id > MAX_ID) throw avanceNotFound();
  const q = scoped(db, scope).select().from(avances).where(eq(avances.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw avanceNotFound();
  return row;
}

export async function getAvanceOut(db: Db, scope: Scope, id: number): Promise<AvanceOut> {
  if (id > MAX_ID) throw avanceNotFound();
  const [row] = await select(db, scope).where(eq(avances.id, id)).limit(1);
  if (!row) throw avanceNotFound();
  return toOut(row);
}

/** A justifying line of its nature: its charge account, its TVA where the nature allows it. */
function ligne(
  type: JustificatifOut['type'],
  r: { id: number; montant: number; tva?: number; course_id: number | null; course_code: string | null },
  date: string,
  libelle: string,
  nature: NaturePieceDeCaisse,
  photo: number | null,
): JustificatifOut {
  return {
    type,
    id: r.id,
    date,
    libelle,
    nature,
    compte: NATURES_PIECE_DE_CAISSE[nature].compte,
    montant: r.montant,
    tva: NATURES_PIECE_DE_CAISSE[nature].compteTva ? (r.tva ?? 0) : 0,
    course: r.course_id && r.course_code ? { id: r.course_id, code: r.course_code } : null,
    photo_id: photo,
  };
}

const photoDe = (objet: 'carburant' | 'frais' | 'depense', id: SQL | unknown) =>
  sql<
    number | null
  >`(select max(ph.id) from ${photosChauffeur} ph where ph.objet = ${objet} and ph.objet_id = ${id})`;

const libellePlein = (p: { litres: number; station: string | null }) =>
  `Carburant ${new Intl.NumberFormat('fr-FR').format(p.litres)} L${p.station ? ` — ${p.station}` : ''}`;
const libelleFrais = (f: { type: string; note: string | null }) => `${f.type}${f.note ? ` — ${f.note}` : ''}`;

/**
 * The fills and road expenses of a driver: those attached to `avanceId`, or (`avanceId` null) those free to
 * justify one — fills paid « Avance du chauffeur » or of no stated mode, and every road expense.
 */
export async function lignesChauffeur(
  db: Db,
  entrepriseId: number,
  chauffeurId: number,
  avanceId: number | null,
): Promise<JustificatifOut[]> {
  const s = scoped(db, { entrepriseId });
  const pleins = await s
    .select({
      id: pleinsCarburant.id,
      montant: pleinsCarburant.montant,
      litres: pleinsCarburant.litres,
      station: pleinsCarburant.station,
      date: pleinsCarburant.date_plein,
      course_id: pleinsCarburant.course_id,
      course_code: courses.code,
      photo: photoDe('carburant', pleinsCarburant.id),
    })
    .from(pleinsCarburant)
    .leftJoin(courses, eq(courses.id, pleinsCarburant.course_id))
    .where(
      and(
        eq(pleinsCarburant.chauffeur_id, chauffeurId),
        avanceId === null
          ? and(
              isNull(pleinsCarburant.avance_id),
              or(isNull(pleinsCarburant.mode_paiement), eq(pleinsCarburant.mode_paiement, 'avance')),
            )
          : eq(pleinsCarburant.avance_id, avanceId),
      ),
    )
    .orderBy(desc(pleinsCarburant.date_plein))
    .limit(200);
  const frais = await s
    .select({
      id: fraisRoute.id,
      montant: fraisRoute.montant,
      type: fraisRoute.type,
      note: fraisRoute.note,
      date: fraisRoute.date_frais,
      course_id: fraisRoute.course_id,
      course_code: courses.code,
      photo: photoDe('frais', fraisRoute.id),
    })
    .from(fraisRoute)
    .leftJoin(courses, eq(courses.id, fraisRoute.course_id))
    .where(
      and(
        eq(fraisRoute.chauffeur_id, chauffeurId),
        avanceId === null ? isNull(fraisRoute.avance_id) : eq(fraisRoute.avance_id, avanceId),
      ),
    )
    .orderBy(desc(fraisRoute.date_frais))
    .limit(200);
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return [
    ...pleins.map((p) => ligne('plein', p, jourAGabon(p.date), libellePlein(p), 'carburant', num(p.photo))),
    ...frais.map((f) =>
      ligne(
        'frais',
        f,
        jourAGabon(f.date),
        libelleFrais(f),
        NATURE_DES_FRAIS[f.type as keyof typeof NATURE_DES_FRAIS] ?? 'divers',
        num(f.photo),
      ),
    ),
  ];
}

/** Every line that justifies an advance: fills, road expenses, office expenses, by day. */
export async function justificatifsDe(
  db: Db,
  a: { id: number; entreprise_id: number; chauffeur_id: number },
): Promise<JustificatifOut[]> {
  const depenses = await scoped(db, { entrepriseId: a.entreprise_id })
    .select({
      id: avanceDepenses.id,
      nature: avanceDepenses.nature,
      libelle: avanceDepenses.libelle,
      montant: avanceDepenses.montant,
      tva: avanceDepenses.tva,
      date_operation: avanceDepenses.date_operation,
      // Named in full: a one-table query writes its columns bare, which the subquery would read as its own.
      photo: photoDe('depense', sql.raw('avance_depenses.id')),
    })
    .from(avanceDepenses)
    .where(eq(avanceDepenses.avance_id, a.id));
  const lignes = [
    ...(await lignesChauffeur(db, a.entreprise_id, a.chauffeur_id, a.id)),
    ...depenses.map((d) =>
      ligne(
        'depense',
        { ...d, course_id: null, course_code: null },
        d.date_operation,
        d.libelle,
        d.nature as NaturePieceDeCaisse,
        d.photo === null ? null : Number(d.photo),
      ),
    ),
  ];
  return lignes.sort((x, y) => x.date.localeCompare(y.date) || x.id - y.id);
}

export async function getAvance(db: Db, scope: Scope, id: number): Promise<AvanceDetailOut> {
  const out = await getAvanceOut(db, scope, id);
  const justificatifs = await justificatifsDe(db, {
    id,
    entreprise_id: out.entreprise_id,
    chauffeur_id: out.chauffeur.id,
  });
  return { ...out, justificatifs };
}
