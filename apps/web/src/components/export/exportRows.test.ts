import { nomFichierExport } from '@yams/shared';
import { describe, expect, it } from 'vitest';
import type { DisplayField } from '../list/types';
import { exportTable, toCsv } from './exportRows';

interface Course {
  id: number;
  code: string;
  montant: number;
  date_chargement: string;
  client: { nom: string } | null;
}

const FIELDS: DisplayField<Course>[] = [
  { key: 'code' },
  { key: 'client', value: (c) => c.client?.nom },
  { key: 'montant', format: 'money' },
  { key: 'date_chargement', format: 'date' },
  { key: 'id', export: false },
];
const LABELS = { code: 'Code', client: 'Client', montant: 'Montant', date_chargement: 'Date de chargement' };

describe('export rows', () => {
  const rows: Course[] = [
    {
      id: 1,
      code: 'C-2026-0001',
      montant: 1234567,
      date_chargement: '2026-11-22',
      client: { nom: 'Société "Bois"; Fils' },
    },
    { id: 2, code: 'C-2026-0002', montant: 0, date_chargement: 'n/a', client: null },
  ];

  it('uses the French labels and keeps amounts as numbers, dates in French', () => {
    expect(exportTable(rows, FIELDS, LABELS)).toEqual({
      headers: ['Code', 'Client', 'Montant', 'Date de chargement'],
      rows: [
        ['C-2026-0001', 'Société "Bois"; Fils', 1234567, '22/11/2026'],
        ['C-2026-0002', '', 0, 'Date invalide'],
      ],
    });
  });

  it('writes a CSV that Excel opens in French (BOM, semicolons, every text quoted)', () => {
    const csv = toCsv(exportTable(rows.slice(0, 1), FIELDS, LABELS));
    expect(csv).toBe(
      '\uFEFF"Code";"Client";"Montant";"Date de chargement"\r\n"C-2026-0001";"Société ""Bois""; Fils";1234567;"22/11/2026"\r\n',
    );
  });

  it('names the file after the screen and the day', () => {
    expect(nomFichierExport('Ressources Humaines', '2026-11-02')).toBe('ressources-humaines-2026-11-02');
    expect(nomFichierExport('Véhicules', '2026-01-15')).toBe('vehicules-2026-01-15');
    expect(nomFichierExport('« — »', '2026-01-15')).toBe('export-2026-01-15');
  });
});
