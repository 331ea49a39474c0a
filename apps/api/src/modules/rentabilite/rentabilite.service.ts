import {
  type Bornes,
  debutMois,
  FACTEUR_ROUTE,
  finMois,
  jourAGabon,
  kmDuMois,
  type RentabiliteCourseOut,
  type RentabiliteCoursesOut,
  type RentabiliteCoursesQuery,
  type RentabiliteGroupeOut,
  type RentabiliteGroupesOut,
  type RentabilitePeriodeQuery,
  type RentabiliteVehiculesOut,
  rentabiliteCourse,
  rentabiliteVehiculeMois,
  todayInGabon,
  totauxCourses,
} from '@yams/shared';
import type { Db } from '../../db/client';
import { type RawSql, scoped } from '../../db/scoped';
import { resolveEntrepriseExistante } from '../../db/tenancy';
import type { Scope } from '../../plugins/auth';
import { distanceM } from '../geolocation/geo';
import {
  type CourseLue,
  coursesDeLaPeriode,
  type FiltresCourses,
  plaques,
  prixLitreMoyen,
  relevesParVehicule,
  vehiculesParMois,
} from './rentabilite.repository';

// Profitability: the repository reads, packages/shared rentabilite.ts computes (docs/rentabilite.md).

const PAR_PAGE = 50;

/** The period asked for, this month up to today by default (Libreville days). */
export function bornesDe(q: { date_debut?: string; date_fin?: string }): Bornes {
  const fin = q.date_fin ?? (q.date_debut && q.date_debut > todayInGabon() ? q.date_debut : todayInGabon());
  const debut = q.date_debut ?? (debutMois(fin) <= fin ? debutMois(fin) : fin);
  return { debut, fin };
}

/** The company's raw SQL: its own, or the one a superadmin names (`entreprise`), or the whole platform's. */
async function sqlDe(db: Db, scope: Scope, entreprise: number | undefined): Promise<RawSql> {
  const entrepriseId = await resolveEntrepriseExistante(db, scope, entreprise, {
    field: 'entreprise',
    optional: true,
  });
  return scoped(db, { entrepriseId }).raw();
}

/**
 * The course's road distance: pickup to drop-off in a straight line × FACTEUR_ROUTE, one decimal; without
 * coordinates, an even share of its vehicle's km that month (odometer) among that month's courses.
 */
function distanceKm(c: CourseLue, kmMois: number | null, coursesMois: number): number | null {
  if (c.chargement && c.dechargement) {
    const m = distanceM(c.chargement.lat, c.chargement.lng, c.dechargement.lat, c.dechargement.lng);
    return Math.round((m / 1000) * FACTEUR_ROUTE * 10) / 10;
  }
  return kmMois !== null && coursesMois > 0 ? Math.round((kmMois / coursesMois) * 10) / 10 : null;
}

/** Every course line of the period, computed (all of them: the report sorts, pages and groups them). */
async function lignesDeLaPeriode(
  db: Db,
  scope: Scope,
  b: Bornes,
  f: FiltresCourses & { entreprise?: number },
) {
  const s = await sqlDe(db, scope, f.entreprise);
  const lues = await coursesDeLaPeriode(s, b, f);
  if (lues.length === 0) return [];
  // The maintenance share reads the vehicle's whole months (all its courses, whatever the filters).
  const mois: Bornes = { debut: debutMois(b.debut), fin: finMois(b.fin) };
  const vehiculeMois = new Map(
    (await vehiculesParMois(s, mois, f.vehicule)).map((v) => [`${v.vehicule_id}|${v.mois}`, v]),
  );
  const releves = await relevesParVehicule(s, mois, f.vehicule);
  const prixLitre = await prixLitreMoyen(s, b.fin);
  return lues.map((c): RentabiliteCourseOut => {
    const m = jourAGabon(c.date).slice(0, 7);
    const vm = vehiculeMois.get(`${c.vehicule_id}|${m}`);
    const kmMois = kmDuMois(releves.get(c.vehicule_id) ?? [], m);
    const coursesMois = vm?.courses ?? 1;
    const distance = distanceKm(c, kmMois, coursesMois);
    // Without a reference consumption, the vehicle's own that month (litres bought over km driven).
    const mesuree = kmMois && vm && vm.litres > 0 ? (vm.litres / kmMois) * 100 : null;
    const r = rentabiliteCourse({
      montant: c.montant,
      carburant_pleins: c.pleins,
      distance_km: distance,
      consommation_reference: c.consommation_reference ?? mesuree,
      prix_litre: prixLitre,
      frais: c.frais,
      per_diem: c.per_diem,
      entretien_mois: vm?.entretien ?? 0,
      km_mois: kmMois,
      courses_mois: coursesMois,
    });
    return {
      id: c.id,
      code: c.code,
      date: c.date,
      statut: c.statut,
      vehicule: { id: c.vehicule_id, plaque: c.plaque },
      chauffeur: c.chauffeur_id === null ? null : { id: c.chauffeur_id, libelle: c.chauffeur ?? '' },
      client: { id: c.client_id, libelle: c.client ?? '' },
      trajet: c.trajet_id === null ? null : { id: c.trajet_id, libelle: c.trajet ?? '' },
      distance_km: distance,
      ...r,
    };
  });
}

