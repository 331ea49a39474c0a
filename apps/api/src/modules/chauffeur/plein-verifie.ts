import type { Db } from '../../db/client';

/**
 * What the driver's fuel record needs from the fuel domain, without importing it (the fuel module reads
 * the fills' table here): its anomalies checked once, in the write's transaction. The carburant module
 * implements it and `modules/index.ts` wires it (`npm run cycles`).
 */
export type VerifierPlein = (
  tx: Db,
  entrepriseId: number,
  pleinId: number,
  auteur: number,
) => Promise<unknown>;

let wired: VerifierPlein | null = null;

/** Called once by `modules/index.ts`. */
export function wireVerifierPlein(hook: VerifierPlein): void {
  wired = hook;
}

export function verifierPleinChauffeur(): VerifierPlein {
  if (!wired) throw new Error('chauffeur : la vérification des pleins n’est pas reliée (modules/index.ts).');
  return wired;
}
