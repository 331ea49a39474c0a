import { type ImportReport, lireMontant } from '@yams/shared';
import type { FormFieldDecl } from '../form/fields';
import type { DisplayField, Labels } from '../list/types';
import { fieldLabel } from '../list/values';

/** A cell as a file gives it: CSV text, or an Excel value (number, date, text). */
export type Cell = string | number | boolean | Date | null | undefined;

export interface ImportPlan {
  /** Field → value objects for `POST {path}/import`, blank cells left out. */
  lignes: Record<string, unknown>[];
  /** Each line's number in the file (the header is line 1), blank lines skipped. */
  numeros: number[];
  /** Headers recognised, in file order, with the field each fills. */
  colonnes: { entete: string; champ: string }[];
  /** Headers that match no field of the form (kept out of the import). */
  ignorees: string[];
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’']/g, "'")
    .trim()
    .toLowerCase();

/**
 * Which header fills which form field: the list's column labels (the export's headers), the form's field
 * labels and the field names themselves are all recognised, accents and case aside. A column showing a
 * referenced row (`ville`) fills the select that chooses it (`ville_id`), by label.
 */
export function headerTargets<T>(
  columns: DisplayField<T>[],
  fields: FormFieldDecl[],
  labels: Labels,
): Map<string, FormFieldDecl> {
  const targets = new Map<string, FormFieldDecl>();
  const add = (header: string | undefined, field: FormFieldDecl) => {
    if (header && !targets.has(fold(header))) targets.set(fold(header), field);
  };
  const writable = fields.filter((f) => f.type !== 'custom' && f.only !== 'edit');
  for (const column of columns) {
    const field = writable.find(
      (f) =>
        f.name === column.key || f.ref === column.key || (f.ref === true && f.name === `${column.key}_id`),
    );
    if (field) add(fieldLabel(column, labels), field);
  }
  for (const field of writable) {
    add(field.label ?? labels[field.name], field);
    add(field.name, field);
  }
  return targets;
}

/** '1.195.000 FCFA', '1 195 000', 1195000 → 1195000; anything else is sent as typed, for the API to refuse. */
export function numberCell(cell: Cell): unknown {
  if (typeof cell === 'number') return cell;
  const text = String(cell).trim();
  const compact = text
    .replace(/fcfa|f\s*cfa|xaf/gi, '')
    .replace(/[\s\u00a0\u202f.]/g, '')
    .replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(compact) ? Number(compact) : text;
}

/** An amount as the money input reads it (`lireMontant`): unreadable text is sent as typed, for the API to name. */
function moneyCell(cell: Cell): unknown {
  const read = lireMontant(typeof cell === 'number' ? cell : String(cell));
  return read.ok ? read.value : cell;
}

function cellValue(cell: Cell, field: FormFieldDecl): unknown {
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  if (field.type === 'money') return moneyCell(cell);
  if (field.type === 'number') return numberCell(cell);
  if (typeof cell === 'number' && field.type !== 'select') return String(cell);
  return typeof cell === 'string' ? cell.trim() : cell;
}

const blank = (cell: Cell) => cell === null || cell === undefined || String(cell).trim() === '';

/** The import of a sheet (first row: headers) into the lines the API checks and writes. */
export function planImport(rows: Cell[][], targets: Map<string, FormFieldDecl>): ImportPlan {
  const [header = [], ...body] = rows;
  const colonnes: ImportPlan['colonnes'] = [];
  const ignorees: string[] = [];
  const byIndex = new Map<number, FormFieldDecl>();
  header.forEach((h, i) => {
    if (blank(h)) return;
    const entete = String(h)
      .replace(/^\ufeff/, '')
      .trim();
    const field = targets.get(fold(entete));
    if (field && ![...byIndex.values()].includes(field)) {
      byIndex.set(i, field);
      colonnes.push({ entete, champ: field.name });
    } else ignorees.push(entete);
  });
  const lignes: Record<string, unknown>[] = [];
  const numeros: number[] = [];
  body.forEach((row, r) => {
    if (row.every(blank)) return;
    const line: Record<string, unknown> = {};
    for (const [i, field] of byIndex) {
      const cell = row[i];
      if (!blank(cell)) line[field.name] = cellValue(cell, field);
    }
    lignes.push(line);
    numeros.push(r + 2);
  });
  return { lignes, numeros, colonnes, ignorees };
}

/** The plan without the lines the API found wrong (their numbers in the file). */
export function validLines(plan: ImportPlan, report: ImportReport): ImportPlan {
  const wrong = new Set(report.erreurs.map((e) => e.ligne));
  const keep = plan.numeros.map((n) => !wrong.has(n));
  return {
    ...plan,
    lignes: plan.lignes.filter((_, i) => keep[i]),
    numeros: plan.numeros.filter((_, i) => keep[i]),
  };
}

/** What the dialog says of wrong lines: what to do, and the valid lines' own import when there are some. */
export function importAdvice(lines: number, wrong: number, valid: number): string {
  const fix = `corrige${wrong > 1 ? 'z-les' : 'z-la'} dans le fichier puis importez-le de nouveau`;
  if (valid === 0) return `${wrong} ligne${wrong > 1 ? 's' : ''} à corriger : ${fix}.`;
  const only = valid === 1 ? 'la ligne valide' : `les ${valid} lignes valides`;
  return `${wrong} ligne${wrong > 1 ? 's' : ''} à corriger sur ${lines} : ${fix}, ou importez seulement ${only}.`;
}
