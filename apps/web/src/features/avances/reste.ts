import { type AvanceOut, formatMoney } from '@yams/shared';

/** Where it stands: what the driver returns or is owed while open, what was settled once settled. */
export function resteTexte(a: Pick<AvanceOut, 'statut' | 'reste' | 'solde_montant' | 'solde_sens'>): string {
  if (a.statut === 'Annulée') return '—';
  if (a.statut === 'Soldée') {
    if (!a.solde_montant) return 'Soldée';
    return `${formatMoney(a.solde_montant)} ${a.solde_sens === 'rendu' ? 'rendus' : 'versés'}`;
  }
  if (a.reste > 0) return `${formatMoney(a.reste)} à rendre`;
  if (a.reste < 0) return `${formatMoney(-a.reste)} à verser`;
  return 'Entièrement justifiée';
}
