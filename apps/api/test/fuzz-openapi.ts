import fc from 'fast-check';

// Requests generated from the published OpenAPI document (fuzz.test.ts): valid values built from each
// schema, then the values a careless or hostile client sends instead.

// biome-ignore lint/suspicious/noExplicitAny: OpenAPI schemas are read as plain JSON
export type Schema = any;

/** Ids of real rows, by list name (`vehicules`, `villes`, `clients`…), so valid bodies reach the services. */
export type Pools = Record<string, number[]>;

const ALIASES: Record<string, string> = {
  camion: 'vehicules',
  client: 'clients',
  chauffeur: 'chauffeurs',
  proprietaire: 'entreprises',
  entreprise: 'entreprises',
  commercial: 'utilisateurs',
  user: 'utilisateurs',
  userId: 'utilisateurs',
};
const singular = (name: string) => name.replace(/s(?=_|$)/g, '');

/** The pool a field or path draws its ids from: `ville_depart_id` → villes, `type_marchandise_id` → types_marchandises. */
export function poolFor(field: string, pools: Pools): number[] {
  const stem = field.replace(/_id$|Id$/, '');
  if (ALIASES[stem] && pools[ALIASES[stem]]?.length) return pools[ALIASES[stem]]!;
  const match = Object.keys(pools)
    .filter((p) => stem === singular(p) || stem.startsWith(`${singular(p)}_`))
    .sort((a, b) => b.length - a.length)[0];
  return (match && pools[match]?.length ? pools[match] : pools.all) ?? [1];
}

const today = () => new Date();
const isoDay = (offsetDays: number) =>
  new Date(today().getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** A plausible value for a string field, from its name and schema. */
function stringFor(name: string, s: Schema): fc.Arbitrary<string> {
  if (s.format === 'email' || /email/.test(name)) return fc.nat(1e6).map((n) => `fuzz.${n}@exemple.ga`);
  if (s.format === 'date' || /^date|_date$|expire/.test(name)) {
    return fc.oneof(
      fc.integer({ min: -20, max: 60 }).map(isoDay),
      fc.integer({ min: -20, max: 60 }).map((d) => `${isoDay(d)}T08:30`),
    );
  }
  if (/telephone|phone/.test(name)) return fc.constantFrom('+241 77 12 34 56', '066123456', '011 76 54 32');
  if (/plaque/.test(name)) return fc.tuple(fc.nat(999), fc.nat(99)).map(([a, b]) => `FZ-${a}-${b}`);
  if (/password/.test(name)) return fc.constant('Yams2026!');
  if (/^code$/.test(name)) return fc.nat(999_999).map((n) => String(n).padStart(6, '0'));
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= (s.maxLength ?? 200));
    } catch {
      /* a pattern fast-check cannot read: plain text below */
    }
  }
  const max = Math.min(s.maxLength ?? 40, 40);
  const min = Math.min(Math.max(s.minLength ?? 1, 1), max);
  return fc.string({ minLength: min, maxLength: max, unit: 'grapheme' });
}

function numberFor(name: string, s: Schema, pools: Pools): fc.Arbitrary<number> {
  if (/_id$|Id$/.test(name) || name === 'id') return fc.constantFrom(...poolFor(name, pools));
  // Lists stay short in valid requests (the nasty values still try huge pages), so a run stays fast.
  if (name === 'limit' || name === 'per_page') return fc.integer({ min: 1, max: 25 });
  if (name === 'page') return fc.integer({ min: 1, max: 4 });
  const lo = typeof s.minimum === 'number' ? s.minimum + (s.exclusiveMinimum === true ? 1 : 0) : -1000;
  const hi = typeof s.maximum === 'number' ? s.maximum - (s.exclusiveMaximum === true ? 1 : 0) : 1_000_000;
  const max = Math.min(hi, lo + 5_000_000);
  return s.type === 'integer' ? fc.integer({ min: lo, max }) : fc.double({ min: lo, max, noNaN: true });
}

