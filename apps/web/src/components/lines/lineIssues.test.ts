import { InterventionLigneBody } from '@yams/shared';
import { describe, expect, it } from 'vitest';
import { lineIssues } from './lineIssues';

const line = {
  kind: 'service',
  service_id: 3,
  article_id: null,
  libelle: 'Vidange',
  qte: 2,
  prix_unitaire: 500,
};

describe('lineIssues', () => {
  it('finds nothing on a valid line', () => {
    expect(lineIssues(InterventionLigneBody, line)).toEqual([]);
  });

  it('names the field of a negative price and of a quantity of 0, in French', () => {
    const issues = lineIssues(InterventionLigneBody, { ...line, qte: 0, prix_unitaire: -500 });
    expect(issues.map((i) => i.field).sort()).toEqual(['prix_unitaire', 'qte']);
    for (const i of issues) expect(i.message).toMatch(/quantité|prix/i);
  });

  it('reports the missing service of a service line', () => {
    expect(lineIssues(InterventionLigneBody, { ...line, service_id: null })).toEqual([
      { field: 'service_id', message: 'Choisissez le service de cette ligne.' },
    ]);
  });
});
