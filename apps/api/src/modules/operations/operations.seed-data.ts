import type { ModePaiement, TypeCourse } from '@yams/shared';
import type { Rng } from '../../db/demo-people';

// Invented demo names and the random draws of the operations seed (no real trademarks).

/** Businesses that ship with the demo companies: `nom` holds the raison sociale. */
export const CLIENTS_ENTREPRISES = [
  'Ciments de l’Estuaire SA',
  'Bois du Haut-Ogooué SARL',
  'Comptoir Minier de Moanda',
  'Agro-Palmier Lambaréné',
  'Brasserie de la Komo',
  'Quincaillerie Nkembo',
  'BTP Komo Construction',
  'Manganèse Services Ogooué',
  'Scierie de Ndjolé',
  'Import-Export Mont-Bouët',
  'Pharmacie Centrale de Louis',
  'Hévéa du Woleu-Ntem',
  'Matériaux du Littoral',
  'Gabon Froid Distribution',
  'Pêcheries du Cap Lopez',
  'Agrégats de Ntoum SARL',
  'Cacao Nord Gabon',
  'Électricité et Eau Services Sous-traitance',
  'Mines d’Okondja Fournisseur',
  'Supermarché Les Palmiers',
];

export const QUARTIERS = [
  'Akébé',
  'Nzeng-Ayong',
  'Louis',
  'Glass',
  'Owendo',
  'Oloumi',
  'PK8',
  'Lalala',
  'Mont-Bouët',
  'Nkembo',
  'Charbonnages',
  'Batterie IV',
  'Angondjé',
  'Sotega',
];

export const LIEUX_CHARGEMENT = [
  'Port d’Owendo, quai 3',
  'Zone industrielle d’Oloumi',
  'Dépôt PK12',
  'Gare de Ntoum',
  'Entrepôt de Mindoubé',
  'Port-Môle',
  'Carrière de Ntoum',
  'Zone économique de Nkok',
  'Magasin central, Akanda',
  'Usine de Moanda',
];

const TYPES: Array<[TypeCourse, number]> = [
  ['Transport de marchandises', 55],
  ['Livraison', 25],
  ['Déménagement', 10],
  ['Location avec chauffeur', 10],
];
const MODES: Array<[ModePaiement, number]> = [
  ['Espèces', 30],
  ['Airtel Money', 25],
  ['Moov Money', 15],
  ['Virement', 20],
  ['Chèque', 10],
];

export function weighted<T>(r: Rng, table: Array<[T, number]>): T {
  const total = table.reduce((s, [, w]) => s + w, 0);
  let n = r.next() * total;
  for (const [value, w] of table) {
    n -= w;
    if (n < 0) return value;
  }
  return table[0]![0];
}

export const pickType = (r: Rng) => weighted(r, TYPES);
export const pickMode = (r: Rng) => weighted(r, MODES);

/** Round to 5,000 FCFA, as transport prices are quoted. */
export const round5000 = (n: number) => Math.max(5_000, Math.round(n / 5_000) * 5_000);

/** A price by kind of job when no usual route applies. */
export function prixCourse(r: Rng, type: TypeCourse): number {
  switch (type) {
    case 'Livraison':
      return round5000(r.int(25_000, 150_000));
    case 'Déménagement':
      return round5000(r.int(150_000, 600_000));
    case 'Location avec chauffeur':
      return round5000(r.int(100_000, 400_000));
    default:
      return round5000(r.int(200_000, 1_200_000));
  }
}

export function poidsCourse(r: Rng, type: TypeCourse, tonnageKg: number | null): number | null {
  switch (type) {
    case 'Livraison':
      return r.int(1, 30) * 100;
    case 'Déménagement':
      return r.int(2, 16) * 500;
    case 'Location avec chauffeur':
      return null;
    default:
      return Math.min(tonnageKg ?? 30_000, r.int(5, 30) * 1000);
  }
}

/** A plausible transaction reference for a payment mode. */
export function referencePaiement(r: Rng, mode: ModePaiement): string | null {
  const digits = (n: number) => Array.from({ length: n }, () => r.int(0, 9)).join('');
  switch (mode) {
    case 'Airtel Money':
      return `AM${digits(10)}`;
    case 'Moov Money':
      return `MM${digits(10)}`;
    case 'Virement':
      return `VIR-${digits(8)}`;
    case 'Chèque':
      return `CHQ ${digits(7)}`;
    default:
      return null;
  }
}

const DAY = 86_400_000;
/** An ISO instant `days` days from now at a working hour, Libreville time. */
export function instant(r: Rng, now: number, days: number): string {
  const d = new Date(now + days * DAY);
  d.setUTCHours(r.int(5, 15), r.pick([0, 15, 30, 45]), 0, 0);
  return d.toISOString();
}

export const dayOf = (iso: string) =>
  new Date(new Date(iso).getTime() + 3_600_000).toISOString().slice(0, 10);
