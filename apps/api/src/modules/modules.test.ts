import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema';
import { MODULES, seedingModules } from '.';

describe('modules', () => {
  it('each has its own name, and the seeds run reference → fleet → operations → accounting → geolocation → chauffeur → carburant → entretien → avances', () => {
    const names = MODULES.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    expect(seedingModules().map((m) => m.name)).toEqual([
      'reference',
      'fleet',
      'operations',
      'accounting',
      'geolocation',
      'chauffeur',
      'carburant',
      'entretien',
      'avances',
    ]);
  });

  it('db/schema.ts (the barrel drizzle-kit reads) exports every table a module declares', () => {
    const inSchema = new Set<unknown>(Object.values(schema).filter((v) => is(v, PgTable)));
    const declared = MODULES.flatMap((m) =>
      Object.entries(m.tables ?? {})
        .filter(([, v]) => is(v, PgTable))
        .map(([key, table]) => ({ key: `${m.name}.${key}`, table })),
    );
    expect(declared.length).toBeGreaterThan(20);
    const missing = declared.filter((d) => !inSchema.has(d.table)).map((d) => d.key);
    expect(missing).toEqual([]);
  });
});
