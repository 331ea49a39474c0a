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
  // The cards count the days so far: what the trend compares, day for day, with the same number of
  // days of the previous period; what is planned after today is counted apart.
  const [now, before, prevues] = await Promise.all([
    repo.totaux(s, c.courant),
    repo.totaux(s, c.precedent),
    c.courant.fin < p.fin ? repo.coursesPrevues(s, { debut: addDays(c.courant.fin, 1), fin: p.fin }) : 0,
  ]);
  return {
    ...now,
    coursesPrevues: prevues,
    comparaison: { courant: now, precedent: before, bornes: c },
    tendances: {
      coursesCount: tendance(now.coursesCount, before.coursesCount),
      chiffreAffaires: tendance(now.chiffreAffaires, before.chiffreAffaires),
      clientsCount: tendance(now.clientsCount, before.clientsCount),
      driversCount: tendance(now.driversCount, before.driversCount),
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
