/**
 * Gabon's provincial capitals and the towns a transporteur's trucks pass through, drawn on the simplified
 * background (FondSimplifie.tsx) when the tile servers cannot be reached. Coordinates rounded to ~1 km.
 */
export interface VilleFond {
  nom: string;
  lat: number;
  lng: number;
  /** Chef-lieu of this province. */
  province?: string;
}

export const VILLES_FOND: VilleFond[] = [
  { nom: 'Libreville', lat: 0.39, lng: 9.454, province: 'Estuaire' },
  { nom: 'Owendo', lat: 0.292, lng: 9.505 },
  { nom: 'Ntoum', lat: 0.391, lng: 9.761 },
  { nom: 'Kango', lat: 0.15, lng: 10.117 },
  { nom: 'Cocobeach', lat: 1.0, lng: 9.583 },
  { nom: 'Port-Gentil', lat: -0.719, lng: 8.782, province: 'Ogooué-Maritime' },
  { nom: 'Gamba', lat: -2.65, lng: 10.0 },
  { nom: 'Lambaréné', lat: -0.7, lng: 10.241, province: 'Moyen-Ogooué' },
  { nom: 'Ndjolé', lat: -0.183, lng: 10.767 },
  { nom: 'Mouila', lat: -1.867, lng: 11.056, province: 'Ngounié' },
  { nom: 'Tchibanga', lat: -2.85, lng: 11.033, province: 'Nyanga' },
  { nom: 'Franceville', lat: -1.633, lng: 13.583, province: 'Haut-Ogooué' },
  { nom: 'Moanda', lat: -1.567, lng: 13.2 },
  { nom: 'Koulamoutou', lat: -1.133, lng: 12.483, province: 'Ogooué-Lolo' },
  { nom: 'Lastoursville', lat: -0.817, lng: 12.717 },
  { nom: 'Booué', lat: -0.1, lng: 11.933 },
  { nom: 'Makokou', lat: 0.567, lng: 12.867, province: 'Ogooué-Ivindo' },
  { nom: 'Mitzic', lat: 0.783, lng: 11.533 },
  { nom: 'Oyem', lat: 1.6, lng: 11.583, province: 'Woleu-Ntem' },
  { nom: 'Bitam', lat: 2.083, lng: 11.5 },
];
