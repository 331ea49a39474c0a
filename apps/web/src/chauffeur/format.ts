import {
  type CourseChauffeurOut,
  type CourseStatut,
  ETAPES_CHAUFFEUR,
  nextCourseStatuts,
} from '@yams/shared';
import type { Envoi } from './outbox';

// Dates in Libreville's time, whatever the phone's zone; the course's statut with the steps still on the phone.

const TZ = 'Africa/Libreville';
export const heure = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', { timeZone: TZ, hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  );
export const jour = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', { timeZone: TZ, weekday: 'long', day: 'numeric', month: 'long' }).format(
    new Date(iso),
  );

/** The last step recorded on the phone for this course and not refused, else the server's statut. */
export function statutAffiche(c: Pick<CourseChauffeurOut, 'id' | 'statut'>, envois: Envoi[]): string {
  const local = envois.filter((e) => e.courseId === c.id && e.etape && e.etat === 'attente').at(-1);
  return local?.etape ?? c.statut;
}

/** The course as it is once this step is recorded (the app shows it before the list is read again). */
export function avecEtape(c: CourseChauffeurOut, etape: string): CourseChauffeurOut {
  const statut = etape as CourseStatut;
  const avant = statut === 'Problemes mécaniques' ? c.statut : null;
  return {
    ...c,
    statut,
    etapes_possibles: nextCourseStatuts(statut, avant).filter((s) =>
      (ETAPES_CHAUFFEUR as readonly string[]).includes(s),
    ),
  };
}

/** A new outbox id (an UUID), also where `crypto.randomUUID` is missing (an old Android WebView). */
export function nouvelId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** A link that opens the phone's map app at the place (its coordinates, else its address). */
export function lienCarte(
  lat: number | null,
  lng: number | null,
  adresse: string | null,
  ville: string,
): string {
  if (lat !== null && lng !== null) return `geo:${lat},${lng}?q=${lat},${lng}`;
  return `geo:0,0?q=${encodeURIComponent([adresse, ville, 'Gabon'].filter(Boolean).join(', '))}`;
}
