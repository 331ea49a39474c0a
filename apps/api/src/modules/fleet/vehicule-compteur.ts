import type { ReleveKilometrage } from '@yams/shared';
import type { Db } from '../../db/client';
import type { Scope } from '../../plugins/auth';

/**
 * What a vehicle's detail needs from the fuel domain, without importing it (the fuel module reads the
 * vehicles): the latest odometer reading. The carburant module implements it and `modules/index.ts` wires
 * it, so the module folders stay a hierarchy (`npm run cycles`).
 */
export type CompteurVehicule = (
  db: Db,
  scope: Pick<Scope, 'entrepriseId'>,
  vehiculeId: number,
) => Promise<ReleveKilometrage | null>;

let wired: CompteurVehicule | null = null;

/** Called once by `modules/index.ts`. */
export function wireCompteurVehicule(hook: CompteurVehicule): void {
  wired = hook;
}

export function compteurVehicule(): CompteurVehicule {
  if (!wired) throw new Error('fleet : le compteur des véhicules n’est pas relié (modules/index.ts).');
  return wired;
}
