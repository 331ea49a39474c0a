import { addDays, montantIntervention, montantLigne, todayInGabon } from '@yams/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/core.table';
import type { Rng } from '../../db/demo-people';
import { scoped } from '../../db/scoped';
import type { SeedContext } from '../module';
import { articles, garages, services, typesVehicules } from '../reference/reference.table';
import { CARBURANT_MODELES, DESCRIPTIONS, MODELES, PAPIERS, plaque } from './fleet.seed-data';
import { documents, interventionLignes, interventions, vehicules } from './fleet.table';
import { refreshVehiculeStatuts } from './vehicule-statuts';

const VEHICULES_PAR_ENTREPRISE = 25;
const INTERVENTIONS_PAR_ENTREPRISE = 40;

type NewVehicule = typeof vehicules.$inferInsert;

/** Mostly available; a few out of service, a couple just registered. */
const statutAuHasard = (r: Rng) => {
  const x = r.next();
  return x < 0.1 ? 'Indisponible' : x < 0.18 ? 'Nouveau' : 'Disponible';
};

function vehiculesOf(
  r: Rng,
  entrepriseId: number,
  count: number,
  types: Map<string, number>,
  chauffeurs: number[],
  taken: Set<string>,
  modeles = MODELES,
): NewVehicule[] {
  return Array.from({ length: count }, () => {
    const [marque, modele, type, tonnes] = r.pick(modeles);
    let p = plaque(r.next);
    while (taken.has(p)) p = plaque(r.next);
    taken.add(p);
    const annee = r.int(2012, 2025);
    return {
      entreprise_id: entrepriseId,
      plaque: p,
      marque,
      modele,
      type_vehicule_id: types.get(type)!,
      tonnage_kg: Math.round(tonnes * 1000),
      proprietaire_id: entrepriseId,
      chauffeur_id: chauffeurs.length && r.next() < 0.75 ? r.pick(chauffeurs) : null,
      statut: statutAuHasard(r),
      annee,
      date_mise_en_service: `${annee}-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`,
      // From the model, no draw: the demo's random sequence stays as it was.
      capacite_reservoir: CARBURANT_MODELES[modele]?.[0] ?? null,
      consommation_reference: CARBURANT_MODELES[modele]?.[1] ?? null,
    };
  });
}

/** 3 or 4 papers per vehicle: most valid, some expiring within 30 days, a few already expired. */
function documentsOf(r: Rng, v: { id: number; entreprise_id: number }, today: string) {
  const papiers = PAPIERS.slice(0, r.int(3, 4));
  return papiers.map(([libelle, expire]) => {
    const x = r.next();
    const offset = x < 0.07 ? -r.int(1, 60) : x < 0.22 ? r.int(0, 30) : r.int(31, 365);
    return {
      entreprise_id: v.entreprise_id,
      libelle,
      association: 'vehicule',
      camion_id: v.id,
      user_id: v.entreprise_id,
      date_expiration: expire ? addDays(today, offset) : null,
    };
  });
}

async function seedInterventions(db: Db, r: Rng, entrepriseId: number, vehiculeIds: number[], today: string) {
  const company = scoped(db, { entrepriseId });
  // One after the other: a transaction's client runs one query at a time.
  const garageRows = await company.select().from(garages);
  const serviceRows = await company.select().from(services);
  const articleRows = await company.select().from(articles);
  const plans = Array.from({ length: INTERVENTIONS_PAR_ENTREPRISE }, (_, i) => {
    // One confirmed job in the workshop today, one planned next week, the others over the last 12 months.
    const debut =
      i === 0 ? addDays(today, -1) : i === 1 ? addDays(today, r.int(5, 12)) : addDays(today, -r.int(3, 365));
    const fin = addDays(debut, i === 0 ? 2 : r.int(0, 4));
    const type = r.next() < 0.6 ? 'Entretien' : 'Réparation';
    const lignes = Array.from({ length: r.int(1, 4) }, (_, position) => {
      if (position === 0 || r.next() < 0.4) {
        const s = r.pick(serviceRows);
        const l = { qte: 1, prix_unitaire: s.montant };
        return {
          position,
          kind: 'service',
          service_id: s.id,
          libelle: s.libelle,
          ...l,
          montant: montantLigne(l),
        };
      }
      const a = r.pick(articleRows);
      const l = { qte: r.int(1, 4), prix_unitaire: a.prix_unitaire };
      return { position, kind: 'article', article_id: a.id, libelle: a.nom, ...l, montant: montantLigne(l) };
    });
    const statut = i === 0 || (i > 1 && r.next() < 0.75) ? 'Confirmé' : 'Brouillon';
    return {
      row: {
        entreprise_id: entrepriseId,
        vehicule_id: r.pick(vehiculeIds),
        garage_id: r.pick(garageRows).id,
        type,
        date_debut: debut,
        date_fin: fin,
        statut,
        description: r.pick(DESCRIPTIONS[type]),
        montant: montantIntervention(lignes),
        confirmed_at: statut === 'Confirmé' ? `${debut}T08:00:00.000Z` : null,
      },
      lignes,
    };
  });
  const inserted = await company
    .insert(interventions)
    .values(plans.map((p) => p.row))
    .returning({ id: interventions.id });
  await db
    .insert(interventionLignes)
    .values(plans.flatMap((p, i) => p.lignes.map((l) => ({ ...l, intervention_id: inserted[i]!.id }))));
}

/** Demo fleet: ~25 vehicles per company with their papers and a year of interventions, plus the independent camionneur's two trucks. */
export async function seedFleet(ctx: SeedContext): Promise<void> {
  const { db, r } = ctx;
  const today = todayInGabon();
  const types = new Map((await db.select().from(typesVehicules)).map((t) => [t.libelle, t.id]));
  const [camionneur] = await db.select().from(users).where(eq(users.email, 'camionneur@yams.ga'));

  const rows: NewVehicule[] = [];
  for (const company of ctx.companies) {
    const chauffeurs = [...(company.staff.camionneur ?? []), ...(company.staff.coursier ?? [])];
    rows.push(...vehiculesOf(r, company.id, VEHICULES_PAR_ENTREPRISE, types, chauffeurs, new Set()));
  }
  if (camionneur) {
    const own = vehiculesOf(r, camionneur.id, 2, types, [camionneur.id], new Set(), [
      MODELES[8]!,
      MODELES[2]!,
    ]);
    rows.push(...own.map((v) => ({ ...v, chauffeur_id: camionneur.id, statut: 'Disponible' })));
  }
  // Each company's vehicles then each one's papers, in the order drawn (the same ids as one insert of all).
  const owners = [...new Set(rows.map((v) => v.entreprise_id))];
  const created: Array<{ id: number; entreprise_id: number }> = [];
  for (const entrepriseId of owners) {
    created.push(
      ...(await scoped(db, { entrepriseId })
        .insert(vehicules)
        .values(rows.filter((v) => v.entreprise_id === entrepriseId))
        .returning({ id: vehicules.id, entreprise_id: vehicules.entreprise_id })),
    );
  }
  const papiers = created.flatMap((v) => documentsOf(r, v, today));
  for (const entrepriseId of owners) {
    await scoped(db, { entrepriseId })
      .insert(documents)
      .values(papiers.filter((d) => d.entreprise_id === entrepriseId));
  }

  for (const company of ctx.companies) {
    const ids = created.filter((v) => v.entreprise_id === company.id).map((v) => v.id);
    await seedInterventions(db, r, company.id, ids, today);
  }
  await refreshVehiculeStatuts(scoped(db, { entrepriseId: null }));
}
