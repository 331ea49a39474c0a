import { describe, expect, it } from 'vitest';
import type { FormFieldDecl } from '../form/fields';
import { headerTargets, importAdvice, numberCell, planImport, validLines } from './importLines';

const fields: FormFieldDecl[] = [
  { name: 'nom', type: 'text', required: true },
  { name: 'montant', type: 'money' },
  { name: 'ville_id', type: 'select', ref: 'ville', source: { path: '/api/villes' } },
  { name: 'secret', type: 'text', only: 'edit' },
];
const columns = [
  { key: 'nom' },
  { key: 'montant', format: 'money' as const },
  { key: 'ville', value: (r: { ville?: { libelle: string } }) => r.ville?.libelle },
];
const labels = { nom: 'Nom', montant: 'Montant', ville: 'Ville', ville_id: 'Ville', secret: 'Secret' };

describe('planImport', () => {
  it('reads the export’s own headers back into the form’s fields, amounts as numbers', () => {
    const targets = headerTargets(columns, fields, labels);
    const plan = planImport(
      [
        ['\ufeffNom', 'MONTANT', 'ville', 'Créé le', 'Secret'],
        ['Garage du Port', '1.195.000 FCFA', 'Libreville', '01/01/2026', 'x'],
        ['', '', '', '', ''],
        ['Garage Nord', 25000, '', null, null],
        ['  Garage Sud ', '12 500', 'Port-Gentil'],
      ],
      targets,
    );
    expect(plan.colonnes).toEqual([
      { entete: 'Nom', champ: 'nom' },
      { entete: 'MONTANT', champ: 'montant' },
      { entete: 'ville', champ: 'ville_id' },
    ]);
    expect(plan.ignorees).toEqual(['Créé le', 'Secret']);
    expect(plan.lignes).toEqual([
      { nom: 'Garage du Port', montant: 1195000, ville_id: 'Libreville' },
      { nom: 'Garage Nord', montant: 25000 },
      { nom: 'Garage Sud', montant: 12500, ville_id: 'Port-Gentil' },
    ]);
    expect(plan.numeros).toEqual([2, 4, 5]);
  });

  it('leaves what is not a number as typed, for the API to refuse in French', () => {
    expect(numberCell('douze')).toBe('douze');
    expect(numberCell('-500')).toBe(-500);
    expect(numberCell(' 90 000 F CFA ')).toBe(90000);
  });

  it('reads amounts as the money input does: 17500,00 is 17.500, never 1.750.000; 12e5 is left for the API', () => {
    const targets = headerTargets(columns, fields, labels);
    const plan = planImport(
      [
        ['Nom', 'Montant'],
        ['A', '17500,00'],
        ['B', '1 250 000,00'],
        ['C', '12e5'],
        ['D', '17500,50'],
      ],
      targets,
    );
    expect(plan.lignes.map((l) => l.montant)).toEqual([17_500, 1_250_000, '12e5', '17500,50']);
  });
});

describe('wrong lines: what to fix, or the valid lines alone', () => {
  const plan = { lignes: [{ a: 1 }, { a: 2 }, { a: 3 }], numeros: [2, 4, 5], colonnes: [], ignorees: [] };
  it('keeps the lines the API did not refuse, with their numbers in the file', () => {
    const report = {
      lignes: 3,
      importees: 0,
      erreurs: [{ ligne: 4, messages: ['Le libellé est obligatoire.'] }],
    };
    expect(validLines(plan, report)).toMatchObject({ lignes: [{ a: 1 }, { a: 3 }], numeros: [2, 5] });
  });
  it('says what to do in French', () => {
    expect(importAdvice(6, 5, 1)).toBe(
      '5 lignes à corriger sur 6 : corrigez-les dans le fichier puis importez-le de nouveau, ou importez seulement la ligne valide.',
    );
    expect(importAdvice(4, 1, 3)).toBe(
      '1 ligne à corriger sur 4 : corrigez-la dans le fichier puis importez-le de nouveau, ou importez seulement les 3 lignes valides.',
    );
    expect(importAdvice(2, 2, 0)).toBe(
      '2 lignes à corriger : corrigez-les dans le fichier puis importez-le de nouveau.',
    );
  });
});
