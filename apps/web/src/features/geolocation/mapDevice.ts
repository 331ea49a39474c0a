/** What the map and its list show of a device (built from the API's row by `toMapDevice`). */
export interface MapDevice {
  id: number;
  nom: string;
  identifiant: string;
  online: boolean;
  /** The last position, `[lat, lng]`; null before the first one. */
  position: [number, number] | null;
  /** The recent track, oldest first. */
  track: Array<[number, number]>;
  /** km/h. */
  vitesse: number | null;
  /** ISO instant of the last position. */
  derniere_position: string | null;
  /** The vehicle it is in: its plate (and model). */
  vehicule: string | null;
  /** The course that vehicle carries now: its code and statut, and its id for a link. */
  course: string | null;
  courseId: number | null;
}
