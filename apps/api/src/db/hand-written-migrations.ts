import fs from 'node:fs';
import path from 'node:path';

/**
 * The migrations of `folder` that hold SQL drizzle-kit does not generate from the schema: triggers, SQL
 * functions, extensions, data fixes (docs/architecture.md, "Migrations"). Found two ways, either is enough:
 * - the migration's snapshot equals the previous one (`drizzle-kit generate --custom`: the schema did not
 *   change, the file was written by hand);
 * - its SQL has a comment line or a statement drizzle-kit never writes (a generated file has neither; a
 *   generated file completed by hand, like 0041, has both).
 * Regenerating the migrations from the schema would lose exactly these: `db:squash` refuses and lists them.
 */
export function handWrittenMigrations(folder: string): string[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: Array<{ idx: number; tag: string }>;
  };
  const schemaOf = (idx: number) => {
    const file = path.join(folder, 'meta', `${String(idx).padStart(4, '0')}_snapshot.json`);
    if (!fs.existsSync(file)) return null;
    const { id: _id, prevId: _prev, ...schema } = JSON.parse(fs.readFileSync(file, 'utf8'));
    return JSON.stringify(schema);
  };
  const notGenerated =
    /^\s*--(?!>)|\b(create\s+(or\s+replace\s+)?(function|trigger|extension|rule)|insert\s+into|update\s+"?\w+"?\s+set|^\s*select\b|^\s*do\s+\$)/im;
  let previous: string | null = null;
  const found: string[] = [];
  for (const { idx, tag } of journal.entries) {
    const schema = schemaOf(idx);
    const sql = fs.readFileSync(path.join(folder, `${tag}.sql`), 'utf8');
    if ((previous !== null && schema === previous) || notGenerated.test(sql)) found.push(tag);
    previous = schema;
  }
  return found;
}
