import { count, eq } from 'drizzle-orm';
import { hashPassword } from '../../lib/crypto';
import { seedingModules } from '../../modules';
import type { SeedContext } from '../../modules/module';
import type { Db } from '../client';
import { ADRESSES, NOMS, PRENOMS, phone, type Rng, rng, slug } from '../demo-people';
import { analyze } from '../maintenance';
import { type NewUser, users } from '../schema';

export const DEMO_PASSWORD = 'Yams2026!';

/** The fixed demo logins, printed at start and written in the README. */
export const DEMO_ACCOUNTS: Array<[email: string, role: string]> = [
  ['admin@yams.ga', 'superadmin'],
  ['direction@transgabon.ga', 'transporteur — TransGabon SARL'],
  ['direction@ogooue-logistique.ga', 'transporteur — Ogooué Logistique'],
  ['camionneur@yams.ga', 'transporteur camionneur indépendant'],
  ['coursier@yams.ga', 'transporteur coursier indépendant'],
  ['nouveau@yams.ga', 'transporteur pas encore vérifié'],
  ['client@yams.ga', 'client (refusé par le back-office)'],
  ['chauffeur@transgabon.ga', 'chauffeur TransGabon — application /chauffeur (ou +241 077 45 67 89)'],
  ['chauffeur2@transgabon.ga', 'chauffeur TransGabon — application /chauffeur (ou +241 066 23 45 67)'],
];

const now = () => new Date().toISOString();

async function insertUser(db: Db, values: NewUser) {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

/** A company's staff of every type, with realistic names. */
async function seedStaff(db: Db, r: Rng, entrepriseId: number, domain: string, password: string) {
  const staff: Array<[type: string, n: number]> = [
    ['agent', 2],
    ['camionneur', 6],
    ['coursier', 2],
    ['client', 8],
  ];
  const created: Record<string, number[]> = {};
  for (const [type, n] of staff) {
    for (let i = 0; i < n; i++) {
      const nom = r.pick(NOMS);
      const prenom = r.pick(PRENOMS);
      const email = `${slug(prenom)}.${slug(nom)}.${type}${i + 1}@${domain}`;
      const u = await insertUser(db, {
        name: `${slug(prenom)}.${slug(nom)}`.slice(0, 100),
        type,
        nom,
        prenom,
        email,
        telephone1: phone(r),
        adresse: r.pick(ADRESSES),
        password,
        email_verified_at: now(),
        entreprise_id: entrepriseId,
        // Clients have been on the books for a while, most of them followed by a commercial (an agent).
        ...(type === 'client'
          ? {
              created_at: new Date(Date.now() - r.int(30, 900) * 86_400_000).toISOString(),
              commercial_id: created.agent?.length ? r.pick(created.agent) : null,
            }
          : {}),
      });
      created[type] ??= [];
      created[type].push(u.id);
    }
  }
  return created;
}

async function seedCompany(
  db: Db,
  password: string,
  values: Omit<NewUser, 'type' | 'password'>,
): Promise<number> {
  // Demo companies have been on the platform for three years: their courses and payments of the last two
  // years are not dated before the company existed (paiements.service refuses such dates).
  const company = await insertUser(db, {
    created_at: new Date(Date.now() - 3 * 365 * 86_400_000).toISOString(),
    ...values,
    type: 'transporteur',
    password,
  });
  await db.update(users).set({ entreprise_id: company.id }).where(eq(users.id, company.id));
  return company.id;
}

/**
 * Creates the demo platform on an empty database only: never again, never over real data.
 * Returns the demo logins when it seeded, otherwise null.
 */
export async function seedDemoIfEmpty(db: Db): Promise<typeof DEMO_ACCOUNTS | null> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return null;
  await seedDemo(db);
  await analyze(db);
  return DEMO_ACCOUNTS;
}

export async function seedDemo(db: Db): Promise<void> {
  const password = await hashPassword(DEMO_PASSWORD);
  const r = rng(2026);
  const verified = now();
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await insertUser(tx, {
      name: 'admin',
      type: 'superadmin',
      nom: 'Administrateur',
      prenom: 'Yams',
      email: 'admin@yams.ga',
      telephone1: '+241 077 00 00 01',
      adresse: 'Boulevard de l’Indépendance, Libreville',
      password,
      email_verified_at: verified,
    });
    const transgabon = await seedCompany(tx, password, {
      name: 'transgabon',
      sous_type: 'entreprise',
      nom: 'TransGabon SARL',
      email: 'direction@transgabon.ga',
      telephone1: '+241 077 12 34 56',
      telephone2: '+241 011 76 54 32',
      adresse: 'Boulevard Triomphal, Libreville',
      bp: 'BP 4521 Libreville',
      email_verified_at: verified,
    });
    const ogooue = await seedCompany(tx, password, {
      name: 'ogooue.logistique',
      sous_type: 'entreprise',
      nom: 'Ogooué Logistique',
      email: 'direction@ogooue-logistique.ga',
      telephone1: '+241 066 45 12 78',
      adresse: 'Zone portuaire, Port-Gentil',
      bp: 'BP 812 Port-Gentil',
      email_verified_at: verified,
    });
    const tg = await seedStaff(tx, r, transgabon, 'transgabon.ga', password);
    const og = await seedStaff(tx, r, ogooue, 'ogooue-logistique.ga', password);
    await insertUser(tx, {
      name: 'client.demo',
      type: 'client',
      nom: 'Moussavou',
      prenom: 'Sylvie',
      email: 'client@yams.ga',
      telephone1: '+241 074 22 33 44',
      adresse: 'Quartier Louis, boulevard de l’Indépendance, Libreville',
      password,
      email_verified_at: verified,
      entreprise_id: transgabon,
      commercial_id: tg.agent?.[0] ?? null,
    });
    await seedCompany(tx, password, {
      name: 'mba.transport',
      sous_type: 'camionneur',
      nom: 'Mba',
      prenom: 'Ghislain',
      email: 'camionneur@yams.ga',
      telephone1: '+241 077 98 76 54',
      adresse: 'Quartier Potos, route de l’aéroport, Franceville',
      email_verified_at: verified,
    });
    await seedCompany(tx, password, {
      name: 'express.ondo',
      sous_type: 'coursier',
      nom: 'Ondo',
      prenom: 'Landry',
      email: 'coursier@yams.ga',
      telephone1: '+241 062 11 22 33',
      adresse: 'Angondjé, carrefour Avorbam, Akanda',
      email_verified_at: verified,
    });
    await seedCompany(tx, password, {
      name: 'nouveau.transport',
      sous_type: 'entreprise',
      nom: 'Nouveau Transport',
      email: 'nouveau@yams.ga',
      telephone1: '+241 065 00 11 22',
      adresse: 'Zone industrielle d’Owendo, près du port, Owendo',
      email_verified_at: null,
    });
    const ctx: SeedContext = {
      db: tx,
      r,
      password,
      companies: [
        { id: transgabon, domain: 'transgabon.ga', staff: tg },
        { id: ogooue, domain: 'ogooue-logistique.ga', staff: og },
      ],
    };
    // Each domain adds its demo data, in dependency order (modules/index.ts, SEED_ORDER).
    for (const module of seedingModules()) await module.seed(ctx);
  });
}
