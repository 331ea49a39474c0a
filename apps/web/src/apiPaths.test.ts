import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';

// The web calls the API only through the contracts of packages/shared: `call(endpoint, …)`, an
// entity's resource (`createResource(name, contract)`), or a path read from a contract (`contract.path`,
// `referenceContracts.villes.path`). A path written by hand in a screen (`http.get('/api/vehicules')`,
// `` `/api/${table}` ``) escapes the types and drifts from the API unseen: this test fails on any.
// The one exception is a literal checked against a contract by the type checker,
// `'/api/login' satisfies (typeof loginEndpoint)['path']` (the sign-in page, which must not load zod).

const SRC = path.dirname(fileURLToPath(import.meta.url));

/** A path of the API's, or a URL to it (the prefixes the dev server proxies to the API: vite.config.ts). */
const API_PATH = /^(https?:\/\/[^/]*)?\/(api|sanctum|broadcasting)(\/|$|\?)/;

interface Found {
  line: number;
  text: string;
}

type AstNode = { type?: unknown; start?: number } & Record<string, unknown>;

/** The string and template literals of a source file that hold an API path (comments are not code). */
function apiPathsIn(source: string, filename: string): Found[] {
  const lang = filename.endsWith('.tsx') ? 'tsx' : 'ts';
  const program = parseAst(source, { lang }, filename) as unknown as AstNode;
  const found: Found[] = [];
  const lineOf = (offset: number) => source.slice(0, offset).split('\n').length;
  const visit = (node: unknown, parent: AstNode | null) => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child, parent);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const n = node as AstNode;
    let text: string | null = null;
    if (n.type === 'Literal' && typeof n.value === 'string') text = n.value;
    if (n.type === 'TemplateLiteral') {
      const quasis = n.quasis as Array<{ value: { cooked: string | null; raw: string } }>;
      text = quasis.map((q) => q.value.cooked ?? q.value.raw).join('{…}');
    }
    // Checked against a contract's path by `satisfies`: the type checker proves it is the contract's.
    const checked = parent?.type === 'TSSatisfiesExpression' && parent.expression === n;
    if (text !== null && API_PATH.test(text) && !checked) {
      found.push({ line: lineOf(n.start ?? 0), text });
    }
    for (const [key, child] of Object.entries(n)) {
      if (key !== 'type' && child && typeof child === 'object') visit(child, n);
    }
  };
  visit(program, null);
  return found;
}

/** The app's sources: every .ts and .tsx under src/, tests aside (they may name a path they check). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('API paths in the web app', () => {
  it('finds a path written by hand, and not one in a comment or checked by `satisfies`', () => {
    // biome-ignore-start lint/suspicious/noTemplateCurlyInString: the source text of template literals
    const planted = [
      "import { http } from '../../base/http';",
      '// GET /api/vehicules counts them.',
      '/** `http.get(`/api/${table}`)` in a doc comment. */',
      "await http.get('/api/x');",
      'await http.post(`/api/${table}/${id}/destroy`);',
      "const source = { path: '/api/villes' };",
      "const ok = '/api/login' satisfies (typeof loginEndpoint)['path'];",
      'const el = <a href="/sanctum/csrf-cookie">l\'aide</a>;',
    ].join('\n');
    // biome-ignore-end lint/suspicious/noTemplateCurlyInString: the source text of template literals
    expect(apiPathsIn(planted, 'planted.tsx')).toEqual([
      { line: 4, text: '/api/x' },
      { line: 5, text: '/api/{…}/{…}/destroy' },
      { line: 6, text: '/api/villes' },
      { line: 8, text: '/sanctum/csrf-cookie' },
    ]);
    expect(apiPathsIn("const url = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';", 'map.ts')).toEqual([]);
  });

  it('apps/web/src writes no API path: each comes from a contract of packages/shared', () => {
    const files = sources(SRC);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      apiPathsIn(readFileSync(file, 'utf8'), file).map(
        ({ line, text }) => `${path.relative(SRC, file)}:${line}  ${text}`,
      ),
    );
    expect(
      found,
      'Appelez l’API par son contrat (packages/shared) : call(endpoint, …), une ressource, ou contract.path.',
    ).toEqual([]);
  });
});
