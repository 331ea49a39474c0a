import { addDays, type DemandeStatut, todayInGabon } from '@yams/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { NOMS, PRENOMS, phone, type Rng, slug } from '../../db/demo-people';
import { type NewUser, users } from '../../db/schema';
import { scoped } from '../../db/scoped';
import type { SeedContext } from '../module';
import { typesMarchandises, villes } from '../reference/reference.table';
import { adresses } from './adresses.table';
import { type SeededCourse, type SeedRefs, seedCourses } from './operations.seed-courses';
import { CLIENTS_ENTREPRISES, instant, QUARTIERS } from './operations.seed-data';
import { courses, demandes } from './operations.table';

export const CLIENTS_PAR_ENTREPRISE = 150;
const DAY = 86_400_000;

/** Accounts of type client: people and businesses (raison sociale in `nom`). */
async function seedClients(
  ctx: SeedContext,
  entrepriseId: number | null,
  domain: string,
  n: number,
  commerciaux: number[],
): Promise<number[]> {
  const { r } = ctx;
  const now = Date.now();
  const rows: NewUser[] = [];
  for (let i = 0; i < n; i++) {
    const business = entrepriseId !== null && i < CLIENTS_ENTREPRISES.length;
    const nom = business ? CLIENTS_ENTREPRISES[i]! : r.pick(NOMS);
    const prenom = business ? null : r.pick(PRENOMS);
    const ident = business ? slug(nom) : `${slug(prenom!)}.${slug(nom)}`;
    rows.push({
      name: ident.slice(0, 100),
      type: 'client',
      nom,
      prenom,
      email: `${ident}.${i + 1}@clients.${domain}`,
      telephone1: phone(r),
      adresse: `${r.pick(QUARTIERS)}, ${r.pick(['Libreville', 'Libreville', 'Owendo', 'Akanda', 'Port-Gentil'])}`,
      bp: business ? `BP ${r.int(100, 9999)}` : null,
      password: ctx.password,
      email_verified_at: new Date(now).toISOString(),
      entreprise_id: entrepriseId,
      commercial_id: commerciaux.length && r.next() < 0.7 ? r.pick(commerciaux) : null,
      created_at: new Date(now - r.int(20, 720) * DAY).toISOString(),
    });
  }
  const inserted = await ctx.db.insert(users).values(rows).returning({ id: users.id });
  return inserted.map((u) => u.id);
}

type NewDemande = typeof demandes.$inferInsert;

/** A request that was accepted: it mirrors the course it became. */
function demandeAcceptee(r: Rng, c: SeededCourse, entrepriseId: number): NewDemande {
  const jour = new Date(new Date(c.date_chargement).getTime() + 3_600_000).toISOString().slice(0, 10);
  return {
    client_id: c.client_id,
    entreprise_id: entrepriseId,
    cree_par_entreprise_id: r.next() < 0.6 ? entrepriseId : null,
    type_course: c.type_course,
    type_marchandise_id: c.type_marchandise_id,
    ville_depart_id: c.ville_depart_id,
    ville_arrivee_id: c.ville_arrivee_id,
    adresse_chargement: c.adresse_chargement,
    adresse_dechargement: c.adresse_dechargement,
    date_souhaitee: jour,
    poids_kg: c.poids_kg,
    budget: r.next() < 0.5 ? Math.round(c.montant * 0.9) : null,
    statut: 'Accepté',
    course_id: c.id,
    created_at: new Date(new Date(c.date_chargement).getTime() - r.int(2, 6) * DAY).toISOString(),
  };
}

/** An open or cancelled request of a client; open ones are seen by every transporteur. */
function demandeLibre(
  r: Rng,
  refs: SeedRefs,
  clientId: number,
  creePar: number | null,
  statut: DemandeStatut,
): NewDemande {
  const today = todayInGabon();
  const [depart, arrivee] = [r.pick(refs.villes), r.pick(refs.villes)];
  const type = r.pick(['Transport de marchandises', 'Livraison', 'Déménagement', 'Location avec chauffeur']);
  const souhaitee = statut === 'Annulé' ? addDays(today, -r.int(5, 120)) : addDays(today, r.int(1, 20));
  return {
    client_id: clientId,
    cree_par_entreprise_id: creePar,
    type_course: type,
    type_marchandise_id:
      refs.marchandises.length && type !== 'Déménagement' ? r.pick(refs.marchandises) : null,
    ville_depart_id: depart.id,
    ville_arrivee_id:
      arrivee.id === depart.id && type !== 'Livraison'
        ? refs.villes.find((v) => v.id !== depart.id)!.id
        : arrivee.id,
    adresse_chargement: `Quartier ${r.pick(QUARTIERS)}`,
    adresse_dechargement: `Quartier ${r.pick(QUARTIERS)}`,
    date_souhaitee: souhaitee,
    poids_kg: type === 'Location avec chauffeur' ? null : r.int(1, 25) * 500,
    description: r.pick([
      null,
      'Marchandise fragile.',
      'Prévoir deux manutentionnaires.',
      'Livraison avant midi.',
    ]),
    budget: r.next() < 0.6 ? r.int(10, 160) * 5_000 : null,
    statut,
    created_at: instant(r, Date.now(), -r.int(1, 10)),
  };
}

