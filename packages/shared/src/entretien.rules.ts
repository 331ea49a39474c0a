// Maintenance plans (plans d'entretien): every N km and/or every M months. From the last intervention done
// for the plan (its day and odometer) and the vehicle's current odometer, the next due day and kilometrage,
// and the state: « À jour », « Bientôt » (within the company's margins, 1 000 km or 30 days by default),
// « En retard » (past the day or the kilometrage). Whichever criterion comes first decides.

export const PLAN_ETATS = ['en_retard', 'bientot', 'a_jour'] as const;
export type PlanEtat = (typeof PLAN_ETATS)[number];
export const PLAN_ETAT_LIBELLES: Record<PlanEtat, string> = {
  en_retard: 'En retard',
  bientot: 'Bientôt',
  a_jour: 'À jour',
};

/** « Bientôt » this many km or days before the due point (the company's defaults). */
export const PLAN_SEUILS_DEFAUT = { km: 1000, jours: 30 } as const;
export interface PlanSeuils {
  km: number;
  jours: number;
}

export interface PlanIntervalle {
  intervalle_km: number | null;
  intervalle_mois: number | null;
}

/** The last intervention done for the plan on this vehicle. */
export interface EntretienFait {
  /** `YYYY-MM-DD`: the day it ended (or started). */
  date: string;
  kilometrage: number | null;
}

export interface EcheanceCalculee {
  prochaine_date: string | null;
  prochain_km: number | null;
  /** Days from today to the due day (negative: overdue). */
  jours_restants: number | null;
  /** Km from the current odometer to the due kilometrage (negative: overdue). */
  km_restants: number | null;
  etat: PlanEtat;
  /** The criterion that decides the state (the first due), or null when neither can be read. */
  motif: 'km' | 'date' | null;
  /** Sort key: the smallest share of the margin left (negative: overdue); lower is more urgent. */
  urgence: number;
}

/** `ajouterMois('2026-01-31', 1)` → `'2026-02-28'` (the month's last day when the day does not exist). */
export function ajouterMois(day: string, mois: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + mois;
  const annee = Math.floor(total / 12);
  const moisIdx = total - annee * 12;
  const dernier = new Date(Date.UTC(annee, moisIdx + 1, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${annee}-${pad(moisIdx + 1)}-${pad(Math.min(d, dernier))}`;
}

const jours = (de: string, a: string) =>
  Math.round((Date.parse(`${a}T00:00:00Z`) - Date.parse(`${de}T00:00:00Z`)) / 86_400_000);

const rang = (e: PlanEtat) => PLAN_ETATS.indexOf(e);
const etatDe = (restant: number, seuil: number): PlanEtat =>
  restant < 0 ? 'en_retard' : restant <= seuil ? 'bientot' : 'a_jour';

/**
 * The plan's next due point on a vehicle.
 * - By km: from the last done intervention's odometer + the interval; with no such reading (no history yet),
 *   the next multiple of the interval above the current odometer (a truck serviced every 10 000 km at
 *   234 500 km is due at 240 000).
 * - By date: from the last done intervention's day + the months; with no history, from `depuis` (the plan's
 *   start: the day it was created or the vehicle entered service).
 */
export function echeancePlan(args: {
  plan: PlanIntervalle;
  dernier: EntretienFait | null;
  /** The vehicle's current odometer, or null when never read. */
  compteur: number | null;
  depuis: string;
  aujourdhui: string;
  seuils?: PlanSeuils;
}): EcheanceCalculee {
  const { plan, dernier, compteur, depuis, aujourdhui } = args;
  const seuils = args.seuils ?? PLAN_SEUILS_DEFAUT;

  let prochain_km: number | null = null;
  if (plan.intervalle_km) {
    if (dernier?.kilometrage != null) prochain_km = dernier.kilometrage + plan.intervalle_km;
    else if (compteur != null)
      prochain_km = (Math.floor(compteur / plan.intervalle_km) + 1) * plan.intervalle_km;
  }
  const prochaine_date = plan.intervalle_mois
    ? ajouterMois(dernier?.date ?? depuis, plan.intervalle_mois)
    : null;

  const km_restants = prochain_km != null && compteur != null ? prochain_km - compteur : null;
  const jours_restants = prochaine_date ? jours(aujourdhui, prochaine_date) : null;

  const criteres: Array<{ motif: 'km' | 'date'; etat: PlanEtat; part: number }> = [];
  if (km_restants != null) {
    criteres.push({
      motif: 'km',
      etat: etatDe(km_restants, seuils.km),
      part: km_restants / Math.max(seuils.km, 1),
    });
  }
  if (jours_restants != null) {
    criteres.push({
      motif: 'date',
      etat: etatDe(jours_restants, seuils.jours),
      part: jours_restants / Math.max(seuils.jours, 1),
    });
  }
  criteres.sort((a, b) => rang(a.etat) - rang(b.etat) || a.part - b.part);
  const premier = criteres[0];
  return {
    prochaine_date,
    prochain_km,
    jours_restants,
    km_restants,
    etat: premier?.etat ?? 'a_jour',
    motif: premier?.motif ?? null,
    urgence: premier?.part ?? Number.POSITIVE_INFINITY,
  };
}

/** Most urgent first: overdue, then due soon, then up to date; inside a state, the least margin left first. */
export function parUrgence<T extends { etat: PlanEtat; urgence: number }>(a: T, b: T): number {
  return rang(a.etat) - rang(b.etat) || a.urgence - b.urgence;
}

/** « Vidange : dans 800 km », « Vidange : en retard de 12 jours » — the line of a reminder. */
export function echeancePlanTexte(
  e: Pick<EcheanceCalculee, 'motif' | 'km_restants' | 'jours_restants'>,
): string {
  const nf = (n: number) => new Intl.NumberFormat('fr-FR').format(n).replace(/\u202f|\u00a0/g, ' ');
  if (e.motif === 'km' && e.km_restants != null) {
    return e.km_restants < 0 ? `dépassée de ${nf(-e.km_restants)} km` : `dans ${nf(e.km_restants)} km`;
  }
  if (e.motif === 'date' && e.jours_restants != null) {
    const j = e.jours_restants;
    if (j < 0) return `en retard de ${-j} jour${-j > 1 ? 's' : ''}`;
    if (j === 0) return "aujourd'hui";
    return `dans ${j} jour${j > 1 ? 's' : ''}`;
  }
  return 'sans échéance connue';
}
