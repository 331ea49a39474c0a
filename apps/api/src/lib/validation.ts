import { messageControles, texteStockable } from '@yams/shared';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

// THE validator of every route (app.ts `setValidatorCompiler`): the route's zod schema, then one text rule
// for whatever it let through. A string a route receives (body, query, params), at any depth and whatever
// its schema, is refused with a French 422 naming the field when it holds a control character other than
// tab, LF and CR (NUL above all: PostgreSQL refuses it, which answered a 500) or a lone surrogate.
//
// Refused rather than stripped, as the stored-text fields already were (packages/shared text.ts): a silent
// change of what someone typed loses information, and a NUL in a form is a client's bug to see. Searches
// are not refused: their schema (`zRecherche`) has already dropped the control characters, and this rule
// reads what the schema returned.

type Path = (string | number)[];

/** The paths of the strings (and keys) that cannot be stored, breadth first, without recursion. */
function unstorableTexts(value: unknown): Path[] {
  const found: Path[] = [];
  const queue: Array<{ value: unknown; path: Path }> = [{ value, path: [] }];
  for (let i = 0; i < queue.length && found.length < 20; i++) {
    const item = queue[i]!;
    const v = item.value;
    if (typeof v === 'string') {
      if (!texteStockable(v)) found.push(item.path);
    } else if (Array.isArray(v)) {
      for (const [index, child] of v.entries()) queue.push({ value: child, path: [...item.path, index] });
    } else if (v !== null && typeof v === 'object') {
      const proto = Object.getPrototypeOf(v);
      // Plain objects only: a file's bytes (Buffer) or a Date are not text.
      if (proto !== Object.prototype && proto !== null) continue;
      for (const [key, child] of Object.entries(v)) {
        if (!texteStockable(key)) found.push([...item.path, key]);
        else queue.push({ value: child, path: [...item.path, key] });
      }
    }
  }
  return found;
}

const refusal = (paths: Path[]) =>
  z.unknown().superRefine((_value, ctx) => {
    for (const path of paths) {
      const label = path.length ? `Le champ « ${path.join('.')} »` : 'Le texte envoyé';
      ctx.addIssue({ code: 'custom', path, message: messageControles(label) });
    }
  });

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const check = zodValidatorCompiler(route);
  return (data) => {
    const result = check(data) as { value?: unknown; error?: unknown };
    if (result.error) return result as ReturnType<typeof check>;
    const paths = unstorableTexts(result.value);
    if (paths.length === 0) return result as ReturnType<typeof check>;
    return zodValidatorCompiler({ ...route, schema: refusal(paths) })(data);
  };
};
