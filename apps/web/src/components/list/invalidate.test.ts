import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateAfterWrite } from './invalidate';
import { resourceKeys } from './keys';

const resource = (name: string) => ({
  name,
  path: `/api/${name}`,
  keys: resourceKeys(name),
  fetchPage: async () => ({
    current_page: 1,
    data: [],
    per_page: 6,
    total: 0,
    last_page: 1,
    from: null,
    to: null,
  }),
  fetchOne: async () => ({ id: 0 }),
});
const courses = resource('courses');
const vehicules = resource('vehicules');
const garages = resource('garages');

function seeded() {
  const qc = new QueryClient();
  const keys = {
    courseList: courses.keys.list({ page: 1 }),
    courseDetail5: courses.keys.detail(5),
    courseDetail6: courses.keys.detail(6),
    vehiculeList: vehicules.keys.list({}),
    garageList: garages.keys.list({}),
    vehiculeOptions: ['options', '/api/vehicules', undefined, undefined, 'search', ''],
    courseOptions: ['options', '/api/courses', undefined, 'reste', 'search', ''],
    garageOptions: ['options', '/api/garages', undefined],
    catalogue: ['fleet', 'catalogue', '/api/articles'],
  };
  for (const key of Object.values(keys)) qc.setQueryData(key, { seeded: true });
  const stale = (key: readonly unknown[]) => qc.getQueryState(key)?.isInvalidated ?? false;
  return { qc, keys, stale };
}

describe('invalidateAfterWrite (ListDecl.invalidates)', () => {
  it('refreshes the resource, what it names and their selects, and nothing else', async () => {
    const { qc, keys, stale } = seeded();
    await invalidateAfterWrite(qc, courses, [vehicules, ['fleet', 'catalogue']]);
    expect(stale(keys.courseList)).toBe(true);
    expect(stale(keys.courseDetail5)).toBe(true);
    expect(stale(keys.vehiculeList)).toBe(true);
    expect(stale(keys.vehiculeOptions)).toBe(true);
    expect(stale(keys.courseOptions)).toBe(true);
    expect(stale(keys.catalogue)).toBe(true);
    expect(stale(keys.garageList)).toBe(false);
    expect(stale(keys.garageOptions)).toBe(false);
  });

  it("keeps the row whose fresh value came with the write's answer", async () => {
    const { qc, keys, stale } = seeded();
    await invalidateAfterWrite(qc, courses, [], 5);
    expect(stale(keys.courseDetail5)).toBe(false);
    expect(stale(keys.courseDetail6)).toBe(true);
    expect(stale(keys.courseList)).toBe(true);
  });
});
