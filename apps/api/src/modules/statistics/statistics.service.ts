import {
  addDays,
  type KpisOut,
  periodeBornes,
  type StatistiquesQuery,
  tendance,
  todayInGabon,
} from '@yams/shared';
import type { Db } from '../../db/client';
import { scoped } from '../../db/scoped';
import { resolveEntrepriseExistante } from '../../db/tenancy';
import type { Scope } from '../../plugins/auth';
import * as repo from './statistics.repository';

/** A transporteur's own figures; a superadmin's of one company (`?entreprise=`) or of the whole platform. */
export async function statsScope(db: Db, scope: Scope, q: StatistiquesQuery): Promise<repo.StatsScope> {
  const entrepriseId = await resolveEntrepriseExistante(db, scope, q.entreprise, {
    field: 'entreprise',
    optional: true,
  });
  const now = new Date();
  return { sql: scoped(db, { entrepriseId }).raw(), now, today: todayInGabon(now) };
}

export const bornesOf = (s: repo.StatsScope, q: StatistiquesQuery) => periodeBornes(q, s.today);

export async function kpis(s: repo.StatsScope, q: StatistiquesQuery): Promise<KpisOut> {
  const p = bornesOf(s, q);
  const c = p.comparaison;
  // The period so far equals the whole period when nothing is loaded after today (the usual case: the
  // rest of this month or year is empty), which spares a third of the work of 'Ce mois' and 'Cette année'.
  const [whole, before, apres] = await Promise.all([
    repo.totaux(s, p),
    repo.totaux(s, c.precedent),
    c.courant.fin < p.fin && repo.coursesEntre(s, { debut: addDays(c.courant.fin, 1), fin: p.fin }),
  ]);
  const toDate = apres ? await repo.totaux(s, c.courant) : whole;
  return {
    ...whole,
    comparaison: { courant: toDate, precedent: before, bornes: c },
    tendances: {
      coursesCount: tendance(toDate.coursesCount, before.coursesCount),
      chiffreAffaires: tendance(toDate.chiffreAffaires, before.chiffreAffaires),
      clientsCount: tendance(toDate.clientsCount, before.clientsCount),
      driversCount: tendance(toDate.driversCount, before.driversCount),
    },
    periode: { periode: p.periode, debut: p.debut, fin: p.fin, grain: p.grain, precedent: p.precedent },
  };
}

/** Every figure of the dashboard at once (the screen and its Excel export). */
export async function tableauDeBord(s: repo.StatsScope, q: StatistiquesQuery) {
  const p = bornesOf(s, q);
  const k = await kpis(s, q);
  const serie = await repo.series(s, p);
  const rep = await repo.repartitions(s, p);
  return {
    kpis: k,
    chiffreAffaires: serie.chiffreAffaires,
    coursesCount: serie.coursesCount,
    statutsSerie: serie.statutsSerie,
    topClients: await repo.topClients(s, p),
    topDrivers: await repo.topDrivers(s, p),
    repartitionByType: rep.repartitionByType,
    repartitionByStatus: rep.repartitionByStatus,
    paiementsByMode: await repo.paiementsParMode(s, p),
    utilisationFlotte: await repo.utilisationFlotte(s, p),
    coutMaintenance: await repo.coutMaintenance(s, p),
    objectif: await repo.objectif(s, p),
  };
}
