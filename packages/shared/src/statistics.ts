import { z } from 'zod';
import { type Bornes, debutMois, debutSemaine, finMois, isCalendarDate, joursEntre } from './calendar';
import { addDays, todayInGabon } from './fleet.rules';
import { zChamps } from './reference';

// Tableau de bord: periods, query and answer shapes of /api/statistiques/* (the specification).

export const PERIODES = ['jour', 'semaine', 'mois', 'annee'] as const;
export type Periode = (typeof PERIODES)[number];
export const PERIODE_DEFAUT: Periode = 'mois';
/** A custom range longer than this is drawn month by month. */
export const SERIE_JOURS_MAX = 62;
/** A custom range may cover at most this many days. */
export const PERIODE_JOURS_MAX = 3660;
/** Top lists (the specification) and the maintenance chart. */
export const TOP_LIMIT = 10;
export const MAINTENANCE_LIMIT = 15;

const zJour = (label: string) =>
  z
    .string()
    .refine(isCalendarDate, { error: `${label} doit être une date au format AAAA-MM-JJ.` })
    .optional();

const blank = (v: unknown) => (v === '' ? undefined : v);

export const StatistiquesQuery = z
  .object({
    periode: z.preprocess(
      blank,
      z
        .enum(PERIODES, { error: 'La période doit être « jour », « semaine », « mois » ou « annee ».' })
        .default(PERIODE_DEFAUT),
    ),
    date_debut: z.preprocess(blank, zJour('La date de début')),
    date_fin: z.preprocess(blank, zJour('La date de fin')),
    entreprise: z.preprocess(blank, zChamps.filtreId("d'entreprise")),
  })
  .superRefine((q, ctx) => {
    if (Boolean(q.date_debut) !== Boolean(q.date_fin)) {
      const path = q.date_debut ? 'date_fin' : 'date_debut';
      ctx.addIssue({
        code: 'custom',
        path: [path],
        message: 'Une période personnalisée demande une date de début et une date de fin.',
      });
    } else if (q.date_debut && q.date_fin) {
      if (q.date_debut > q.date_fin) {
        ctx.addIssue({
          code: 'custom',
          path: ['date_fin'],
          message: 'La date de fin doit être postérieure ou égale à la date de début.',
        });
      } else if (joursEntre(q.date_debut, q.date_fin) > PERIODE_JOURS_MAX) {
        ctx.addIssue({
          code: 'custom',
          path: ['date_fin'],
          message: 'Une période personnalisée ne peut pas dépasser dix ans.',
        });
      }
    }
  });
export type StatistiquesQuery = z.infer<typeof StatistiquesQuery>;

/** The grain of a period's series: hours of one day, days, or months. */
export type Grain = 'heure' | 'jour' | 'mois';

export interface PeriodeBornes extends Bornes {
  periode: Periode | 'personnalisee';
  grain: Grain;
  /** The period before: the previous day, week, month or year; before a custom range, as many days. */
  precedent: Bornes;
  /**
   * What the trends compare, like with like: the whole period and the whole period before, except while today
   * lies inside the period, where both stop after as many days (this month to date against the same days of
   * the previous month).
   */
  comparaison: { courant: Bornes; precedent: Bornes };
}

/**
 * The days a query covers, Libreville time: today, this week (Monday–Sunday), this month or this year, or
 * the custom range; and the period before it of the same kind.
 */
export function periodeBornes(
  q: { periode?: Periode; date_debut?: string; date_fin?: string },
  today: string = todayInGabon(),
): PeriodeBornes {
  const p = bornesSansComparaison(q, today);
  if (p.periode === 'personnalisee' || today < p.debut || today > p.fin) {
    return { ...p, comparaison: { courant: { debut: p.debut, fin: p.fin }, precedent: p.precedent } };
  }
  const n = joursEntre(p.debut, today);
  const finAvant = addDays(p.precedent.debut, n - 1);
  return {
    ...p,
    comparaison: {
      courant: { debut: p.debut, fin: today },
      precedent: { debut: p.precedent.debut, fin: finAvant < p.precedent.fin ? finAvant : p.precedent.fin },
    },
  };
}

