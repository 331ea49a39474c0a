import {
  compteDuPlan,
  compteRefus,
  contrePassation,
  dateComptableRefus,
  ecritureDesequilibre,
  type Journal,
  type LigneEcriture,
  type OperationDiverseBody,
} from '@yams/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scoped } from '../../db/scoped';
import { resolveEntreprise } from '../../db/tenancy';
import { fieldErrors } from '../../lib/errors';
import { transaction } from '../../lib/transaction';
import type { Scope } from '../../plugins/auth';
import { ecritureInvalide } from './accounting.errors';
import { ecritureLignes, ecritures } from './accounting.table';
import { assertExerciceOuvert } from './exercices';
import { lettrerContrePassation } from './lettrage.service';

// Postings: every automatic entry goes through `passerEcriture`, inside the transaction of the event that
// causes it, and every entry is checked by the one shared `ecritureDesequilibre` before it is written.

export type SourceType =
  | 'facture'
  | 'reglement'
  | 'achat'
  | 'paiement'
  | 'piece_de_caisse'
  | 'manuelle'
  | 'imputation_avance'
  | 'declaration_tva'
  | 'cloture'
  | 'a_nouveau'
  /** A fee entry created from a statement line (rapprochements.service.ts), source_id the line. */
  | 'rapprochement'
  /** A driver advance given or settled (module avances), source_id the advance. */
  | 'avance'
  /** A line justifying a driver advance: a fill, a road expense, an office expense; source_id the line. */
  | 'avance_plein'
  | 'avance_frais'
  | 'avance_depense';

export interface NouvelleEcriture {
  entreprise_id: number;
  date_operation: string;
  type: Journal;
  libelle: string;
  piece?: string | null;
  source_type: SourceType;
  source_id?: number | null;
  contre_passation_de?: number | null;
  lignes: LigneEcriture[];
}

/**
 * Writes a balanced entry (zero lines are dropped) and returns its id; an unbalanced one, or one dated
 * outside the accounting dates (`dateComptableRefus`: a draft saved before the rule) or in a closed exercise,
 * is a French 422.
 */
export async function passerEcriture(tx: Db, e: NouvelleEcriture): Promise<number> {
  const horsBornes = dateComptableRefus(e.date_operation);
  if (horsBornes) throw fieldErrors({ date_operation: horsBornes });
  await assertExerciceOuvert(tx, e.entreprise_id, e.date_operation);
  const lignes = e.lignes.filter((l) => l.debit !== 0 || l.credit !== 0);
  const erreur = ecritureDesequilibre(lignes);
  if (erreur) throw ecritureInvalide(erreur);
  const t = scoped(tx, { entrepriseId: e.entreprise_id });
  const [row] = await t
    .insert(ecritures)
    .values({
      date_operation: e.date_operation,
      type: e.type,
      libelle: e.libelle.slice(0, 255),
      piece: e.piece ?? null,
      source_type: e.source_type,
      source_id: e.source_id ?? null,
      contre_passation_de: e.contre_passation_de ?? null,
    })
    .returning({ id: ecritures.id });
  await t.insert(ecritureLignes).values(
    lignes.map((l) => ({
      ecriture_id: row!.id,
      date_operation: e.date_operation,
      journal: e.type,
      compte: l.compte,
      libelle: (l.libelle ?? e.libelle).slice(0, 255),
      debit: l.debit,
      credit: l.credit,
      tiers_id: l.tiers_id ?? null,
    })),
  );
  return row!.id;
}

/**
 * Reverses every entry of a document that is not reversed yet (a disabled voucher, a cancelled payment, a
 * voucher edited after posting): the reversing entry has the same lines, debit and credit swapped.
 */
export async function contrePasserSource(
  tx: Db,
  entrepriseId: number,
  source: { type: SourceType; id: number },
  date_operation: string,
  motif: string,
): Promise<number> {
  const ofSource = and(eq(ecritures.source_type, source.type), eq(ecritures.source_id, source.id));
  const t = scoped(tx, { entrepriseId });
  const toutes = await t.select().from(ecritures).where(ofSource).orderBy(ecritures.id);
  const reversed = new Set(toutes.map((e) => e.contre_passation_de).filter((id) => id !== null));
  const aContrePasser = toutes.filter((e) => e.contre_passation_de === null && !reversed.has(e.id));
  if (aContrePasser.length === 0) return 0;
  const lignes = await t
    .select()
    .from(ecritureLignes)
    .where(
      inArray(
        ecritureLignes.ecriture_id,
        aContrePasser.map((e) => e.id),
      ),
    );
  for (const e of aContrePasser) {
    const contre = await passerEcriture(tx, {
      entreprise_id: e.entreprise_id,
      date_operation,
      type: e.type as Journal,
      libelle: `${motif} — ${e.libelle}`,
      piece: e.piece,
      source_type: source.type,
      source_id: source.id,
      contre_passation_de: e.id,
      lignes: contrePassation(
        lignes
          .filter((l) => l.ecriture_id === e.id)
          .map((l) => ({
            compte: l.compte,
            libelle: l.libelle,
            debit: l.debit,
            credit: l.credit,
            tiers_id: l.tiers_id,
          })),
      ),
    });
    await lettrerContrePassation(tx, e.entreprise_id, e.id, contre);
  }
  return aContrePasser.length;
}

/**
 * Every account of a manual entry is in the chart, or a sub-account the company opened before (one of its
 * entries used it), or one this line opens explicitly (`nouveau_sous_compte`); else a French 422 on the line.
 */
async function assertComptes(tx: Db, entrepriseId: number, lignes: OperationDiverseBody['lignes']) {
  const horsPlan = [...new Set(lignes.map((l) => l.compte).filter((c) => !compteDuPlan(c)))];
  const ouverts = new Set(
    horsPlan.length
      ? (
          await scoped(tx, { entrepriseId })
            .select({ compte: ecritureLignes.compte })
            .from(ecritureLignes)
            .where(inArray(ecritureLignes.compte, horsPlan))
            .groupBy(ecritureLignes.compte)
        ).map((r: { compte: string }) => r.compte)
      : [],
  );
  const errors: Record<string, string> = {};
  lignes.forEach((l, i) => {
    const refus = compteRefus(l.compte, { connu: ouverts.has(l.compte), ouvrir: l.nouveau_sous_compte });
    if (refus) errors[`lignes.${i}.compte`] = refus;
  });
  if (Object.keys(errors).length) throw fieldErrors(errors);
}

/** `POST /api/operations`: a manual 'Operation Diverse', balanced or refused; returns the entry's id. */
export function createOperationDiverse(db: Db, scope: Scope, body: OperationDiverseBody): Promise<number> {
  const entrepriseId = resolveEntreprise(scope, body.entreprise_id);
  return transaction(db, async (tx) => {
    await assertComptes(tx, entrepriseId, body.lignes);
    return passerEcriture(tx, {
      entreprise_id: entrepriseId,
      date_operation: body.date_operation,
      type: 'Operation Diverse',
      libelle: body.libelle,
      piece: null,
      source_type: 'manuelle',
      lignes: body.lignes.map(({ nouveau_sous_compte: _, ...l }) => l),
    });
  });
}