/** A value the schema accepts (as far as JSON Schema can say: business rules may still refuse it). */
export function valid(s: Schema, pools: Pools, name = ''): fc.Arbitrary<unknown> {
  if (!s || typeof s !== 'object') return fc.constant(null);
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.anyOf || s.oneOf) return fc.oneof(...(s.anyOf ?? s.oneOf).map((x: Schema) => valid(x, pools, name)));
  if (s.allOf) return valid(Object.assign({}, ...s.allOf), pools, name);
  switch (s.type) {
    case 'object': {
      const props: Record<string, Schema> = s.properties ?? {};
      const required = new Set<string>(s.required ?? []);
      const entries = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, valid(v, pools, k)]));
      const requiredKeys = Object.keys(props).filter((k) => required.has(k));
      return fc.record(entries, { requiredKeys });
    }
    case 'array': {
      if (name === 'selected_lines')
        return fc.array(fc.constantFrom(...poolFor('all', pools)), { maxLength: 3 });
      return fc.array(valid(s.items, pools, name), { maxLength: Math.min(s.maxItems ?? 3, 3) });
    }
    case 'string':
      return stringFor(name, s);
    case 'integer':
    case 'number':
      return numberFor(name, s, pools);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.oneof(fc.string(), fc.integer(), fc.constant(null));
  }
}

const INJECTIONS = [
  "' OR 1=1 --",
  "'); DROP TABLE users; --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '$' + '{7*7}{{7*7}}',
  '../../../etc/passwd',
  '%00%27',
  '=HYPERLINK("http://x","y")',
  '\\',
  '%',
  '_',
  '*',
];

/** What a careless or hostile client sends instead of a proper value. */
export const nasty: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    '',
    ' ',
    true,
    false,
    [],
    {},
    [null],
    { $ne: 1 },
    { __proto__: { admin: true } },
    0,
    -1,
    -2_147_483_648,
    2_147_483_648,
    99_999_999_999,
    2 ** 53 + 2,
    -(2 ** 53) - 2,
    1e21,
    1e308,
    -1e308,
    0.5,
    -0.0001,
    '2147483648',
    '99999999999',
    '1e400',
    'NaN',
    'Infinity',
    '0x10',
    '12abc',
    '0000-00-00',
    '2026-02-30',
    '9999-12-31',
    '0001-01-01T00:00',
    '1900-01-01',
    '2026-13-45T25:61',
    '2026-01-01T00:00:00+99:99',
    'x'.repeat(100_000),
    '\u0000',
    'a\u0000b',
    '\u0001\u0007\u001b[31m\u007f',
    '\u0085\u009f',
    '\ud800',
    'a\udc00b',
    '\u202eRTL\u202c',
    '😀🚚🇬🇦',
    'é'.repeat(300),
    '\u200b\ufeff',
    'Ω≈ç√∫˜µ≤≥÷',
    ...INJECTIONS,
  ),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.double(),
  fc.integer(),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map((n) => Number(n)),
  fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 3 }),
);

/** An id in a path: a real one, or one that is not (absent, huge, negative, text, too long). */
export function pathId(pool: number[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...pool).map(String) },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        '0',
        '-1',
        '999999',
        '2147483647',
        '2147483648',
        '99999999999',
        '1e3',
        '1.5',
        'abc',
        '%00',
        '%27%20OR%201%3D1',
        'null',
        '9'.repeat(120),
        '%F0%9F%98%80',
        '%E9',
      ),
    },
  );
}

/** OpenAPI 3.0 → JSON Schema for Ajv: `nullable`, and boolean exclusive bounds. */
export function toJsonSchema(s: Schema): Schema {
  if (Array.isArray(s)) return s.map(toJsonSchema);
  if (!s || typeof s !== 'object') return s;
  const out: Schema = {};
  for (const [k, v] of Object.entries(s)) {
    if (k === 'nullable' || k === 'exclusiveMinimum' || k === 'exclusiveMaximum') continue;
    out[k] =
      k === 'properties'
        ? Object.fromEntries(Object.entries(v as object).map(([p, x]) => [p, toJsonSchema(x)]))
        : toJsonSchema(v);
  }
  if (s.exclusiveMinimum === true) out.exclusiveMinimum = s.minimum;
  if (s.exclusiveMinimum === true) delete out.minimum;
  if (s.exclusiveMaximum === true) out.exclusiveMaximum = s.maximum;
  if (s.exclusiveMaximum === true) delete out.maximum;
  if (typeof s.exclusiveMinimum === 'number') out.exclusiveMinimum = s.exclusiveMinimum;
  if (typeof s.exclusiveMaximum === 'number') out.exclusiveMaximum = s.exclusiveMaximum;
  if (s.nullable) return { anyOf: [out, { type: 'null' }] };
  return out;
}
