import { describe, expect, it } from 'vitest';
import { appliedValues, initialValues, reportErrors, searchWith } from './reportState';
import type { ReportDecl } from './types';

const today = '2026-11-27';
const decl: Pick<ReportDecl<unknown>, 'period' | 'filters' | 'load'> = {
  period: { maxJours: 31 },
  filters: [
    { name: 'vehicule', label: 'Véhicule', required: true },
    { name: 'compte', label: 'Compte' },
  ],
};

describe('report filters in the address', () => {
  it('opens on the current month (Libreville) and the defaults given', () => {
    expect(initialValues(decl, { vehicule: '3', autre: 'x' }, today)).toEqual({
      date_debut: '2026-11-01',
      date_fin: '2026-11-27',
      vehicule: '3',
    });
    expect(initialValues({ period: { defaut: 'hier', params: ['du', 'au'] } }, {}, today)).toEqual({
      du: '2026-11-26',
      au: '2026-11-26',
    });
  });

  it('loads nothing before « Charger » unless the address names a complete, valid filter', () => {
    expect(appliedValues(decl, '', { vehicule: '3' }, today)).toBeNull();
    expect(appliedValues(decl, '?vehicule=3', {}, today)).toBeNull();
    expect(
      appliedValues(decl, '?date_debut=2026-11-01&date_fin=2026-11-02&vehicule=3&page=2', {}, today),
    ).toEqual({ date_debut: '2026-11-01', date_fin: '2026-11-02', vehicule: '3' });
    // A link whose required filter is missing, or whose period is too long, loads nothing either.
    expect(appliedValues(decl, '?date_debut=2026-11-01&date_fin=2026-11-02', {}, today)).toBeNull();
    expect(
      appliedValues(decl, '?date_debut=2026-10-01&date_fin=2026-11-02&vehicule=3', {}, today),
    ).toBeNull();
    // A report that loads on opening uses its defaults, the address's values over them.
    const ouverture = { ...decl, load: 'ouverture' as const };
    expect(appliedValues(ouverture, '?compte=411', { vehicule: '3' }, today)).toEqual({
      date_debut: '2026-11-01',
      date_fin: '2026-11-27',
      vehicule: '3',
      compte: '411',
    });
  });

  it('says in French what stops « Charger », on the field concerned', () => {
    expect(reportErrors(decl, { date_fin: '2026-11-02' })).toEqual({
      date_debut: 'La date de début et la date de fin sont obligatoires.',
      vehicule: '« Véhicule » est obligatoire.',
    });
    const custom = {
      period: {},
      filters: [{ name: 'entreprise', label: 'Entreprise', required: 'Choisissez.' }],
    };
    expect(reportErrors(custom, { date_debut: '2026-11-03', date_fin: '2026-11-02' })).toEqual({
      date_debut: 'La date de début doit précéder la date de fin.',
      entreprise: 'Choisissez.',
    });
  });

  it('writes the filters in the address, keeping its other parameters', () => {
    expect(searchWith(decl, '?id=4&compte=411', { date_debut: '2026-11-01', date_fin: '2026-11-02' })).toBe(
      '?id=4&date_debut=2026-11-01&date_fin=2026-11-02',
    );
    expect(searchWith(decl, '?date_debut=2026-11-01&date_fin=2026-11-02', null)).toBe('');
  });
});
