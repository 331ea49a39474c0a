// Catalogue of the fleet demo data: vehicles seen on Gabonese roads, their papers and workshop jobs.

/** marque, modèle, type de véhicule, charge utile en tonnes. */
export const MODELES: Array<[string, string, string, number]> = [
  ['Renault Trucks', 'K 440', 'Camion benne', 26],
  ['Renault Trucks', 'T 480', 'Semi-remorque', 40],
  ['Mercedes-Benz', 'Actros 2545', 'Semi-remorque', 40],
  ['Mercedes-Benz', 'Actros 3341', 'Camion benne', 25],
  ['MAN', 'TGS 33.400', 'Porte-char', 50],
  ['MAN', 'TGX 18.440', 'Citerne', 30],
  ['Iveco', 'Trakker 410', 'Camion benne', 25],
  ['Iveco', 'Eurocargo 120E', 'Plateau', 7],
  ['Sinotruk HOWO', 'A7 371', 'Camion benne', 30],
  ['Sinotruk HOWO', 'T7H', 'Semi-remorque', 40],
  ['Isuzu', 'NPR', 'Fourgon', 4.5],
  ['Isuzu', 'FVR', 'Plateau', 9],
  ['Toyota', 'Hilux', 'Pick-up', 1],
  ['Toyota', 'Land Cruiser 79', 'Pick-up', 1.2],
  ['Yamaha', 'Crux 110', 'Moto', 0.1],
];

/** Tank (litres) and reference consumption (L/100 km) of each model: trucks 28–40 L/100 km. */
export const CARBURANT_MODELES: Record<string, [number, number]> = {
  'K 440': [400, 34],
  'T 480': [600, 33],
  'Actros 2545': [600, 32],
  'Actros 3341': [400, 36],
  'TGS 33.400': [600, 39],
  'TGX 18.440': [500, 31],
  'Trakker 410': [400, 37],
  'Eurocargo 120E': [200, 20],
  'A7 371': [400, 38],
  T7H: [600, 35],
  NPR: [100, 14],
  FVR: [200, 22],
  Hilux: [80, 10],
  'Land Cruiser 79': [130, 13],
  'Crux 110': [12, 3],
};

/** Papers of a vehicle: libellé, and whether it expires. */
export const PAPIERS: Array<[string, boolean]> = [
  ['Carte grise', false],
  ['Assurance', true],
  ['Visite technique', true],
  ['Patente', true],
  ['Autorisation de transport', true],
];

export const DESCRIPTIONS = {
  Entretien: [
    'Vidange et remplacement des filtres',
    'Révision des 100 000 km',
    'Contrôle avant visite technique',
    'Remplacement des pneus usés',
    'Entretien périodique planifié',
  ],
  Réparation: [
    'Bruit au freinage signalé par le chauffeur',
    "Fuite d'huile moteur",
    'Embrayage qui patine en côte',
    'Soudure du châssis après un choc',
    "Panne d'alternateur sur la route de Lambaréné",
  ],
} as const;

const LETTRES = 'ABCDEFGHJKLMNPRSTVWXYZ';

/** Current Gabonese format: `GA-123-AB`. */
export function plaque(next: () => number): string {
  const n = String(Math.floor(next() * 900) + 100);
  const l = () => LETTRES[Math.floor(next() * LETTRES.length)];
  return `GA-${n}-${l()}${l()}`;
}
