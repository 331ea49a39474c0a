import type { DisplayField, ListDecl, Row } from './types';

// A screen declares its fields once (`ListDecl.fields`); the table, the cards, the detail dialog and the
// exports each pick theirs from that list, by the field's flags or by an ordered list of keys
// (`card.fields`, `detail.fields`). A key that names no field is a mistake of the declaration: it throws
// (the unit test `declarations.test.ts` walks every declaration of the app, so it never reaches a user).

/** A declaration mistake: a duplicated key, or a card/detail key that names no field. */
export class DeclarationError extends Error {
  override name = 'DeclarationError';
}

/** Every mistake of a declaration's field lists (empty: none). */
export function declarationErrors<T extends Row>(decl: ListDecl<T>): string[] {
  const errors: string[] = [];
  const seen = new Set<string>();
  for (const field of decl.fields) {
    if (seen.has(field.key)) errors.push(`${decl.title}: the key '${field.key}' is declared twice in fields`);
    seen.add(field.key);
  }
  for (const [where, keys] of [
    ['card.fields', decl.card?.fields],
    ['detail.fields', decl.detail.fields],
  ] as const) {
    for (const key of keys ?? []) {
      if (!seen.has(key)) errors.push(`${decl.title}: ${where} names '${key}', which is not a key of fields`);
    }
  }
  return errors;
}

/** Throws the declaration's mistakes (once per declaration object). */
const checked = new WeakSet<object>();
export function assertDeclaration<T extends Row>(decl: ListDecl<T>): void {
  if (checked.has(decl)) return;
  const errors = declarationErrors(decl);
  if (errors.length) throw new DeclarationError(errors.join('\n'));
  checked.add(decl);
}

function pick<T extends Row>(decl: ListDecl<T>, keys: string[]): DisplayField<T>[] {
  assertDeclaration(decl);
  return keys.map((key) => decl.fields.find((f) => f.key === key)!);
}

/** The table's columns, in the list's order. */
export function tableFields<T extends Row>(decl: ListDecl<T>): DisplayField<T>[] {
  assertDeclaration(decl);
  return decl.fields.filter((f) => f.table !== false);
}

/**
 * The cards' lines: `card.fields` (keys, in that order), else the table's columns without those marked
 * `card: false` and, when no `card` is declared, without `titleField` (it titles the card).
 */
export function cardFields<T extends Row>(
  decl: ListDecl<T>,
  titleField?: DisplayField<T>,
): DisplayField<T>[] {
  if (decl.card?.fields) return pick(decl, decl.card.fields);
  return tableFields(decl).filter((f) => f.card !== false && (decl.card || f !== titleField));
}

/** The detail's lines: `detail.fields` (keys, in that order), else every field not marked `detail: false`. */
export function detailFields<T extends Row>(decl: ListDecl<T>): DisplayField<T>[] {
  if (decl.detail.fields) return pick(decl, decl.detail.fields);
  assertDeclaration(decl);
  return decl.fields.filter((f) => f.detail !== false);
}

/** The export's columns (also the headers an import recognises): every field not marked `export: false`. */
export function exportFields<T>(fields: DisplayField<T>[]): DisplayField<T>[] {
  return fields.filter((f) => f.export !== false);
}

/** A column's alignment: amounts and numbers line up on the right, digits under digits, and so does a field saying `align`. */
export const columnAlign = <T>(field: DisplayField<T>): 'right' | undefined =>
  field.align ?? (field.format === 'money' || field.format === 'number' ? 'right' : undefined);
