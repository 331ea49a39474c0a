import { addDays, COURSE_STATUTS_OUVERTS, courseCode, todayInGabon } from '@yams/shared';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import { scoped } from '../../db/scoped';
import { vehicules } from '../fleet/fleet.table';
import type { SeedContext } from '../module';
import { compteurs, courses } from '../operations/operations.table';
import { suivreCourse } from '../operations/vehicule-suivi';
import { villes } from '../reference/reference.table';

// The demo drivers of the driver's app (README's demo accounts): two camionneurs of TransGabon, each with
// his truck, a course today, one finished earlier this week and one later this week (on a second truck: a
// vehicle holds one open course at a time). No random draw, so the rest of the demo is unchanged.

export const CHAUFFEURS_DEMO = [
  {
    email: 'chauffeur@transgabon.ga',
    name: 'chauffeur.transgabon',
    nom: 'Nzamba',
    prenom: 'Rodrigue',
    telephone1: '+241 077 45 67 89',
  },
  {
    email: 'chauffeur2@transgabon.ga',
    name: 'chauffeur2.transgabon',
    nom: 'Mouketou',
    prenom: 'Brice',
    telephone1: '+241 066 23 45 67',
  },
] as const;

/** `YYYY-MM-DD` at `HH:MM` in Libreville (UTC+1) as an instant. */
const at = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+01:00`).toISOString();

const TRAJETS: Array<{
  de: string;
  vers: string;
  chargement: string;
  dechargement: string;
  description: string | null;
  poids: number;
  montant: number;
  coords: [number, number, number, number];
}> = [
  {
    de: 'LBV',
    vers: 'FCV',
    chargement: 'Port d’Owendo, môle 3',
    dechargement: 'Quartier Potos, entrepôt Comilog, Franceville',
    description: 'Ciment en sacs de 50 kg. Appeler le magasinier 30 min avant l’arrivée.',
    poids: 18_000,
    montant: 650_000,
    coords: [0.2912, 9.5031, -1.6333, 13.5833],
  },
  {
    de: 'LBV',
    vers: 'LBV',
    chargement: 'Entrepôt de Mindoubé, Libreville',
    dechargement: 'Supermarché Mbolo, Libreville',
    description: 'Palettes de boissons. Quai de livraison à l’arrière du magasin.',
    poids: 6_000,
    montant: 85_000,
    coords: [0.4036, 9.4832, 0.3958, 9.4489],
  },
  {
    de: 'LBV',
    vers: 'POG',
    chargement: 'Zone industrielle d’Oloumi, Libreville',
    dechargement: 'Port môle de Port-Gentil',
    description: 'Matériel de forage, prévoir les sangles.',
    poids: 12_000,
    montant: 420_000,
    coords: [0.3858, 9.4601, -0.7139, 8.7889],
  },
  {
    de: 'LBV',
    vers: 'OYE',
    chargement: 'Fret de l’aéroport Léon-Mba, Libreville',
    dechargement: 'Marché central d’Oyem',
    description: null,
    poids: 9_000,
    montant: 380_000,
    coords: [0.4586, 9.4123, 1.5994, 11.5793],
  },
];

export async function seedChauffeurs(ctx: SeedContext): Promise<void> {
  const { db } = ctx;
  const company = ctx.companies.find((c) => c.domain === 'transgabon.ga');
  if (!company) return;
  const own = scoped(db, { entrepriseId: company.id });
  const today = todayInGabon();
  const villesRows = await db.select({ id: villes.id, code: villes.code }).from(villes);
  const ville = (code: string) => villesRows.find((v) => v.code === code)?.id;
  if (!ville('LBV') || !ville('FCV') || !ville('POG') || !ville('OYE')) return;
  const clients = company.staff.client ?? [];
  if (!clients.length) return;
  // Trucks with no open course, in service: two per driver.
  const libres = await own
    .select({ id: vehicules.id })
    .from(vehicules)
    .where(
      and(
        eq(vehicules.statut, 'Disponible'),
        notInArray(
          vehicules.id,
          own
            .select({ id: courses.vehicule_id })
            .from(courses)
            .where(
              sql`${courses.statut} in (${sql.join(
                COURSE_STATUTS_OUVERTS.map((s) => sql`${s}`),
                sql`, `,
              )})`,
            ),
        ),
      ),
    )
    .orderBy(vehicules.id)
    .limit(CHAUFFEURS_DEMO.length * 2);
  if (libres.length < CHAUFFEURS_DEMO.length * 2) return;
  const annee = Number(today.slice(0, 4));
  const [compteur] = await own
    .select({ dernier: compteurs.dernier })
    .from(compteurs)
    .where(and(eq(compteurs.serie, 'course'), eq(compteurs.annee, annee)));
  let numero = compteur?.dernier ?? 0;

  for (const [i, d] of CHAUFFEURS_DEMO.entries()) {
    const [driver] = await db
      .insert(users)
      .values({
        ...d,
        type: 'camionneur',
        adresse: 'Nzeng-Ayong, Libreville',
        password: ctx.password,
        email_verified_at: new Date().toISOString(),
        entreprise_id: company.id,
      })
      .returning({ id: users.id });
    const camion = libres[i * 2]!.id;
    const second = libres[i * 2 + 1]!.id;
    await own.update(vehicules).set({ chauffeur_id: driver!.id }).where(eq(vehicules.id, camion));
    const plan: Array<{
      day: string;
      heure: string;
      vehicule: number;
      statut: 'Terminé' | 'Chargement en attente';
      t: number;
    }> = [
      { day: addDays(today, -2), heure: '07:30', vehicule: camion, statut: 'Terminé', t: (i + 1) % 4 },
      {
        day: today,
        heure: i === 0 ? '08:00' : '09:30',
        vehicule: camion,
        statut: 'Chargement en attente',
        t: i * 2,
      },
      {
        day: addDays(today, 3 + i),
        heure: '07:00',
        vehicule: second,
        statut: 'Chargement en attente',
        t: (i + 2) % 4,
      },
    ];
    for (const p of plan) {
      const trajet = TRAJETS[p.t]!;
      numero++;
      const termine = p.statut === 'Terminé';
      await own.insert(courses).values({
        code: courseCode(annee, numero),
        client_id: clients[(i * 3 + p.t) % clients.length]!,
        vehicule_id: p.vehicule,
        chauffeur_id: driver!.id,
        type_course: trajet.de === trajet.vers ? 'Livraison' : 'Transport de marchandises',
        ville_depart_id: ville(trajet.de)!,
        ville_arrivee_id: ville(trajet.vers)!,
        adresse_chargement: trajet.chargement,
        adresse_dechargement: trajet.dechargement,
        chargement_lat: trajet.coords[0],
        chargement_lng: trajet.coords[1],
        dechargement_lat: trajet.coords[2],
        dechargement_lng: trajet.coords[3],
        date_chargement: at(p.day, p.heure),
        date_dechargement: termine ? at(p.day, '17:45') : null,
        date_chargement_reelle: termine ? at(p.day, '08:10') : null,
        date_depart_reelle: termine ? at(p.day, '08:40') : null,
        date_dechargement_reelle: termine ? at(p.day, '17:45') : null,
        poids_kg: trajet.poids,
        description: trajet.description,
        montant: trajet.montant,
        statut: p.statut,
        created_at: at(addDays(p.day, -3), '10:00'),
      });
      if (!termine) await suivreCourse(own, p.vehicule, p.statut);
    }
  }
  await own
    .insert(compteurs)
    .values({ serie: 'course', annee, dernier: numero })
    .onConflictDoUpdate({
      target: [compteurs.entreprise_id, compteurs.serie, compteurs.annee],
      set: { dernier: sql`excluded.dernier` },
    });
}
