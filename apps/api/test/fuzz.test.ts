import { DOCUMENT_FICHIER_REGLE, type FichierRegle, LOGO_REGLE, PHOTO_CHAUFFEUR_REGLE } from '@yams/shared';
import { Ajv } from 'ajv';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { nasty, type Pools, pathId, poolFor, type Schema, toJsonSchema, valid } from './fuzz-openapi';
import { setupApi, type TestContext } from './helpers';

// Requests generated from the published OpenAPI document, on every route (a new route is covered
// without anyone listing it), as a transporteur, as the superadmin and signed out. Whatever arrives:
// no answer ≥ 500, every answer in the envelope with French errors, every 2xx conforming to its schema.
// FUZZ_SEED=… replays a run (FUZZ_SEED=random for a new one); FUZZ_RUNS=… changes the number of requests (10,500 by default).

// A fixed seed by default, so `npm test` and CI are reproducible and a red run is a regression, not a draw;
// FUZZ_SEED=random explores a new part of the space (and prints its seed to replay it).
const SEED =
  process.env.FUZZ_SEED === 'random' ? Date.now() % 2 ** 31 : Number(process.env.FUZZ_SEED ?? 102_445_673);
const TOTAL = Number(process.env.FUZZ_RUNS ?? 10_500);
/** FUZZ_ROUTES=courses replays only the matching routes (each route's requests depend on the seed alone). */
const ONLY = new RegExp(process.env.FUZZ_ROUTES ?? '');

/** A route's own seed: the same requests for a route whatever other routes exist. */
const seedOf = (key: string) => [...key].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) | 0, SEED);

interface Route {
  method: 'GET' | 'POST';
  path: string;
  query: Array<{ name: string; schema: Schema }>;
  pathParams: string[];
  body?: Schema;
  /** A route that takes a file (`multipart/form-data`): its part's name and the rule the API applies. */
  upload?: { champ: string; regle: FichierRegle };
  responses: Record<string, Schema>;
}

type Who = 'transporteur' | 'superadmin' | 'anonyme';
interface Req {
  who: Who;
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  kind: string;
}

let t: TestContext;
let tokens: Record<Who, string | undefined>;
let routes: Route[];
let pools: Pools;

beforeAll(async () => {
  t = await setupApi();
  tokens = {
    transporteur: await t.login('direction@transgabon.ga'),
    superadmin: await t.login('admin@yams.ga'),
    anonyme: undefined,
  };
  routes = readRoutes(t.app.swagger() as Schema);
  pools = await readPools();
}, 60_000);

/**
 * The rule of each file part the API publishes (`format: binary` in a multipart body), by part name. A new
 * upload route whose part is not here fails the test with the place to declare it.
 */
const UPLOAD_RULES: Record<string, FichierRegle> = {
  fichier: DOCUMENT_FICHIER_REGLE,
  logo: LOGO_REGLE,
  // The driver's app: a proof of delivery's signature and photos, a receipt's or an incident's photo.
  signature: PHOTO_CHAUFFEUR_REGLE,
  photos: PHOTO_CHAUFFEUR_REGLE,
  photo: PHOTO_CHAUFFEUR_REGLE,
};

function uploadOf(path: string, op: Schema): Route['upload'] {
  const schema = op.requestBody?.content?.['multipart/form-data']?.schema as Schema | undefined;
  if (!schema) return undefined;
  const props = Object.entries((schema.properties ?? {}) as Record<string, Schema>);
  const champ = props.find(([, p]) => p.format === 'binary')?.[0];
  if (!champ) throw new Error(`${path}: multipart sans partie fichier (format binary) publiée.`);
  const regle = UPLOAD_RULES[champ];
  if (!regle)
    throw new Error(`${path}: la partie « ${champ} » n'a pas de règle dans UPLOAD_RULES (fuzz.test.ts).`);
  return { champ, regle };
}

