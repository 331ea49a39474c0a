import { describe, expect, it } from 'vitest';
import type { DisplayField } from '../list/types';
import { exportColumns } from './serverExport';

type R = { id: number; vehicule: { plaque: string }; montant: number; bloque: boolean };

describe('exportColumns (server export)', () => {
  it('sends label, API path, format and word map of each exported field', () => {
    const fields: DisplayField<R>[] = [
      { key: 'id' },
      { key: 'vehicule', value: (r) => r.vehicule.plaque, path: 'vehicule.plaque' },
      { key: 'montant', format: 'money' },
      {
        key: 'bloque',
        value: (r) => (r.bloque ? 'Bloqué' : 'Actif'),
        path: 'bloque',
        map: { true: 'Bloqué', false: 'Actif' },
      },
      { key: 'secret', export: false, value: () => 'x' },
    ];
    expect(
      exportColumns(fields, { id: 'N°', vehicule: 'Véhicule', montant: 'Montant', bloque: 'Etat' }),
    ).toEqual([
      { label: 'N°', path: 'id' },
      { label: 'Véhicule', path: 'vehicule.plaque' },
      { label: 'Montant', path: 'montant', format: 'money' },
      { label: 'Etat', path: 'bloque', map: { true: 'Bloqué', false: 'Actif' } },
    ]);
  });

  it('exports a status in correct French, as the screen shows it', () => {
    const fields: DisplayField<{ statut: string }>[] = [{ key: 'statut', format: 'tag' }];
    expect(exportColumns(fields, { statut: 'Statut' })).toEqual([
      {
        label: 'Statut',
        path: 'statut',
        format: 'tag',
        map: { 'Problemes mécaniques': 'Problèmes mécaniques', 'Operation Diverse': 'Opération diverse' },
      },
    ]);
  });

  it('gives up (browser export) when a computed field does not say where the API keeps it', () => {
    expect(exportColumns<R>([{ key: 'x', value: () => 'computed' }], {})).toBeNull();
  });
});