/** `format=xlsx|pdf`: every course of the period in the file (no paging). */
export async function getRentabiliteCourses(
  db: Db,
  scope: Scope,
  q: RentabiliteCoursesQuery,
): Promise<RentabiliteCoursesOut> {
  const b = bornesDe(q);
  const lignes = await lignesDeLaPeriode(db, scope, b, q);
  // The lowest margin first: what the report is for is the course that lost money.
  lignes.sort((x, y) => x.marge - y.marge || x.id - y.id);
  const fichier = q.format === 'xlsx' || q.format === 'pdf';
  const page = fichier ? 1 : (q.page ?? 1);
  const perPage = fichier ? Math.max(lignes.length, 1) : (q.per_page ?? PAR_PAGE);
  return {
    date_debut: b.debut,
    date_fin: b.fin,
    page,
    per_page: perPage,
    total: lignes.length,
    totaux: totauxCourses(lignes),
    lignes: lignes.slice((page - 1) * perPage, page * perPage),
  };
}

/** The period's courses summed by driver or by trajet, the best margin first. */
export async function getRentabiliteGroupes(
  db: Db,
  scope: Scope,
  q: RentabilitePeriodeQuery,
  par: 'chauffeur' | 'trajet',
): Promise<RentabiliteGroupesOut> {
  const b = bornesDe(q);
  const lignes = await lignesDeLaPeriode(db, scope, b, { vehicule: q.vehicule, entreprise: q.entreprise });
  const groupes = new Map<number | null, { libelle: string; lignes: RentabiliteCourseOut[] }>();
  for (const l of lignes) {
    const cle = l[par];
    const g = groupes.get(cle?.id ?? null) ?? {
      libelle: cle?.libelle ?? (par === 'chauffeur' ? 'Sans chauffeur' : 'Sans trajet'),
      lignes: [],
    };
    g.lignes.push(l);
    groupes.set(cle?.id ?? null, g);
  }
  const out: RentabiliteGroupeOut[] = [...groupes].map(([id, g]) => ({
    id,
    libelle: g.libelle,
    ...totauxCourses(g.lignes),
  }));
  out.sort((x, y) => y.marge - x.marge || x.libelle.localeCompare(y.libelle, 'fr'));
  return { date_debut: b.debut, date_fin: b.fin, totaux: totauxCourses(lignes), lignes: out };
}

/** Each vehicle's months of the period, by plate then month. */
export async function getRentabiliteVehicules(
  db: Db,
  scope: Scope,
  q: RentabilitePeriodeQuery,
): Promise<RentabiliteVehiculesOut> {
  const b = bornesDe(q);
  const s = await sqlDe(db, scope, q.entreprise);
  const lus = await vehiculesParMois(s, b, q.vehicule);
  const releves = await relevesParVehicule(s, b, q.vehicule);
  const noms = await plaques(s);
  const lignes = lus
    .map((v) => ({
      vehicule: { id: v.vehicule_id, plaque: noms.get(v.vehicule_id) ?? `n°${v.vehicule_id}` },
      mois: v.mois,
      ...rentabiliteVehiculeMois({
        revenu: v.revenu,
        courses: v.courses,
        carburant: v.carburant,
        litres: Math.round(v.litres * 10) / 10,
        entretien: v.entretien,
        // Documents carry no amount yet (fleet.table.ts): nothing to charge, see docs/rentabilite.md.
        documents: 0,
        frais: v.frais,
        km: kmDuMois(releves.get(v.vehicule_id) ?? [], v.mois),
        jours: v.jours,
      }),
    }))
    .sort((x, y) => x.vehicule.plaque.localeCompare(y.vehicule.plaque, 'fr') || x.mois.localeCompare(y.mois));
  const revenu = lignes.reduce((t, l) => t + l.revenu, 0);
  const couts = lignes.reduce((t, l) => t + l.couts, 0);
  const km = lignes.reduce((t, l) => t + (l.km ?? 0), 0);
  const coutsAvecKm = lignes.reduce((t, l) => t + (l.km ? l.couts : 0), 0);
  return {
    date_debut: b.debut,
    date_fin: b.fin,
    totaux: {
      revenu,
      couts,
      marge: revenu - couts,
      marge_pct: revenu > 0 ? Math.round(((revenu - couts) / revenu) * 1000) / 10 : null,
      km,
      // Over the months whose km are known only (a month without km would make the figure look cheap).
      cout_km: km > 0 ? Math.round(coutsAvecKm / km) : null,
    },
    lignes,
  };
}
