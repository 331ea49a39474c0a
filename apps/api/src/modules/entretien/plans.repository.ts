import type { PlanEntretienOut, plansEntretienContract, QueryOf } from '@yams/shared';
import { and, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { toIso } from '../../db/columns';
import { scoped } from '../../db/scoped';
import { AppError } from '../../lib/errors';
import { likePattern } from '../../lib/filters-ids';
import type { ListSource } from '../../lib/pagination';
import { orderFor } from '../../lib/sorting';
import type { Scope } from '../../plugins/auth';
import { type PlanEntretien, plansEntretien, vehicules } from '../fleet/fleet.table';
import { articles, services, typesVehicules } from '../reference/reference.table';

export const planNotFound = () =>
  new AppError('plans_entretien.not_found', 404, ["Ce plan d'entretien n'existe pas."]);

const nf = (n: number) => new Intl.NumberFormat('fr-FR').format(n).replace(/\u202f|\u00a0/g, ' ');
/** « 10 000 km ou 6 mois ». */
export const intervalleTexte = (p: Pick<PlanEntretien, 'intervalle_km' | 'intervalle_mois'>) =>
  [
    p.intervalle_km ? `${nf(p.intervalle_km)} km` : null,
    p.intervalle_mois ? `${p.intervalle_mois} mois` : null,
  ]
    .filter(Boolean)
    .join(' ou ');

const columns = {
  plan: plansEntretien,
  plaque: vehicules.plaque,
  type_libelle: typesVehicules.libelle,
};

const select = (db: Db, scope: Scope) =>
  scoped(db, scope)
    .select(columns)
    .from(plansEntretien)
    .leftJoin(vehicules, eq(vehicules.id, plansEntretien.vehicule_id))
    .leftJoin(typesVehicules, eq(typesVehicules.id, plansEntretien.type_vehicule_id));

type Row = { plan: PlanEntretien; plaque: string | null; type_libelle: string | null };

/** Rows with the names of their services and articles (one query each for the page). */
async function toOut(db: Db, scope: Scope, rows: Row[]): Promise<PlanEntretienOut[]> {
  const sIds = [...new Set(rows.flatMap((r) => r.plan.service_ids))];
  const aIds = [...new Set(rows.flatMap((r) => r.plan.article_ids))];
  const s = scoped(db, scope);
  const sv = sIds.length
    ? await s
        .select({ id: services.id, libelle: services.libelle, prix: services.montant })
        .from(services)
        .where(inArray(services.id, sIds))
    : [];
  const ar = aIds.length
    ? await s
        .select({ id: articles.id, libelle: articles.nom, prix: articles.prix_unitaire })
        .from(articles)
        .where(inArray(articles.id, aIds))
    : [];
  return rows.map(({ plan: p, plaque, type_libelle }) => ({
    id: p.id,
    entreprise_id: p.entreprise_id,
    libelle: p.libelle,
    vehicule_id: p.vehicule_id,
    vehicule: p.vehicule_id && plaque ? { id: p.vehicule_id, plaque } : null,
    type_vehicule_id: p.type_vehicule_id,
    type_vehicule:
      p.type_vehicule_id && type_libelle ? { id: p.type_vehicule_id, libelle: type_libelle } : null,
    cible: plaque ?? (type_libelle ? `Type : ${type_libelle}` : '—'),
    intervalle_km: p.intervalle_km,
    intervalle_mois: p.intervalle_mois,
    intervalle: intervalleTexte(p),
    service_ids: p.service_ids,
    article_ids: p.article_ids,
    services: p.service_ids.flatMap((id) => sv.filter((x) => x.id === id)),
    articles: p.article_ids.flatMap((id) => ar.filter((x) => x.id === id)),
    actif: p.actif,
    created_at: toIso(p.created_at),
    updated_at: toIso(p.updated_at),
  }));
}

type Query = QueryOf<typeof plansEntretienContract>;

function conditions(q: Query) {
  return and(
    q.search ? ilike(plansEntretien.libelle, likePattern(q.search)) : undefined,
    q.vehicule ? eq(plansEntretien.vehicule_id, q.vehicule) : undefined,
    q.type_vehicule ? eq(plansEntretien.type_vehicule_id, q.type_vehicule) : undefined,
    q.actif ? eq(plansEntretien.actif, q.actif === 'oui') : undefined,
  );
}

export function listPlans(db: Db, scope: Scope, q: Query): ListSource<PlanEntretienOut> {
  return {
    count: async () =>
      Number(
        (
          await scoped(db, scope)
            .select({ n: sql<number>`count(*)` })
            .from(plansEntretien)
            .where(conditions(q))
        )[0]?.n ?? 0,
      ),
    rows: async (limit, offset) =>
      toOut(
        db,
        scope,
        await select(db, scope)
          .where(conditions(q))
          .orderBy(
            ...orderFor(
              q.sort,
              {
                libelle: plansEntretien.libelle,
                intervalle_km: plansEntretien.intervalle_km,
                intervalle_mois: plansEntretien.intervalle_mois,
                created_at: plansEntretien.created_at,
              },
              { asc: [plansEntretien.libelle, plansEntretien.id] },
            ),
          )
          .limit(limit)
          .offset(offset),
      ),
  };
}

export async function getPlan(db: Db, scope: Scope, id: number): Promise<PlanEntretienOut> {
  const rows = await select(db, scope).where(eq(plansEntretien.id, id));
  if (!rows.length) throw planNotFound();
  return (await toOut(db, scope, rows))[0]!;
}
