import path from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
import { BASE_URL, DATA_DIR } from './server';
import { savedSession } from './session';

/** TransGabon's figures noted before the specs run (sessions.setup.ts). */
export const transgabonFile = path.join(DATA_DIR, 'sessions', 'transgabon-avant.json');

// Its lists whose totals the specs read (and what a write would move), its settings and its year's figures.
const COUNTS = [
  'utilisateurs',
  'courses',
  'demandes?statut=En%20attente',
  'paiements',
  'vehicules',
  'documents',
  'interventions',
  'factures',
  'achats',
  'piece_de_caisses',
  'operations',
  'articles',
  'garages',
  'services',
  'fournisseurs',
  'trajets',
  'adresses',
  'appareils',
];

/** What a spec changing TransGabon would move, read as TransGabon through the API. */
export async function transgabonFigures(request: APIRequestContext, email: string) {
  const headers = { Authorization: `Bearer ${savedSession(email).token}` };
  const get = async (url: string) => {
    const body = await (await request.get(`${BASE_URL}/api/${url}`, { headers })).json();
    expect(body.success, `${url} : ${JSON.stringify(body.message)}`).toBe(true);
    return body.data;
  };
  const figures: Record<string, unknown> = {};
  for (const list of COUNTS) {
    figures[list] = await get(`${list}${list.includes('?') ? '&' : '?'}req_count=1`);
  }
  figures.parametres = await get('entreprise/parametres');
  const year = await get('statistiques/kpis?periode=annee');
  figures.annee = { courses: year.coursesCount, chiffreAffaires: year.chiffreAffaires };
  return figures;
}
