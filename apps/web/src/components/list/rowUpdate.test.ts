import { describe, expect, it } from 'vitest';
import type { FormFieldDecl } from '../form/fields';
import { rowToValues } from '../form/formValues';
import { rowUpdateBody } from './rowUpdate';
import type { FormDecl } from './types';

interface I {
  id: number;
  vehicule_id: number;
  garage: { id: number; nom: string } | null;
  type: string;
  date_debut: string;
  date_fin: string;
  description: string | null;
  lignes: { id: number; qte: number }[];
}

const fields: FormFieldDecl[] = [
  { name: 'vehicule_id', type: 'select' },
  { name: 'garage_id', type: 'select', ref: true },
  { name: 'type', type: 'select' },
  { name: 'dates', type: 'dateRange', params: ['date_debut', 'date_fin'] },
  { name: 'description', type: 'textarea' },
  { name: 'lignes_saisie', type: 'custom', bodyName: 'lignes', only: 'create', render: () => null },
];
const row: I = {
  id: 7,
  vehicule_id: 3,
  garage: { id: 5, nom: 'Garage du Port' },
  type: 'Réparation',
  date_debut: '2026-11-02',
  date_fin: '2026-11-04',
  description: null,
  lignes: [{ id: 1, qte: 2 }],
};

describe('rowUpdateBody: a block saves the row as its edit form would, with its change', () => {
  it('reads references and dates from the row, keeps what toValues adds, applies the patch', () => {
    const form: FormDecl<I> = {
      fields,
      toValues: (i) => ({ ...rowToValues(i as never, fields), lignes: i.lignes.map(({ qte }) => ({ qte })) }),
    };
    expect(rowUpdateBody(form, row, {})).toEqual({
      vehicule_id: 3,
      garage_id: 5,
      type: 'Réparation',
      date_debut: '2026-11-02',
      date_fin: '2026-11-04',
      description: null,
      lignes: [{ qte: 2 }],
    });
    expect(rowUpdateBody(form, row, { lignes: [{ qte: 9 }] }).lignes).toEqual([{ qte: 9 }]);
  });

  it("goes through the form's toBody in edit mode", () => {
    const form: FormDecl<I> = { fields, toBody: (body, mode) => ({ ...body, mode }) };
    expect(rowUpdateBody(form, row, { description: 'x' })).toMatchObject({ mode: 'edit', description: 'x' });
  });
});
