import type { StandardSchema } from '../form/zodRule';

/** Every line being edited carries a React key (`id12` for a stored line, `l3` for a new one). */
export interface LineDraft {
  key: string;
}

/** The shared zod schema of one line (zod 4 implements Standard Schema). */
export type LineSchema = StandardSchema;

export interface LineIssue {
  /** The line field the message is about ('' for the line as a whole). */
  field: string;
  message: string;
}

const keyOf = (segment: unknown) =>
  segment !== null && typeof segment === 'object' ? (segment as { key: PropertyKey }).key : segment;

/**
 * The French messages of one line, checked by its shared schema (synchronous schemas only; an async one
 * is left to the server). Nothing is corrected: a price of −500 stays −500 and gets its message.
 */
export function lineIssues(schema: LineSchema, line: unknown): LineIssue[] {
  const result = schema['~standard'].validate(line);
  if (result instanceof Promise || !result.issues) return [];
  return result.issues.map((i) => ({
    field: i.path?.length ? String(keyOf(i.path[0])) : '',
    message: i.message,
  }));
}
