import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Documents that print the same bytes for the same inputs (a validated invoice: frozen lines, frozen
// issuer and client blocks) are rendered once and served from DATA_DIR/cache/{folder}/ afterwards: a PDF
// costs pdfkit and fontkit ~4 ms of CPU and a few MB of garbage per print, reading a file a fraction of a
// millisecond. The file's name holds a hash of the inputs and of the renderer's code, so a change of
// either (a payment printed on the invoice, a new release) renders again; a stale copy is never served.

/** The renderer's code: the module that calls, read once (its source under tsx, the bundle once built). */
const versions = new Map<string, string>();
function versionOf(moduleUrl: string): string {
  let v = versions.get(moduleUrl);
  if (!v) {
    v = createHash('sha256')
      .update(readFileSync(fileURLToPath(moduleUrl)))
      .digest('hex')
      .slice(0, 16);
    versions.set(moduleUrl, v);
  }
  return v;
}

export interface CachedDocument {
  dataDir: string;
  /** The cache's folder for this kind of document (`factures`). */
  folder: string;
  /** The document's own name (`12-345`: company and id); older copies of it are removed. */
  name: string;
  /** `import.meta.url` of the renderer's module. */
  renderer: string;
  /** Everything the rendering reads (JSON-serialisable). */
  inputs: unknown;
}

export async function cachedDocument(doc: CachedDocument, render: () => Promise<Buffer>): Promise<Buffer> {
  const key = createHash('sha256')
    .update(versionOf(doc.renderer))
    .update(JSON.stringify(doc.inputs))
    .digest('hex')
    .slice(0, 24);
  const dir = path.join(doc.dataDir, 'cache', doc.folder);
  const file = path.join(dir, `${doc.name}-${key}.pdf`);
  try {
    return await fs.readFile(file);
  } catch {
    // Not rendered yet with these inputs.
  }
  const bytes = await render();
  try {
    await fs.mkdir(dir, { recursive: true });
    // Written aside then renamed: a reader never sees half a file.
    const tmp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(tmp, bytes);
    await fs.rename(tmp, file);
    const older = (await fs.readdir(dir)).filter(
      (f) => f.startsWith(`${doc.name}-`) && f !== path.basename(file) && !f.endsWith('.tmp'),
    );
    await Promise.all(older.map((f) => fs.rm(path.join(dir, f), { force: true })));
  } catch {
    // A cache that cannot be written (full disk, read-only): the document is served all the same.
  }
  return bytes;
}
