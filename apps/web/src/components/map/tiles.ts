/**
 * The background layers of our maps, from public tile servers. With no network to them the maps still work
 * (markers, tracks, controls) on an empty background: every marker is drawn by Leaflet itself, no image file.
 */
export interface TileSource {
  key: 'street' | 'humanitarian' | 'satellite';
  /** The name in the layer control. */
  name: string;
  url: string;
  attribution: string;
  maxNativeZoom: number;
  subdomains?: string;
}

export const STREET: TileSource = {
  key: 'street',
  name: 'Rues',
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '&copy; contributeurs OpenStreetMap',
  maxNativeZoom: 19,
};

export const HUMANITARIAN: TileSource = {
  key: 'humanitarian',
  name: 'Humanitaire',
  url: 'https://{s}.tile.openstreetmap.fr/hot/{z}/{x}/{y}.png',
  subdomains: 'abc',
  attribution: '&copy; contributeurs OpenStreetMap, style Humanitarian OpenStreetMap Team',
  maxNativeZoom: 19,
};

export const SATELLITE: TileSource = {
  key: 'satellite',
  name: 'Satellite',
  url: 'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}',
  attribution: 'Imagerie &copy; Esri, Maxar, Earthstar Geographics',
  maxNativeZoom: 18,
};

/** The three layers of the geolocation map, in the layer control's order; the street map shown first. */
export const ALL_LAYERS: TileSource[] = [STREET, HUMANITARIAN, SATELLITE];
