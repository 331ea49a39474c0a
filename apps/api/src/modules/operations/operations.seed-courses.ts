import {
  addDays,
  type CourseStatut,
  courseCode,
  courseEtat,
  type ModePaiement,
  type PaiementStatut,
  type TypeCourse,
  todayInGabon,
} from '@yams/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Rng } from '../../db/demo-people';
import { scoped } from '../../db/scoped';
import { vehicules } from '../fleet/fleet.table';
import { trajets } from '../reference/reference.table';
import {
  dayOf,
  instant,
  LIEUX_CHARGEMENT,
  pickMode,
  pickType,
  poidsCourse,
  prixCourse,
  QUARTIERS,
  referencePaiement,
  round5000,
} from './operations.seed-data';
import { compteurs, courses, type NewCourse, paiements } from './operations.table';
import { VEHICULE_EN_COURSE, VEHICULE_INDISPONIBLE } from './vehicule-suivi';

const BATCH = 500;
export const COURSES_PAR_ENTREPRISE = 1_500;

/** The statuses of the few courses still on the road when the demo starts (one vehicle each). */
const ACTIFS: CourseStatut[] = [
  'Transport en cours',
  'Chargement terminé',
  'Chargement en attente',
  'Transport en cours',
  'Problemes mécaniques',
  'Chargement en attente',
];

interface PaiementDraft {
  montant: number;
  statut: PaiementStatut;
  date_operation: string;
  libelle: string;
  mode: ModePaiement;
  reference: string | null;
}
type CourseDraft = Omit<NewCourse, 'code'> & { code?: string; paiements: PaiementDraft[] };

export interface SeedRefs {
  villes: Array<{ id: number; libelle: string }>;
  marchandises: number[];
}

export interface SeededCourse {
  id: number;
  client_id: number;
  type_course: string;
  type_marchandise_id: number | null;
  ville_depart_id: number;
  ville_arrivee_id: number;
  adresse_chargement: string | null;
  adresse_dechargement: string | null;
  date_chargement: string;
  poids_kg: number | null;
  montant: number;
  statut: string;
}

async function insertBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/** How a course was paid: none, a deposit, or all of it (sometimes after a bounced cheque). */
function planPaiements(r: Rng, c: CourseDraft, code: string, today: string): PaiementDraft[] {
  const montant = c.montant;
  const debut = dayOf(c.date_chargement);
  const fin = c.date_dechargement ? dayOf(c.date_dechargement) : debut;
  const capped = (d: string) => (d > today ? today : d);
  const p = (m: number, statut: PaiementStatut, date: string, libelle: string): PaiementDraft => {
    const mode = pickMode(r);
    return {
      montant: m,
      statut,
      date_operation: capped(date),
      libelle,
      mode,
      reference: referencePaiement(r, mode),
    };
  };
  const acompte = () => Math.min(montant - 5_000, round5000(montant * (0.3 + r.next() * 0.2)));
  const roll = r.next();
  if (c.statut === 'Annulé')
    return roll < 0.2 ? [p(acompte(), 'Annulé', debut, `Acompte course ${code}`)] : [];
  const termine = c.statut === 'Terminé';
  const issue = termine
    ? roll < 0.7
      ? 'Payé'
      : roll < 0.85
        ? 'Acompte'
        : 'Non payé'
    : roll < 0.5
      ? 'Acompte'
      : 'Non payé';
  const solde = addDays(fin, r.int(0, 20));
  if (issue === 'Payé') {
    const out: PaiementDraft[] = [];
    if (r.next() < 0.04) out.push(p(montant, 'Annulé', debut, `Chèque rejeté course ${code}`));
    if (montant > 10_000 && r.next() < 0.5) {
      const a = acompte();
      out.push(
        p(a, 'Validé', debut, `Acompte course ${code}`),
        p(montant - a, 'Validé', solde, `Solde course ${code}`),
      );
    } else out.push(p(montant, 'Validé', solde, `Règlement course ${code}`));
    return out;
  }
  if (issue === 'Acompte' && montant > 10_000) {
    const a = acompte();
    const out = [p(a, 'Validé', debut, `Acompte course ${code}`)];
    if (r.next() < 0.4) out.push(p(montant - a, 'En attente', solde, `Solde course ${code}`));
    return out;
  }
  if (r.next() < 0.3) return [p(montant, 'En attente', solde, `Règlement course ${code}`)];
  return [];
}