function bornesSansComparaison(
  q: { periode?: Periode; date_debut?: string; date_fin?: string },
  today: string,
): Omit<PeriodeBornes, 'comparaison'> {
  if (q.date_debut && q.date_fin) {
    const n = joursEntre(q.date_debut, q.date_fin);
    return {
      periode: 'personnalisee',
      debut: q.date_debut,
      fin: q.date_fin,
      grain: n === 1 ? 'heure' : n <= SERIE_JOURS_MAX ? 'jour' : 'mois',
      precedent: { debut: addDays(q.date_debut, -n), fin: addDays(q.date_debut, -1) },
    };
  }
  const periode = q.periode ?? PERIODE_DEFAUT;
  switch (periode) {
    case 'jour':
      return {
        periode,
        debut: today,
        fin: today,
        grain: 'heure',
        precedent: { debut: addDays(today, -1), fin: addDays(today, -1) },
      };
    case 'semaine': {
      const lundi = debutSemaine(today);
      return {
        periode,
        debut: lundi,
        fin: addDays(lundi, 6),
        grain: 'jour',
        precedent: { debut: addDays(lundi, -7), fin: addDays(lundi, -1) },
      };
    }
    case 'mois': {
      const debut = debutMois(today);
      const avant = debutMois(today, -1);
      return {
        periode,
        debut,
        fin: finMois(debut),
        grain: 'jour',
        precedent: { debut: avant, fin: finMois(avant) },
      };
    }
    case 'annee': {
      const y = Number(today.slice(0, 4));
      return {
        periode,
        debut: `${y}-01-01`,
        fin: `${y}-12-31`,
        grain: 'mois',
        precedent: { debut: `${y - 1}-01-01`, fin: `${y - 1}-12-31` },
      };
    }
  }
}

const MOIS_COURTS = [
  'janv.',
  'févr.',
  'mars',
  'avr.',
  'mai',
  'juin',
  'juil.',
  'août',
  'sept.',
  'oct.',
  'nov.',
  'déc.',
];

export interface Tranche extends Bornes {
  label: string;
  /** Hour of the day for the 'heure' grain. */
  heure?: number;
}

/** The buckets of a period's series, in order, each with its label and its days (edges clipped to the period). */
export function tranches(p: Pick<PeriodeBornes, 'debut' | 'fin' | 'grain'>): Tranche[] {
  if (p.grain === 'heure') {
    return Array.from({ length: 24 }, (_, h) => ({
      label: `${String(h).padStart(2, '0')}h`,
      debut: p.debut,
      fin: p.fin,
      heure: h,
    }));
  }
  const out: Tranche[] = [];
  if (p.grain === 'jour') {
    for (let d = p.debut; d <= p.fin; d = addDays(d, 1)) {
      out.push({ label: `${d.slice(8, 10)}/${d.slice(5, 7)}`, debut: d, fin: d });
    }
    return out;
  }
  const oneYear = p.debut.slice(0, 4) === p.fin.slice(0, 4);
  for (let m = debutMois(p.debut); m <= p.fin; m = debutMois(m, 1)) {
    const name = MOIS_COURTS[Number(m.slice(5, 7)) - 1]!;
    out.push({
      label: oneYear ? name : `${name} ${m.slice(0, 4)}`,
      debut: m < p.debut ? p.debut : m,
      fin: finMois(m) > p.fin ? p.fin : finMois(m),
    });
  }
  return out;
}

/** Change from `avant` to `maintenant` in percent (one decimal); null when there was nothing before. */
export function tendance(maintenant: number, avant: number): number | null {
  if (avant === 0) return maintenant === 0 ? 0 : null;
  return Math.round(((maintenant - avant) / avant) * 1000) / 10;
}

/** Gauge colours of the monthly target: up to 33 %, 66 %, 100 % of the target. */
export const OBJECTIF_SEUILS = [33, 66, 100] as const;

// Answers.

const PeriodeOut = z.object({
  periode: z.string(),
  debut: z.string(),
  fin: z.string(),
  grain: z.enum(['heure', 'jour', 'mois']),
  precedent: z.object({ debut: z.string(), fin: z.string() }),
});