function readRoutes(doc: Schema): Route[] {
  const out: Route[] = [];
  for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, Schema>>)) {
    for (const [method, op] of Object.entries(ops)) {
      const params: Schema[] = op.parameters ?? [];
      out.push({
        upload: uploadOf(path, op),
        method: method.toUpperCase() as Route['method'],
        path,
        query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        body: op.requestBody?.content?.['application/json']?.schema,
        responses: Object.fromEntries(
          Object.entries(op.responses ?? {}).map(([status, r]) => [
            status,
            (r as Schema).content?.['application/json']?.schema,
          ]),
        ),
      });
    }
  }
  return out;
}

/** Ids of real rows, read through the lists: signed-in accounts are kept out of what may be disabled. */
async function readPools(): Promise<Pools> {
  const out: Pools = {};
  const me = async (token?: string) => (await t.get('/api/me', token)).json().data.id as number;
  const signedIn = [await me(tokens.transporteur), await me(tokens.superadmin)];
  const lists = routes.filter((r) => r.method === 'GET' && /^\/api\/[a-z_]+$/.test(r.path));
  for (const r of lists) {
    const ids = new Set<number>();
    for (const token of [tokens.transporteur, tokens.superadmin]) {
      const res = await t.get(`${r.path}?limit=30`, token);
      const data = res.statusCode === 200 ? res.json().data : null;
      const rows = Array.isArray(data) ? data : Array.isArray(data?.data) ? data.data : [];
      for (const row of rows) if (typeof row?.id === 'number') ids.add(row.id);
    }
    if (ids.size) out[r.path.slice(5)] = [...ids];
  }
  const users = async (type: string) =>
    (
      (await t.get(`/api/utilisateurs?type=${type}&limit=20`, tokens.superadmin)).json().data as Array<{
        id: number;
      }>
    ).map((u) => u.id);
  out.clients = await users('client');
  out.chauffeurs = await users('camionneur');
  out.entreprises = await users('transporteur');
  out.utilisateurs = (out.utilisateurs ?? []).filter(
    (id) => !signedIn.includes(id) && !out.entreprises?.includes(id),
  );
  out.all = [...new Set(Object.values(out).flat())];
  return out;
}

const asQueryValue = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

function queryString(values: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== undefined) q.append(k, asQueryValue(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** Replaces, drops or spoils one key of an object. */
function mutate(
  obj: Record<string, unknown>,
  keys: string[],
): fc.Arbitrary<[string, Record<string, unknown>]> {
  if (!keys.length) return fc.constant(['as is', obj]);
  return fc.oneof(
    fc.constantFrom(...keys).map((k): [string, Record<string, unknown>] => {
      const { [k]: _, ...rest } = obj;
      return [`without ${k}`, rest];
    }),
    fc
      .tuple(fc.constantFrom(...keys), nasty)
      .map(([k, v]): [string, Record<string, unknown>] => [`${k} spoiled`, { ...obj, [k]: v }]),
    fc
      .tuple(fc.constantFrom(...keys), nasty, fc.constantFrom(...keys), nasty)
      .map(([k1, v1, k2, v2]): [string, Record<string, unknown>] => [
        `${k1}, ${k2} spoiled`,
        { ...obj, [k1]: v1, [k2]: v2 },
      ]),
  );
}

/** The first bytes the API checks a file's content against, per declared MIME type. */
const SIGNATURES: Record<string, Buffer> = {
  'application/pdf': Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  ),
  'image/png': Buffer.from([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
  ]),
  'image/jpeg': Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]),
  'image/webp': Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ')]),
};

interface Part {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}
const BOUNDARY = '----yamsFuzz7MA4YWxkTrZu0gW';
const multipartType = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

