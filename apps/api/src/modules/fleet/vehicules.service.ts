import {
  formatDate,
  plaqueCle,
  type VehiculeBody,
  type VehiculeOut,
  type VehiculeStatut,
  type VehiculeUpdateBody,
  vehiculeDatesRefus,
  vehiculeStatutRefus,
} from '@yams/shared';
import { and, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/core.table';
import { scoped } from '../../db/scoped';
import { resolveEntrepriseExistante } from '../../db/tenancy';
import { isUniqueViolation } from '../../lib/db-errors';
import { fieldErrors } from '../../lib/errors';
import { assertUnused } from '../../lib/usages';
import type { Scope } from '../../plugins/auth';
import { assertRowExists } from '../reference/reference.checks';
import { typesVehicules } from '../reference/reference.table';
import { vehiculeNotFound } from './fleet.errors';
import { documents, vehicules } from './fleet.table';
import { findVehicule, getVehiculeOut, plaqueCleSql } from './vehicules.repository';

const PLAQUE_PRISE = 'Cette plaque est déjà enregistrée.';
const PLAQUE_INDEX = 'vehicules_plaque_cle_unique';

/** The company of a transporteur account (itself for a company account). */
async function companyOf(db: Db, userId: number | null | undefined): Promise<number | undefined> {
  if (!userId) return undefined;
  const [u] = await db
    .select({ id: sql<number>`coalesce(${users.entreprise_id}, ${users.id})` })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.type, 'transporteur')))
    .limit(1);
  return u?.id;
}

/** Plate free in the company (`GA 175 RX` is `GA-175-RX`), type known, owner and driver of the same company. */
async function checkVehicule(
  db: Db,
  entrepriseId: number,
  v: Partial<VehiculeBody>,
  exceptId?: number,
): Promise<void> {
  if (v.plaque) {
    const [other] = await scoped(db, { entrepriseId })
      .select({ id: vehicules.id })
      .from(vehicules)
      .where(and(eq(plaqueCleSql, plaqueCle(v.plaque)), exceptId ? ne(vehicules.id, exceptId) : undefined))
      .limit(1);
    if (other) throw fieldErrors({ plaque: PLAQUE_PRISE });
  }
  await assertRowExists(
    db,
    typesVehicules,
    v.type_vehicule_id,
    'type_vehicule_id',
    "Ce type de véhicule n'existe pas.",
  );
  await assertRowExists(
    db,
    users,
    v.proprietaire_id,
    'proprietaire_id',
    'Le propriétaire doit être un transporteur de la même entreprise que le véhicule.',
    and(eq(users.type, 'transporteur'), sql`coalesce(${users.entreprise_id}, ${users.id}) = ${entrepriseId}`),
  );
  await assertRowExists(
    db,
    users,
    v.chauffeur_id,
    'chauffeur_id',
    'Le chauffeur doit être un camionneur ou un coursier de la même entreprise que le véhicule.',
    or(
      and(inArray(users.type, ['camionneur', 'coursier']), eq(users.entreprise_id, entrepriseId)),
      // An independent camionneur or coursier drives its own vehicle.
      and(
        eq(users.type, 'transporteur'),
        inArray(users.sous_type, ['camionneur', 'coursier']),
        sql`coalesce(${users.entreprise_id}, ${users.id}) = ${entrepriseId}`,
      ),
    ),
  );
}

/** Body fields → columns: tonnes to kilograms; absent fields stay unchanged. */
function columnsOf(v: Partial<VehiculeBody>) {
  const { entreprise_id: _, tonnage, ...rest } = v;
  const values: Record<string, unknown> = { ...rest };
  if (tonnage !== undefined) values.tonnage_kg = tonnage === null ? null : Math.round(tonnage * 1000);
  return Object.fromEntries(Object.entries(values).filter(([, x]) => x !== undefined));
}