/**
 * The dashboard's cards count the same days as their trend (`comparaison.bornes.courant`: the period
 * up to today): `coursesCount` the courses loaded then and not cancelled, `chiffreAffaires` their amount,
 * `clientsCount` and `driversCount` their distinct clients and drivers; `coursesAnnulees` the cancelled ones
 * of those days, apart.
 */
const Kpis = {
  coursesCount: z.number(),
  coursesAnnulees: z.number(),
  chiffreAffaires: z.number(),
  clientsCount: z.number(),
  driversCount: z.number(),
};
const BornesOut = z.object({ debut: z.string(), fin: z.string() });
export const KpisOut = z.object({
  ...Kpis,
  /** Courses planned after today within the period (not cancelled): not yet in the cards. */
  coursesPrevues: z.number(),
  /** The figures the trends compare (see PeriodeBornes.comparaison) and their days. */
  comparaison: z.object({
    courant: z.object(Kpis),
    precedent: z.object(Kpis),
    bornes: z.object({ courant: BornesOut, precedent: BornesOut }),
  }),
  /** Change in percent, comparaison.courant against comparaison.precedent; null when it had nothing. */
  tendances: z.object({
    coursesCount: z.number().nullable(),
    chiffreAffaires: z.number().nullable(),
    clientsCount: z.number().nullable(),
    driversCount: z.number().nullable(),
  }),
  periode: PeriodeOut,
});
export type KpisOut = z.infer<typeof KpisOut>;

export const SeriePoint = z.object({
  label: z.string(),
  value: z.number(),
  debut: z.string(),
  fin: z.string(),
});
export const SerieOut = z.array(SeriePoint);
export type SeriePoint = z.infer<typeof SeriePoint>;

export const TopClientsOut = z.array(
  z.object({ client_id: z.number(), nomClient: z.string(), montant: z.number(), coursesCount: z.number() }),
);
export const TopDriversOut = z.array(
  z.object({
    chauffeur_id: z.number(),
    nomChauffeur: z.string(),
    coursesCount: z.number(),
    montant: z.number(),
  }),
);
export const RepartitionTypeOut = z.array(
  z.object({ type: z.string(), count: z.number(), montant: z.number() }),
);
export const RepartitionStatusOut = z.array(z.object({ status: z.string(), count: z.number() }));
export const StatutsSerieOut = z.object({
  tranches: z.array(z.object({ label: z.string(), debut: z.string(), fin: z.string() })),
  series: z.array(z.object({ status: z.string(), values: z.array(z.number()) })),
});
export const PaiementsModeOut = z.array(
  z.object({ mode: z.string(), count: z.number(), montant: z.number() }),
);
export const UtilisationFlotteOut = z.array(
  z.object({
    type_vehicule_id: z.number().nullable(),
    type: z.string(),
    vehicules: z.number(),
    /** Vehicle-days spent in course (one decimal) over the days of the period up to today. */
    jours_en_course: z.number(),
    jours_disponibles: z.number(),
    /** Percent, one decimal. */
    taux: z.number(),
  }),
);
export const CoutMaintenanceOut = z.array(
  z.object({ vehicule_id: z.number(), plaque: z.string(), montant: z.number(), interventions: z.number() }),
);
export const ObjectifOut = z.object({
  /** `YYYY-MM`: the month of the period’s last day, or this month when the period ends later. */
  mois: z.string(),
  objectif: z.number(),
  realise: z.number(),
  /** Percent of the target reached (one decimal); null without a target. */
  taux: z.number().nullable(),
});
export const TableauDeBordOut = z.object({
  kpis: KpisOut,
  chiffreAffaires: SerieOut,
  coursesCount: SerieOut,
  topClients: TopClientsOut,
  topDrivers: TopDriversOut,
  repartitionByType: RepartitionTypeOut,
  repartitionByStatus: RepartitionStatusOut,
  statutsSerie: StatutsSerieOut,
  paiementsByMode: PaiementsModeOut,
  utilisationFlotte: UtilisationFlotteOut,
  coutMaintenance: CoutMaintenanceOut,
  objectif: ObjectifOut,
});
export type TableauDeBord = z.infer<typeof TableauDeBordOut>;