/**
 * A year of courses of one company with their payments; a few are still open, one per vehicle, and
 * those vehicles are put 'En course' (or 'Indisponible' for a breakdown). Nothing without vehicles.
 */

/**
 * When each state was actually reached (loaded, departed, delivered…), a little after the plan, never in
 * the future; no random draw, so the rest of the demo stays the same.
 */
function datesReelles(statut: CourseStatut, chargement: string, heures: number, now: number) {
  const at = (minutes: number) => {
    const t = new Date(chargement).getTime() + minutes * 60_000;
    return t <= now ? new Date(t).toISOString() : null;
  };
  const charge = ['Chargement terminé', 'Transport en cours', 'Problemes mécaniques', 'Terminé'].includes(
    statut,
  );
  const parti = ['Transport en cours', 'Problemes mécaniques', 'Terminé'].includes(statut);
  return {
    date_chargement_reelle: charge ? at(40) : null,
    date_depart_reelle: parti ? at(75) : null,
    date_dechargement_reelle: statut === 'Terminé' ? at(heures * 60 + 35) : null,
    date_panne: statut === 'Problemes mécaniques' ? at(75 + 180) : null,
    date_annulation: statut === 'Annulé' ? at(-12 * 60) : null,
  };
}

export async function seedCourses(
  db: Db,
  r: Rng,
  company: { id: number; staff: Record<string, number[]> },
  clients: number[],
  refs: SeedRefs,
): Promise<SeededCourse[]> {
  const own = scoped(db, { entrepriseId: company.id });
  const vehs = await own
    .select({
      id: vehicules.id,
      statut: vehicules.statut,
      chauffeur_id: vehicules.chauffeur_id,
      tonnage: vehicules.tonnage_kg,
    })
    .from(vehicules)
    .orderBy(vehicules.id);
  if (!vehs.length || refs.villes.length < 2 || !clients.length) return [];
  const routes = await own.select().from(trajets);
  const chauffeurs = [...(company.staff.camionneur ?? []), ...(company.staff.coursier ?? [])];
  const now = Date.now();
  const today = todayInGabon();

  const usable = vehs.filter((v) => v.statut !== 'En intervention' && v.statut !== 'Indisponible');
  const enCourse = usable.filter((v) => v.statut === VEHICULE_EN_COURSE);
  const actifs = [...enCourse, ...usable.filter((v) => v.statut !== VEHICULE_EN_COURSE)].slice(
    0,
    Math.max(enCourse.length, Math.min(ACTIFS.length, usable.length)),
  );

  const draft = (vehicule: (typeof vehs)[number], days: number, statut: CourseStatut): CourseDraft => {
    const type: TypeCourse = pickType(r);
    const trajet =
      type === 'Transport de marchandises' && routes.length && r.next() < 0.7 ? r.pick(routes) : null;
    const depart = trajet?.ville_depart_id ?? (r.next() < 0.6 ? refs.villes[0]!.id : r.pick(refs.villes).id);
    let arrivee = trajet?.ville_arrivee_id ?? r.pick(refs.villes).id;
    if (arrivee === depart && type !== 'Livraison') arrivee = refs.villes.find((v) => v.id !== depart)!.id;
    const chargement = instant(r, now, days);
    const heures =
      type === 'Livraison' ? r.int(2, 8) : type === 'Déménagement' ? r.int(4, 24) : r.int(12, 72);
    const villeLibelle = (id: number) => refs.villes.find((v) => v.id === id)!.libelle;
    return {
      entreprise_id: company.id,
      client_id: r.pick(clients),
      vehicule_id: vehicule.id,
      chauffeur_id: vehicule.chauffeur_id ?? (chauffeurs.length ? r.pick(chauffeurs) : null),
      type_course: type,
      type_marchandise_id:
        refs.marchandises.length && (type === 'Transport de marchandises' || type === 'Livraison')
          ? r.pick(refs.marchandises)
          : null,
      trajet_id: trajet?.id ?? null,
      ville_depart_id: depart,
      ville_arrivee_id: arrivee,
      adresse_chargement:
        depart === refs.villes[0]!.id ? r.pick(LIEUX_CHARGEMENT) : `Centre-ville, ${villeLibelle(depart)}`,
      adresse_dechargement: `Quartier ${r.pick(QUARTIERS)}, ${villeLibelle(arrivee)}`,
      date_chargement: chargement,
      date_dechargement:
        statut === 'Terminé'
          ? new Date(new Date(chargement).getTime() + heures * 3_600_000).toISOString()
          : null,
      poids_kg: poidsCourse(r, type, vehicule.tonnage),
      description: null,
      montant: trajet ? round5000(trajet.montant * (0.9 + r.next() * 0.2)) : prixCourse(r, type),
      statut,
      statut_avant_probleme: statut === 'Problemes mécaniques' ? 'Transport en cours' : null,
      ...datesReelles(statut, chargement, heures, now),
      created_at: new Date(new Date(chargement).getTime() - r.int(1, 5) * 86_400_000).toISOString(),
      paiements: [],
    };
  };

  const drafts: CourseDraft[] = [];
  for (let i = 0; i < COURSES_PAR_ENTREPRISE - actifs.length; i++) {
    drafts.push(draft(r.pick(vehs), -r.int(3, 365), r.next() < 0.07 ? 'Annulé' : 'Terminé'));
  }
  actifs.forEach((v, i) => {
    const statut = ACTIFS[i % ACTIFS.length]!;
    drafts.push(draft(v, statut === 'Chargement en attente' ? r.int(0, 2) : -r.int(0, 2), statut));
  });

  // Codes in loading order, gapless per year; the counters continue from there.
  drafts.sort((a, b) => a.date_chargement.localeCompare(b.date_chargement));
  const counters = new Map<number, number>();
  for (const d of drafts) {
    const annee = Number(dayOf(d.date_chargement).slice(0, 4));
    const n = (counters.get(annee) ?? 0) + 1;
    counters.set(annee, n);
    d.code = courseCode(annee, n);
    d.paiements = planPaiements(r, d, d.code, today);
    d.montant_paye = d.paiements.filter((p) => p.statut === 'Validé').reduce((s, p) => s + p.montant, 0);
    d.etat = courseEtat(d.montant, d.montant_paye);
  }

  const ids = new Map<string, number>();
  await insertBatches(drafts, async (batch) => {
    const rows = await own
      .insert(courses)
      .values(batch.map(({ paiements: _p, ...c }) => ({ ...c, code: c.code! })))
      .returning({ id: courses.id, code: courses.code });
    for (const row of rows) ids.set(row.code, row.id);
  });
  const payments = drafts.flatMap((d) =>
    d.paiements.map((p) => ({
      ...p,
      course_id: ids.get(d.code!)!,
      client_id: d.client_id,
    })),
  );
  await insertBatches(payments, (batch) => own.insert(paiements).values(batch));
  await own
    .insert(compteurs)
    .values(
      [...counters].map(([annee, dernier]) => ({
        serie: 'course',
        annee,
        dernier,
      })),
    )
    .onConflictDoUpdate({
      target: [compteurs.entreprise_id, compteurs.serie, compteurs.annee],
      set: { dernier: sql`excluded.dernier` },
    });

  const panne = drafts.filter((d) => d.statut === 'Problemes mécaniques').map((d) => d.vehicule_id);
  const roulent = drafts
    .filter((d) => d.statut !== 'Terminé' && d.statut !== 'Annulé' && d.statut !== 'Problemes mécaniques')
    .map((d) => d.vehicule_id);
  // One vehicle at a time in id order, so the audit trail lists them in the fleet's order.
  for (const [ids, statut] of [
    [roulent, VEHICULE_EN_COURSE],
    [panne, VEHICULE_INDISPONIBLE],
  ] as const) {
    for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
      await own.update(vehicules).set({ statut }).where(eq(vehicules.id, id));
    }
  }

  return drafts.map((d) => ({
    id: ids.get(d.code!)!,
    client_id: d.client_id,
    type_course: d.type_course,
    type_marchandise_id: d.type_marchandise_id ?? null,
    ville_depart_id: d.ville_depart_id,
    ville_arrivee_id: d.ville_arrivee_id,
    adresse_chargement: d.adresse_chargement ?? null,
    adresse_dechargement: d.adresse_dechargement ?? null,
    date_chargement: d.date_chargement,
    poids_kg: d.poids_kg ?? null,
    montant: d.montant,
    statut: d.statut ?? 'Terminé',
  }));
}