export async function createVehicule(db: Db, scope: Scope, body: VehiculeBody): Promise<VehiculeOut> {
  // A superadmin may name the company, or let the owner's company decide.
  let requested = body.entreprise_id;
  if (!requested && scope.entrepriseId === null && body.proprietaire_id) {
    requested = await companyOf(db, body.proprietaire_id);
    if (!requested) throw fieldErrors({ proprietaire_id: 'Le propriétaire doit être un transporteur.' });
  }
  const entrepriseId = await resolveEntrepriseExistante(db, scope, requested);
  const statut = body.statut ?? 'Nouveau';
  const refus = vehiculeStatutRefus('Nouveau', statut);
  if (refus) throw fieldErrors({ statut: refus });
  await checkVehicule(db, entrepriseId, body);
  try {
    const [row] = await scoped(db, { entrepriseId })
      .insert(vehicules)
      .values({
        ...(columnsOf(body) as { plaque: string; marque: string }),
        entreprise_id: entrepriseId,
        proprietaire_id: body.proprietaire_id ?? entrepriseId,
        statut,
      })
      .returning({ id: vehicules.id });
    return getVehiculeOut(db, scope, row!.id);
  } catch (err) {
    if (isUniqueViolation(err, PLAQUE_INDEX)) throw fieldErrors({ plaque: PLAQUE_PRISE });
    throw err;
  }
}

/** A year or a commissioning date sent alone is checked against the other one stored. */
function assertDatesAvecStockees(
  current: { annee: number | null; date_mise_en_service: string | null },
  body: VehiculeUpdateBody,
) {
  if (body.annee === undefined && body.date_mise_en_service === undefined) return;
  const refus = vehiculeDatesRefus({
    annee: body.annee === undefined ? current.annee : body.annee,
    date_mise_en_service:
      body.date_mise_en_service === undefined ? current.date_mise_en_service : body.date_mise_en_service,
  });
  if (refus.date_mise_en_service && body.date_mise_en_service === undefined) {
    throw fieldErrors({
      annee: `L'année de fabrication (${body.annee}) ne peut pas suivre la date de mise en service (${formatDate(current.date_mise_en_service)}).`,
    });
  }
  if (Object.keys(refus).length) throw fieldErrors(refus);
}

export async function updateVehicule(
  db: Db,
  scope: Scope,
  id: number,
  body: VehiculeUpdateBody,
): Promise<VehiculeOut> {
  const current = await findVehicule(db, scope, id);
  if (body.statut) {
    const refus = vehiculeStatutRefus(current.statut as VehiculeStatut, body.statut);
    if (refus) throw fieldErrors({ statut: refus });
  }
  await checkVehicule(db, current.entreprise_id, body, id);
  assertDatesAvecStockees(current, body);
  const values = columnsOf(body);
  if (Object.keys(values).length) {
    try {
      await scoped(db, scope).update(vehicules).set(values).where(eq(vehicules.id, id));
    } catch (err) {
      if (isUniqueViolation(err, PLAQUE_INDEX)) throw fieldErrors({ plaque: PLAQUE_PRISE });
      throw err;
    }
  }
  return getVehiculeOut(db, scope, id);
}

/**
 * Deletes a vehicle no course or intervention uses; its documents go with it. Returns the French sentence
 * and the stored files of its documents, for the caller to remove.
 */
export async function destroyVehicule(
  db: Db,
  scope: Scope,
  id: number,
  options: { group?: boolean } = {},
): Promise<{ message: string; files: string[] }> {
  const notFound = options.group
    ? () => vehiculeNotFound(`Le véhicule n°${id} n'existe pas.`)
    : vehiculeNotFound;
  const v = await findVehicule(db, scope, id, notFound);
  await assertUnused(db, 'vehicules', id, `le véhicule ${v.plaque}`, 'm');
  const s = scoped(db, scope);
  const files = await s
    .select({ fichier: documents.fichier })
    .from(documents)
    .where(and(eq(documents.camion_id, id), isNotNull(documents.fichier)));
  await s.delete(vehicules).where(eq(vehicules.id, id));
  return { message: `Le véhicule ${v.plaque} a été supprimé.`, files: files.map((f) => f.fichier!) };
}
