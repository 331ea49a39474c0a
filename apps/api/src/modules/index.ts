import { accountingModule, logoImprime, operationsHooks } from './accounting';
import { auditModule } from './audit';
import { authModule } from './auth';
import { avancesModule, justifierSiOuverte } from './avances';
import { carburantModule, compteurActuel, verifierPlein } from './carburant';
import { chauffeurModule } from './chauffeur';
import { wireJustifierAvance } from './chauffeur/avance-justifiee';
import { wireVerifierPlein } from './chauffeur/plein-verifie';
import { entrepriseModule, wireLogoImprime } from './entreprise';
import { entretienModule, rappelsPlansEntretien } from './entretien';
import { fleetModule } from './fleet';
import { wireCompteurVehicule } from './fleet/vehicule-compteur';
import { geolocationModule } from './geolocation';
import type { ApiModule } from './module';
import { notificationsModule } from './notifications';
import { addDailyJob } from './notifications/daily';
import { operationsModule } from './operations';
import { wireOperationsAccounting } from './operations/operations.accounting';
import { realtimeModule } from './realtime';
import { referenceModule } from './reference';
import { rentabiliteModule } from './rentabilite';
import { statisticsModule } from './statistics';
import { usersModule } from './users';

// Operations posts its payments and shows a course's invoice through accounting, which imports operations:
// the lower domain declares the interface, the upper one implements it, and the module list wires them.
wireOperationsAccounting(operationsHooks);
// A validated invoice keeps printing the logo it was validated with: the company settings keep its file.
wireLogoImprime(logoImprime);
// The fuel domain reads vehicles and the driver's fills: they reach it through these two interfaces.
wireCompteurVehicule(compteurActuel);
wireVerifierPlein(verifierPlein);
// A driver's fill paid on his advance, or his road expense, justifies his open advance (module avances).
wireJustifierAvance(justifierSiOuverte);
// The maintenance reminders are a part of the day's run.
addDailyJob(async (tx, today) => {
  await rappelsPlansEntretien(tx, today);
});

/** Every domain of the API; `app.ts` registers their routes in this order. */
export const MODULES: ApiModule[] = [
  authModule,
  usersModule,
  notificationsModule,
  operationsModule,
  referenceModule,
  fleetModule,
  accountingModule,
  entrepriseModule,
  realtimeModule,
  statisticsModule,
  geolocationModule,
  auditModule,
  chauffeurModule,
  carburantModule,
  entretienModule,
  rentabiliteModule,
  avancesModule,
];

/**
 * The demo seed's order, by dependency: reference data first, then the vehicles, the courses that use
 * them, the invoices and journal entries of those courses, the GPS devices on the vehicles, and last the demo
 * drivers of the driver's app (no random draw: everything before stays as it was). Changing it
 * changes the seeded data (one random sequence runs through all of them).
 */
const SEED_ORDER = [
  'reference',
  'fleet',
  'operations',
  'accounting',
  'geolocation',
  'chauffeur',
  'carburant',
  'entretien',
  'avances',
];

/** The modules that seed demo data, in `SEED_ORDER`; a module with a seed missing from the order fails. */
export function seedingModules(): Array<Required<Pick<ApiModule, 'name' | 'seed'>>> {
  const seeding = MODULES.filter((m) => m.seed);
  const unordered = seeding.filter((m) => !SEED_ORDER.includes(m.name));
  if (unordered.length) {
    throw new Error(`Modules avec un seed absent de SEED_ORDER : ${unordered.map((m) => m.name).join(', ')}`);
  }
  return SEED_ORDER.map((name) => {
    const m = seeding.find((s) => s.name === name);
    if (!m?.seed) throw new Error(`SEED_ORDER nomme « ${name} », qui n'a pas de seed.`);
    return { name, seed: m.seed };
  });
}
