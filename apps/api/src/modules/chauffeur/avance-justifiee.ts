import type { Db } from '../../db/client';

/**
 * A driver's fill paid « Avance du chauffeur », or his road expense, justifies his open advance as soon as it
 * is written (his open advance for that course, else his open advance whose period holds the day), posted
 * in the write's transaction. The avances module implements it and `modules/index.ts` wires it: the fuel
 * and driver's modules sit below it (`npm run cycles`).
 */
export type JustifierAvance = (
  tx: Db,
  entrepriseId: number,
  objet: 'plein' | 'frais',
  id: number,
) => Promise<unknown>;

let wired: JustifierAvance | null = null;

/** Called once by `modules/index.ts`. */
export function wireJustifierAvance(hook: JustifierAvance): void {
  wired = hook;
}

export function justifierAvance(): JustifierAvance {
  if (!wired)
    throw new Error('chauffeur : les avances de frais de route ne sont pas reliées (modules/index.ts).');
  return wired;
}
