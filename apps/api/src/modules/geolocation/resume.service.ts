import type {
  RapportResumeOut,
  RapportResumeQuery,
  ResumeConducteurOut,
  ResumeVehiculeOut,
} from '@yams/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scoped } from '../../db/scoped';
import type { Scope } from '../../plugins/auth';
import { getParametres } from '../entreprise/parametres.repository';
import { vehicules } from '../fleet/fleet.table';
import { appareils } from './geolocation.table';
import { coursesDuVehicule } from './rapports.service';
import { type ChiffresResume, resumeAppareil } from './resume';
import { type SeuilsTrajets, seuilsDe } from './trace';
import { periodeTrace, pointsEntre } from './trace.service';

/** The devices of the scope (one vehicle's if asked), by name. */
export async function appareilsDuRapport(db: Db, scope: Scope, vehicule: number | undefined) {
  return scoped(db, scope)
    .select({
      id: appareils.id,
      nom: appareils.nom,
      entreprise_id: appareils.entreprise_id,
      vehicule_id: appareils.vehicule_id,
      plaque: vehicules.plaque,
    })
    .from(appareils)
    .leftJoin(vehicules, eq(vehicules.id, appareils.vehicule_id))
    .where(and(vehicule ? eq(appareils.vehicule_id, vehicule) : undefined))
    .orderBy(asc(appareils.nom), asc(appareils.id));
}

/** Each company's thresholds, read once per report. */
export function seuilsParEntreprise(db: Db) {
  const cache = new Map<number, Promise<SeuilsTrajets>>();
  return (entrepriseId: number) => {
    if (!cache.has(entrepriseId))
      cache.set(
        entrepriseId,
        getParametres(db, entrepriseId).then((p) => seuilsDe(p)),
      );
    return cache.get(entrepriseId)!;
  };
}

const sommeNullable = (a: number | null, b: number | null) =>
  a === null && b === null ? null : (a ?? 0) + (b ?? 0);

function ajoute(a: ChiffresResume, b: ChiffresResume): ChiffresResume {
  return {
    distance_km: Math.round((a.distance_km + b.distance_km) * 100) / 100,
    duree_conduite_s: a.duree_conduite_s + b.duree_conduite_s,
    arrets: a.arrets + b.arrets,
    vitesse_max_kmh: Math.max(a.vitesse_max_kmh, b.vitesse_max_kmh),
    ralenti_s: sommeNullable(a.ralenti_s, b.ralenti_s),
    moteur_s: sommeNullable(a.moteur_s, b.moteur_s),
    positions: a.positions + b.positions,
  };
}

/**
 * `GET /api/rapports/resume`: each device of the company (one vehicle's if asked) over a day range, and the
 * same figures per driver: the badge the tracker read, else the driver of the vehicle's course running then.
 */
export async function getRapportResume(
  db: Db,
  scope: Scope,
  q: RapportResumeQuery,
): Promise<RapportResumeOut> {
  const { debut, fin } = periodeTrace(q);
  const seuilsDe = seuilsParEntreprise(db);
  const lignes: ResumeVehiculeOut[] = [];
  const parConducteur = new Map<string, ChiffresResume & { vehicules: Set<string> }>();
  for (const a of await appareilsDuRapport(db, scope, q.vehicule)) {
    const points = await pointsEntre(db, scope, a.id, debut, fin);
    const running =
      a.vehicule_id && points.length > 0
        ? await coursesDuVehicule(db, scope, a.vehicule_id, points[0]!.heure, points.at(-1)!.heure)
        : [];
    const chauffeurA = (t: number) => running.find((c) => c.debut <= t && c.fin >= t)?.chauffeur ?? null;
    const r = resumeAppareil(points, debut, fin, await seuilsDe(a.entreprise_id), chauffeurA);
    const { conducteurs, ...chiffres } = r;
    lignes.push({
      appareil: { id: a.id, nom: a.nom },
      vehicule: a.vehicule_id && a.plaque ? { id: a.vehicule_id, plaque: a.plaque } : null,
      ...chiffres,
    });
    for (const [nom, c] of conducteurs) {
      const prev = parConducteur.get(nom);
      const somme = prev ? ajoute(prev, c) : c;
      const vus = prev?.vehicules ?? new Set<string>();
      vus.add(a.plaque ?? a.nom);
      parConducteur.set(nom, { ...somme, vehicules: vus });
    }
  }
  const conducteurs: ResumeConducteurOut[] = [...parConducteur]
    .map(([conducteur, c]) => ({ conducteur, ...c, vehicules: [...c.vehicules] }))
    .sort((x, y) => x.conducteur.localeCompare(y.conducteur, 'fr'));
  return {
    date_debut: debut,
    date_fin: fin,
    vehicules: lignes,
    conducteurs,
    totaux: {
      distance_km: Math.round(lignes.reduce((s, l) => s + l.distance_km, 0) * 100) / 100,
      duree_conduite_s: lignes.reduce((s, l) => s + l.duree_conduite_s, 0),
      arrets: lignes.reduce((s, l) => s + l.arrets, 0),
      vitesse_max_kmh: lignes.reduce((m, l) => Math.max(m, l.vitesse_max_kmh), 0),
      positions: lignes.reduce((s, l) => s + l.positions, 0),
    },
  };
}