/** A well-framed `multipart/form-data` body. */
function multipartBody(parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}`;
    const head = `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.from(p.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

type Body = [string, string | Buffer | undefined, Record<string, string>];

/**
 * Bodies of an upload route: a valid file of each accepted type, then the wrong part name, an empty file, a
 * file just over the limit, a type the rule refuses (declared, or lied about: a PNG name on other bytes), two
 * files, the part sent as text, nasty text fields beside a valid file, and broken framing.
 */
function uploadBodies(upload: NonNullable<Route['upload']>): fc.Arbitrary<Body> {
  const { champ, regle } = upload;
  const types = Object.keys(regle.types).filter((t) => SIGNATURES[t]);
  const file = (type: string, data: Buffer = SIGNATURES[type]!): Part => ({
    name: champ,
    filename: `fichier.${regle.types[type]}`,
    type,
    data,
  });
  const mp = (kind: string, parts: Part[]): Body => [kind, multipartBody(parts), multipartType];
  const valid = fc.constantFrom(...types).map((t) => mp(`valid ${t} file`, [file(t)]));
  const over = Buffer.alloc(regle.maxOctets + 1024, 0x20);
  SIGNATURES[types[0]!]!.copy(over);
  return fc.oneof(
    { weight: 4, arbitrary: valid },
    {
      weight: 6,
      arbitrary: fc.constantFrom<Body>(
        mp('wrong part name', [{ ...file(types[0]!), name: `${champ}_x` }]),
        mp('empty file', [file(types[0]!, Buffer.alloc(0))]),
        mp('text/plain file', [{ name: champ, filename: 'notes.txt', type: 'text/plain', data: 'bonjour' }]),
        mp('executable named as an image', [
          { name: champ, filename: `photo.${regle.types[types[0]!]}`, type: types[0]!, data: 'MZ\x90\x00' },
        ]),
        mp('declared type, other bytes', [file(types[types.length - 1]!, Buffer.from('<html>x</html>'))]),
        mp('no content type on the part', [{ name: champ, filename: 'x', data: SIGNATURES[types[0]!]! }]),
        mp('two files', [file(types[0]!), file(types[0]!)]),
        mp('part sent as text', [{ name: champ, data: 'pas un fichier' }]),
        mp('no parts', []),
        mp('NUL in the file name', [{ ...file(types[0]!), filename: 'a\u0000b.pdf' }]),
        mp('nasty text fields', [
          file(types[0]!),
          { name: 'nom', data: '\u0000\u0001' },
          { name: 'x'.repeat(300), data: 'é'.repeat(70_000) },
        ]),
      ),
    },
    { weight: 1, arbitrary: fc.constant(mp('file over the limit', [file(types[0]!, over)])) },
    {
      weight: 2,
      arbitrary: fc.constantFrom<Body>(
        [
          'framing: no closing boundary',
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${champ}"; filename="a.pdf"\r\n\r\n%PDF-`,
          multipartType,
        ],
        [
          'framing: other boundary',
          multipartBody([file(types[0]!)]),
          { 'content-type': 'multipart/form-data; boundary=autre' },
        ],
        [
          'framing: no boundary parameter',
          multipartBody([file(types[0]!)]),
          { 'content-type': 'multipart/form-data' },
        ],
        ['framing: garbage', Buffer.from([0xff, 0xfe, 0x00, 0x2d, 0x2d]), multipartType],
        ['framing: no headers', `--${BOUNDARY}\r\n\r\nxx\r\n--${BOUNDARY}--\r\n`, multipartType],
        ['framing: empty body', '', multipartType],
        [
          'JSON to an upload route',
          JSON.stringify({ [champ]: 'JVBERi0=' }),
          { 'content-type': 'application/json' },
        ],
      ),
    },
  );
}

function requestsFor(route: Route): fc.Arbitrary<Req> {
  const segments = route.path.split('/');
  const url = fc
    .tuple(
      ...route.pathParams.map((p) => pathId(poolFor(segments[segments.indexOf(`{${p}}`) - 1] ?? p, pools))),
    )
    .map((ids) => route.pathParams.reduce((u, p, i) => u.replace(`{${p}}`, ids[i]!), route.path));
  const queryShape = {
    type: 'object',
    properties: Object.fromEntries(route.query.map((q) => [q.name, q.schema])),
  };
  const validQuery = valid(queryShape, pools) as fc.Arbitrary<Record<string, unknown>>;
  const query = fc.oneof(
    { weight: 3, arbitrary: validQuery.map((q) => ['valid query', q] as [string, Record<string, unknown>]) },
    {
      weight: 3,
      arbitrary: validQuery.chain((q) =>
        mutate(q, route.query.map((p) => p.name).concat(route.query.length ? [] : ['search'])),
      ),
    },
  );
  const rawQuery = fc.constantFrom(
    '',
    '',
    '',
    '?page=%FF&search=%E9',
    '?search=%00',
    '?sort=-&per_page=1e9',
    '?a[b]=1&a[c]=2',
  );
  const who = fc.constantFrom<Who>('transporteur', 'transporteur', 'superadmin', 'anonyme');
  const json = { 'content-type': 'application/json' };

  let body: fc.Arbitrary<Body>;
  if (route.method === 'GET') {
    body = fc.constant(['', undefined, {}]);
  } else if (route.upload) {
    body = uploadBodies(route.upload);
  } else {
    const schema = route.body ?? { type: 'object', properties: {} };
    const good = valid(schema, pools) as fc.Arbitrary<Record<string, unknown>>;
    const keys = Object.keys(schema.properties ?? {});
    body = fc.oneof(
      { weight: 4, arbitrary: good.map((b) => ['valid body', JSON.stringify(b), json] as const) },
      {
        weight: 6,
        arbitrary: good
          .chain((b) => mutate(b ?? {}, keys))
          .map(([kind, b]) => [kind, JSON.stringify(b), json] as const),
      },
      {
        weight: 1,
        arbitrary: nasty.map((b) => ['body replaced', JSON.stringify(b) ?? 'null', json] as const),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom<[string, string | undefined, Record<string, string>]>(
          ['invalid JSON', '{"a":', json],
          ['invalid JSON', "{'a':1}", json],
          ['empty JSON', '', json],
          ['JSON with NUL', '{"nom":"\u0000"}', json],
          ['text/plain', 'nom=x', { 'content-type': 'text/plain' }],
          ['form', 'nom=x&montant=1', { 'content-type': 'application/x-www-form-urlencoded' }],
          ['multipart', '--x\r\n\r\n--x--', { 'content-type': 'multipart/form-data; boundary=x' }],
          ['xml', '<a/>', { 'content-type': 'application/xml' }],
          ['no content type', '{"a":1}', {}],
          ['proto', '{"__proto__":{"x":1},"constructor":{"prototype":{"y":1}}}', json],
          ['deep', `${'['.repeat(5000)}${']'.repeat(5000)}`, json],
        ),
      },
    ) as typeof body;
  }
  return fc
    .tuple(who, url, query, rawQuery, body)
    .map(([w, u, [qKind, q], raw, [bKind, payload, headers]]) => {
      const qs = raw || queryString(q);
      const token = tokens[w];
      return {
        who: w,
        method: route.method,
        url: `${u}${qs}`,
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        payload,
        kind: [route.method === 'GET' ? (raw ? 'raw query' : qKind) : bKind].join(' '),
      };
    });
}

const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false });
const validators = new Map<string, ReturnType<Ajv['compile']>>();
function responseValidator(route: Route, status: number) {
  const key = `${route.method} ${route.path} ${status}`;
  if (!validators.has(key)) {
    const schema = route.responses[String(status)] ?? route.responses['2XX'] ?? route.responses.default;
    validators.set(key, ajv.compile(schema ? toJsonSchema(schema) : {}));
  }
  return validators.get(key)!;
}

