// A printed report of the accountant (grand livre, balance âgée, relevé de compte…) as data: its title, its
// period, an optional addressee, and sections of tables. One PDF renderer (rapport.pdf.ts) and one Excel
// renderer (rapport.xlsx.ts) print every report the same way.

/** `solde`: a balance, printed as its amount followed by D (débiteur) or C (créditeur). */
export type FormatCellule = 'texte' | 'montant' | 'solde' | 'date';

export interface ColonneRapport {
  titre: string;
  /** Relative width (the PDF shares the page's width in these proportions). */
  largeur: number;
  format?: FormatCellule;
}

export type Cellule = string | number | null;

export interface LigneRapport {
  cellules: Cellule[];
  /** `total`: bold on a tinted band; `sous-titre`: a label across the table (an opening balance). */
  style?: 'total' | 'sous-titre';
}

export interface SectionRapport {
  titre?: string;
  /** No columns: no table (a section of images alone). */
  colonnes: ColonneRapport[];
  lignes: LigneRapport[];
  /** Pictures printed under the table (PNG or JPEG: a signature, photos), each with its caption. */
  images?: ImageRapport[];
  /** The PDF's size of each picture's box, in points (default 110). */
  tailleImage?: number;
}

export interface ImageRapport {
  legende: string;
  /** The picture's bytes; null (or an image PDF cannot draw, such as WEBP): the caption says so. */
  contenu: Buffer | null;
}

export interface Rapport {
  /** `GRAND LIVRE`, `RELEVÉ DE COMPTE`… */
  titre: string;
  /** The period or the day (`Du 01/01/2026 au 31/12/2026`). */
  sousTitre: string;
  /** The addressee's block (a relevé's client), printed in a frame as an invoice's. */
  destinataire?: { titre: string; lignes: string[] };
  sections: SectionRapport[];
  /** Sentences printed after the tables. */
  notes?: string[];
  paysage?: boolean;
  /** Excel: the table alone from the first row (a file to import), no title above it. */
  tableauSeul?: boolean;
  /** The file's name without its extension. */
  fichier: string;
}
