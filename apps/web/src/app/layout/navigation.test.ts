import { describe, expect, it } from 'vitest';
import { activeEntry } from './navigation';

describe('activeEntry', () => {
  it('selects the side bar entry of a path and opens its groups', () => {
    expect(activeEntry('/')).toEqual({ key: 'accueil', groups: [] });
    expect(activeEntry('/parc-auto/vehicules')).toEqual({ key: 'vehicules', groups: ['parc-auto'] });
    expect(activeEntry('/operations/demandes')).toEqual({
      key: 'demandes',
      groups: ['operations', 'operations-courses'],
    });
    expect(activeEntry('/configurations/courses')).toEqual({ key: 'configurations', groups: [] });
    expect(activeEntry('/inconnu')).toEqual({ key: null, groups: [] });
  });
});