/**
 * Per demo company: 150 clients, a year of courses with payments in every state (when the fleet seed gave it
 * vehicles), and 30 demandes in every status; plus a few independent clients asking from the mobile app.
 */
export async function seedOperations(ctx: SeedContext): Promise<void> {
  const { db, r } = ctx;
  const refs: SeedRefs = {
    villes: await db.select({ id: villes.id, libelle: villes.libelle }).from(villes).orderBy(villes.id),
    marchandises: (await db.select({ id: typesMarchandises.id }).from(typesMarchandises)).map((t) => t.id),
  };
  const independants = await seedClients(ctx, null, 'yams.ga', 6, []);
  const plan: Array<[DemandeStatut, number]> = [
    ['En attente', 8],
    ['Recherche en cours', 7],
    ['Annulé', 5],
  ];
  for (const company of ctx.companies) {
    const staffClients = company.staff.client ?? [];
    const own = await seedClients(
      ctx,
      company.id,
      company.domain,
      CLIENTS_PAR_ENTREPRISE,
      company.staff.agent ?? [],
    );
    const clients = [...own, ...staffClients];
    const seeded = await seedCourses(db, r, company, clients, refs);
    if (refs.villes.length < 2) continue;

    const rows: NewDemande[] = [];
    const recent = seeded.filter((c) => c.statut !== 'Annulé').slice(-60);
    for (let i = 0; i < 10 && recent.length; i++) {
      const c = recent.splice(r.int(0, recent.length - 1), 1)[0]!;
      rows.push(demandeAcceptee(r, c, company.id));
    }
    for (const [statut, n] of plan) {
      for (let i = 0; i < n; i++) {
        const independant = statut !== 'Annulé' && i < 2;
        rows.push(
          demandeLibre(
            r,
            refs,
            independant ? r.pick(independants) : r.pick(clients),
            independant ? null : company.id,
            statut,
          ),
        );
      }
    }
    // Plain db on purpose: accepted demandes and demandes posted from the app (no recording company) are market
    // states that `scoped().insert(demandes)` does not write (it records every new demande as the company's own).
    await db.insert(demandes).values(rows);
    // Each accepted demande's course points back at it (one UPDATE … FROM, filtered on the company).
    await db.execute(
      sql`update ${courses} set demande_id = d.id from ${demandes} d where d.course_id = ${courses.id} and d.entreprise_id = ${company.id}`,
    );
    await seedAdresses(db, company, refs);
  }
}

/** The company account's saved places (depot, customers' sites), offered as pickup and drop-off points. */
const ADRESSES_DEMO: Record<string, Array<[libelle: string, ville: string, lat: number, lng: number]>> = {
  'transgabon.ga': [
    ['Dépôt TransGabon — Owendo', 'Owendo', 0.2912, 9.5031],
    ['Entrepôt de Mindoubé', 'Libreville', 0.4036, 9.4832],
    ['Zone industrielle d’Oloumi', 'Libreville', 0.3858, 9.4601],
    ['Fret de l’aéroport Léon-Mba', 'Libreville', 0.4586, 9.4123],
  ],
  'ogooue-logistique.ga': [
    ['Base Ogooué Logistique — Port-Gentil', 'Port-Gentil', -0.7193, 8.7815],
    ['Port môle de Port-Gentil', 'Port-Gentil', -0.7139, 8.7889],
    ['Terminal pétrolier du Cap Lopez', 'Port-Gentil', -0.6423, 8.7162],
  ],
};

async function seedAdresses(db: Db, company: SeedContext['companies'][number], refs: SeedRefs) {
  const rows = (ADRESSES_DEMO[company.domain] ?? []).flatMap(([libelle, ville, latitude, longitude]) => {
    const v = refs.villes.find((x) => x.libelle === ville);
    return v
      ? [
          {
            utilisateur_id: company.id,
            libelle,
            ville_id: v.id,
            latitude,
            longitude,
          },
        ]
      : [];
  });
  if (rows.length) await scoped(db, { entrepriseId: company.id }).insert(adresses).values(rows);
}
