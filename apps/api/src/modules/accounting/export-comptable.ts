import { formatDate } from '@yams/shared';
import { sql } from 'drizzle-orm';
import type { Scoped } from '../../db/scoped';
import { fieldErrors } from '../../lib/errors';
import { assertDateRange } from '../../lib/filters-dates';
import { ecritureLignes, ecritures } from './accounting.table';
import { assertUneEntreprise } from './journal.repository';
import type { Rapport } from './rapport';
import { tiersLateral } from './tiers.sql';

// The period's entries for the accountant's software: one line per journal line, in the order of the
// journals (date, entry, line), with the columns such imports ask for (journal code, date, piece, account,
// third party, label, debit, credit, letter). Every entry is balanced, so the file is too.

/** The journals' codes, as accounting software names them. */
export const CODES_JOURNAUX: Record<string, string> = {
  Vente: 'VT',
  Achat: 'AC',
  Banque: 'BQ',
  Caisse: 'CA',
  'Operation Diverse': 'OD',
};

/** Lines of one export (a year of a busy company is far below). */
export const EXPORT_COMPTABLE_MAX = 500_000;

export interface LigneExport {
  ecriture: number;
  journal: string;
  date: string;
  piece: string;
  compte: string;
  tiers_code: string;
  tiers: string;
  libelle: string;
  debit: number;
  credit: number;
  lettre: string;
}

type Brut = Record<string, unknown>;

/** `client:12` → `C12`, `fournisseur:3` → `F3`: the auxiliary account of the third party. */
const codeTiers = (cle: unknown) =>
  typeof cle === 'string' ? `${cle.startsWith('client') ? 'C' : 'F'}${cle.split(':')[1]}` : '';

export async function lignesExport(
  s: Scoped,
  periode: { date_debut: string; date_fin: string },
): Promise<LigneExport[]> {
  assertUneEntreprise(s);
  assertDateRange(periode);
  const raw = s.raw();
  const rows = await raw.rows<Brut>(sql`
    select ecriture_lignes.ecriture_id, ecriture_lignes.journal, ecriture_lignes.date_operation::text as date,
      e.piece, ecriture_lignes.compte, t.tiers_cle, t.tiers_nom, ecriture_lignes.libelle,
      ecriture_lignes.debit, ecriture_lignes.credit
    from ${ecritureLignes}
    join ${ecritures} e on e.id = ecriture_lignes.ecriture_id
    ${tiersLateral('ecriture_lignes', 'e')}
    where ${raw.own(ecritureLignes)}
      and ecriture_lignes.date_operation >= ${periode.date_debut}
      and ecriture_lignes.date_operation <= ${periode.date_fin}
    order by ecriture_lignes.date_operation, ecriture_lignes.ecriture_id, ecriture_lignes.id
    limit ${EXPORT_COMPTABLE_MAX + 1}`);
  if (rows.length > EXPORT_COMPTABLE_MAX) {
    throw fieldErrors({
      date_fin: `Cette période compte plus de ${EXPORT_COMPTABLE_MAX.toLocaleString('de-DE')} lignes : exportez-la en plusieurs fois.`,
    });
  }
  return rows.map((r) => ({
    ecriture: Number(r.ecriture_id),
    journal: CODES_JOURNAUX[String(r.journal)] ?? String(r.journal),
    date: String(r.date),
    // An entry without a document's number (a manual one) is named by its own number.
    piece: r.piece ? String(r.piece) : `E${r.ecriture_id}`,
    compte: String(r.compte),
    tiers_code: codeTiers(r.tiers_cle),
    tiers: r.tiers_nom ? String(r.tiers_nom) : '',
    libelle: String(r.libelle),
    debit: Number(r.debit),
    credit: Number(r.credit),
    // The letter of a matched line (lettrage); none is kept yet.
    lettre: '',
  }));
}

export const ENTETE_EXPORT = [
  'Journal',
  'Date',
  'N° écriture',
  'Pièce',
  'Compte',
  'Compte tiers',
  'Tiers',
  'Libellé',
  'Débit',
  'Crédit',
  'Lettre',
] as const;

/** The lines as CSV rows (dates `JJ/MM/AAAA`, amounts as whole francs). */
export const lignesCsv = (lignes: LigneExport[]) => [
  [...ENTETE_EXPORT],
  ...lignes.map((l) => [
    l.journal,
    formatDate(l.date),
    l.ecriture,
    l.piece,
    l.compte,
    l.tiers_code,
    l.tiers,
    l.libelle,
    l.debit,
    l.credit,
    l.lettre,
  ]),
];

/** The same lines as a workbook (rapport.xlsx.ts). */
export function exportRapport(lignes: LigneExport[], debut: string, fin: string): Rapport {
  return {
    titre: 'Écritures',
    sousTitre: `Du ${formatDate(debut)} au ${formatDate(fin)}`,
    fichier: `ecritures-${debut}-${fin}`,
    tableauSeul: true,
    sections: [
      {
        colonnes: [
          { titre: 'Journal', largeur: 2 },
          { titre: 'Date', largeur: 3, format: 'date' },
          { titre: 'N° écriture', largeur: 2 },
          { titre: 'Pièce', largeur: 4 },
          { titre: 'Compte', largeur: 2 },
          { titre: 'Compte tiers', largeur: 2 },
          { titre: 'Tiers', largeur: 6 },
          { titre: 'Libellé', largeur: 9 },
          { titre: 'Débit', largeur: 4, format: 'montant' },
          { titre: 'Crédit', largeur: 4, format: 'montant' },
          { titre: 'Lettre', largeur: 2 },
        ],
        lignes: lignes.map((l) => ({
          cellules: [
            l.journal,
            l.date,
            l.ecriture,
            l.piece,
            l.compte,
            l.tiers_code,
            l.tiers,
            l.libelle,
            l.debit,
            l.credit,
            l.lettre,
          ],
        })),
      },
    ],
  };
}