const ENGLISH =
  /\b(must|should|required|expected|invalid|Unsupported|is not|Body|querystring|params|Route)\b/;

/** Why an answer breaks the rules, or null. */
function problem(route: Route, res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `status ${res.statusCode}`;
  // A file (invoice PDF, export, logo) is a 2xx of a route that declares no JSON answer for it.
  const file = !/json/.test(String(res.headers['content-type'] ?? ''));
  if (file && res.statusCode < 300 && !route.responses[String(res.statusCode)]) return null;
  let body: Schema;
  try {
    body = res.json();
  } catch {
    return `not JSON (${res.headers['content-type']})`;
  }
  if (
    typeof body?.success !== 'boolean' ||
    !('message' in body) ||
    !('data' in body) ||
    !Array.isArray(body.errors)
  ) {
    return 'not in the envelope';
  }
  if (res.statusCode >= 400) {
    if (body.success || !body.errors.length) return 'a failure without errors';
    if (body.errors.some((e: unknown) => typeof e !== 'string' || !e.trim() || ENGLISH.test(e))) {
      return `errors not in French: ${JSON.stringify(body.errors)}`;
    }
    return null;
  }
  if (!body.success) return `status ${res.statusCode} with success false`;
  const check = responseValidator(route, res.statusCode);
  if (!check(body)) return `answer does not match its schema: ${ajv.errorsText(check.errors)}`;
  return null;
}

