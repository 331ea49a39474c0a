import type { ConsommationLigne } from '@yams/shared';

/** One vehicle's year: the complete stretches' km and litres, every fill's FCFA. */
export interface ParVehicule {
  id: number;
  plaque: string;
  km: number;
  litres: number;
  consommation: number | null;
  reference: number | null;
  seuil: number | null;
  dernier: ConsommationLigne | undefined;
  montant: number;
}

/** The months of each vehicle added up: litres over km of the stretches (full tank to full tank). */
export function parVehicule(lignes: ConsommationLigne[]): ParVehicule[] {
  const out = new Map<number, ParVehicule>();
  for (const l of lignes) {
    const v = out.get(l.vehicule.id) ?? {
      id: l.vehicule.id,
      plaque: l.vehicule.plaque,
      km: 0,
      litres: 0,
      consommation: null,
      reference: l.consommation_reference,
      seuil: l.consommation_seuil,
      dernier: undefined,
      montant: 0,
    };
    v.km += l.km;
    v.litres += l.litres;
    v.montant += l.montant;
    if (l.consommation !== null) v.dernier = l;
    out.set(v.id, v);
  }
  return [...out.values()].map((v) => ({
    ...v,
    consommation: v.km > 0 ? Math.round((v.litres / v.km) * 1000) / 10 : null,
  }));
}
