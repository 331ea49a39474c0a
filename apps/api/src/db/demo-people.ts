/** Gabonese names, cities and phone numbers for realistic demo data. */
export const NOMS = [
  'Ndong',
  'Obiang',
  'Mba',
  'Nze',
  'Ondo',
  'Essono',
  'Moussavou',
  'Mboumba',
  'Nzamba',
  'Koumba',
  'Mouketou',
  'Ngoma',
  'Mintsa',
  'Ella',
  'Allogo',
  'Mezui',
  'Nguema',
  'Boussougou',
  'Makaya',
  'Mabika',
  'Nzoghe',
  'Ovono',
  'Engone',
  'Ekomi',
  'Mombo',
  'Ibinga',
  'Mavoungou',
  'Oyane',
  'Ndzengue',
  'Biyoghe',
];
export const PRENOMS = [
  'Jean-Pierre',
  'Marie-Claire',
  'Brice',
  'Ghislain',
  'Sandrine',
  'Patrick',
  'Rodrigue',
  'Arsène',
  'Carine',
  'Yannick',
  'Fabrice',
  'Nadège',
  'Hervé',
  'Christelle',
  'Landry',
  'Prisca',
  'Serge',
  'Gisèle',
  'Junior',
  'Audrey',
  'Franck',
  'Léa',
  'Wilfried',
  'Murielle',
  'Davy',
  'Estelle',
  'Loïc',
  'Rosine',
  'Cédric',
  'Mireille',
];
export const VILLES = [
  { code: 'LBV', libelle: 'Libreville' },
  { code: 'POG', libelle: 'Port-Gentil' },
  { code: 'FCV', libelle: 'Franceville' },
  { code: 'OYE', libelle: 'Oyem' },
  { code: 'MVB', libelle: 'Moanda' },
  { code: 'LBQ', libelle: 'Lambaréné' },
  { code: 'MJL', libelle: 'Mouila' },
  { code: 'TCH', libelle: 'Tchibanga' },
  { code: 'KOU', libelle: 'Koulamoutou' },
  { code: 'MKB', libelle: 'Makokou' },
  { code: 'BTA', libelle: 'Bitam' },
  { code: 'NTM', libelle: 'Ntoum' },
  { code: 'OWE', libelle: 'Owendo' },
  { code: 'AKA', libelle: 'Akanda' },
  { code: 'LAS', libelle: 'Lastourville' },
];

/** A deterministic pseudo-random generator, so the demo data is the same on every machine. */
export function rng(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}
export type Rng = ReturnType<typeof rng>;

/** Airtel (07x) and Moov (06x) mobile numbers. */
export function phone(r: Rng): string {
  const prefix = r.pick(['074', '077', '076', '062', '065', '066']);
  const pairs = Array.from({ length: 3 }, () => String(r.int(0, 99)).padStart(2, '0'));
  return `+241 ${prefix} ${pairs.join(' ')}`;
}

export function slug(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '');
}

/**
 * Addresses as people in Libreville and around give them: quarter, a street or a landmark, town (there are
 * few street numbers; a carrefour or a building is how a driver finds the place).
 */
export const ADRESSES = [
  'Nzeng-Ayong, carrefour Lycée technique, Libreville',
  'Akébé-Plaine, derrière le marché, Libreville',
  'Quartier Louis, boulevard de l’Indépendance, Libreville',
  'Glass, rue Pierre Barro, Libreville',
  'Mont-Bouët, près du grand marché, Libreville',
  'Oloumi, zone industrielle, Libreville',
  'PK8, route nationale 1, Libreville',
  'Lalala, carrefour Dragon, Libreville',
  'Batterie IV, boulevard Triomphal, Libreville',
  'Charbonnages, face à l’école publique, Libreville',
  'Sotega, près de la station Petro Gabon, Libreville',
  'Cité SNI, Owendo',
  'Angondjé, cité de la Caisse, Akanda',
  'Okala, carrefour Alibandeng, Akanda',
] as const;
