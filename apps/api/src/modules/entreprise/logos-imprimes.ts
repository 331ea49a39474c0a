import type { Db } from '../../db/client';

/**
 * Whether a company's stored logo file is still printed by a document of another domain (a validated
 * invoice keeps the logo it was validated with: accounting/facture.figee.ts). Accounting imports this
 * domain, so it is told through this interface, wired by `modules/index.ts` (`npm run cycles` checks it).
 */
export type LogoImprime = (db: Db, entrepriseId: number, logo: string) => Promise<boolean>;

let wired: LogoImprime | null = null;

/** Called once by `modules/index.ts`. */
export function wireLogoImprime(f: LogoImprime): void {
  wired = f;
}

/** Removes a company's former logo file, unless a validated document printed it (its file then stays). */
export async function retirerLogo(
  db: Db,
  entrepriseId: number,
  logo: string | null | undefined,
  remove: (rel: string) => Promise<void>,
): Promise<void> {
  if (!logo) return;
  if (!wired) throw new Error('entreprise : les logos imprimés ne sont pas reliés (modules/index.ts).');
  if (!(await wired(db, entrepriseId, logo))) await remove(logo);
}