/** Routes whose effects would hide bugs from the others (deleting the rows, revoking the tokens): last. */
const DESTRUCTIVE = /\/(destroy|destroy-group|disable|logout)$/;
const order = (r: Route) =>
  r.path.endsWith('/logout') ? 3 : r.path.endsWith('/disable') ? 2 : DESTRUCTIVE.test(r.path) ? 1 : 0;

it(`answers every generated request in the envelope, never ≥ 500 (seed ${SEED})`, async () => {
  console.log(`fuzz: FUZZ_SEED=${SEED}, ${TOTAL} requests over ${routes.length} routes`);
  expect(routes.length).toBeGreaterThan(100);
  const perRoute = Math.ceil(TOTAL / routes.length);
  const sorted = routes.filter((r) => ONLY.test(`${r.method} ${r.path}`)).sort((a, b) => order(a) - order(b));
  const failures = new Map<string, string>();
  const statuses: Record<string, number> = {};
  const uploads = { accepted: 0, refused: 0 };
  let sent = 0;
  const started = Date.now();
  const cpu0 = process.cpuUsage();
  for (const route of sorted) {
    const requests = fc.sample(requestsFor(route), {
      seed: seedOf(`${route.method} ${route.path}`),
      numRuns: perRoute,
    });
    for (const req of requests) {
      const res = await t.app.inject({
        method: req.method,
        url: req.url,
        headers: req.headers,
        ...(req.payload !== undefined ? { payload: req.payload } : {}),
      });
      sent++;
      if (route.upload) uploads[res.statusCode < 300 ? 'accepted' : 'refused']++;
      const bucket = `${Math.floor(res.statusCode / 100)}xx`;
      statuses[bucket] = (statuses[bucket] ?? 0) + 1;
      const why = problem(route, res);
      if (why) {
        const key = `${route.method} ${route.path}: ${why.slice(0, 120)}`;
        if (!failures.has(key)) {
          const text = Buffer.isBuffer(req.payload) ? req.payload.toString('latin1') : req.payload;
          const payload = text && text.length > 400 ? `${text.slice(0, 400)}… (${text.length} chars)` : text;
          failures.set(
            key,
            `${key}\n  as ${req.who}, ${req.kind}: ${req.method} ${req.url.slice(0, 300)}\n  headers ${JSON.stringify({ ...req.headers, authorization: undefined })}\n  body ${payload}\n  → ${res.statusCode} ${res.body.slice(0, 400)}`,
          );
        }
      }
    }
  }
  console.log(
    `fuzz: uploads ${JSON.stringify(uploads)}; ${sent} requests in ${Math.round((Date.now() - started) / 1000)} s (cpu ${Math.round((process.cpuUsage(cpu0).user + process.cpuUsage(cpu0).system) / 1e6)} s), ${JSON.stringify(statuses)}`,
  );
  if (!process.env.FUZZ_ROUTES) {
    expect(sent).toBeGreaterThanOrEqual(TOTAL);
    // The upload routes got multipart bodies, and some valid files went through (their answer checked).
    expect(routes.filter((r) => r.upload).length).toBeGreaterThanOrEqual(2);
    expect(uploads.accepted).toBeGreaterThan(0);
    expect(uploads.refused).toBeGreaterThan(uploads.accepted);
  }
  // Enough valid requests got through to make the 2xx schema check meaningful.
  expect(statuses['2xx'] ?? 0).toBeGreaterThan(sent / 20);
  expect([...failures.values()], `FUZZ_SEED=${SEED}\n${[...failures.values()].join('\n\n')}`).toEqual([]);
}, 600_000);
