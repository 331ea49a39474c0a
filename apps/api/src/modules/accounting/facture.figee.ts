import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { scoped } from '../../db/scoped';
import { getParametres } from '../entreprise/parametres.repository';
import { nomCompletSql } from '../operations/operations.refs';
import { factures } from './accounting.table';

// A validated invoice (a definitive invoice, a pro forma, a credit note) is frozen as it was validated: its
// lines cannot change any more, and the issuer and client blocks it printed are copied on it at validation
// (`factures.emetteur`, `factures.client_fige`), so that a later change of the company's details (NIF, RCCM,
// address, logo) or of the client's never changes the document. A draft follows the current details.

/** The issuer block as printed: the company's settings, its logo's stored file (kept while an invoice names it). */
export interface EmetteurFige {
  raison_sociale: string;
  adresse: string | null;
  telephone: string | null;
  email: string | null;
  bp: string | null;
  nif: string | null;
  rccm: string | null;
  logo: string | null;
}

/** The client block as printed. */
export interface ClientFige {
  nom: string | null;
  prenom: string | null;
  nom_complet: string;
  telephone1: string | null;
  telephone2: string | null;
  email: string | null;
  adresse: string | null;
  bp: string | null;
}

/** The company's issuer block today. */
export async function emetteurActuel(db: Db, entrepriseId: number): Promise<EmetteurFige> {
  const p = await getParametres(db, entrepriseId);
  const [u] = await scoped(db, { entrepriseId })
    .select({ bp: users.bp })
    .from(users, 'own')
    .where(eq(users.id, entrepriseId))
    .limit(1);
  return {
    raison_sociale: p.raison_sociale,
    adresse: p.adresse,
    telephone: p.telephone,
    email: p.email,
    bp: u?.bp ?? null,
    nif: p.nif,
    rccm: p.rccm,
    logo: p.logo,
  };
}

/** What a validation writes on the invoice: both blocks as they are now. */
export async function figer(
  tx: Db,
  f: { entreprise_id: number; client_id: number },
): Promise<{ emetteur: EmetteurFige; client_fige: ClientFige }> {
  const [c] = await scoped(tx, { entrepriseId: f.entreprise_id })
    .select({
      nom: users.nom,
      prenom: users.prenom,
      nom_complet: nomCompletSql(users),
      telephone1: users.telephone1,
      telephone2: users.telephone2,
      email: users.email,
      adresse: users.adresse,
      bp: users.bp,
    })
    .from(users)
    .where(eq(users.id, f.client_id))
    .limit(1);
  return {
    emetteur: await emetteurActuel(tx, f.entreprise_id),
    client_fige: {
      nom: c?.nom ?? null,
      prenom: c?.prenom ?? null,
      nom_complet: String(c?.nom_complet ?? ''),
      telephone1: c?.telephone1 ?? null,
      telephone2: c?.telephone2 ?? null,
      email: c?.email ?? null,
      adresse: c?.adresse ?? null,
      bp: c?.bp ?? null,
    },
  };
}

/** Whether a validated invoice printed this logo file (it must then stay: entreprise/logos-imprimes.ts). */
export async function logoImprime(db: Db, entrepriseId: number, logo: string): Promise<boolean> {
  const [fige] = await scoped(db, { entrepriseId })
    .select({ id: factures.id })
    .from(factures)
    .where(sql`${factures.emetteur}->>'logo' = ${logo}`)
    .limit(1);
  return fige !== undefined;
}
