import { formatNumber, GABON_TIME_ZONE } from '@yams/shared';

const withSeconds = new Intl.DateTimeFormat('fr-FR', {
  timeZone: GABON_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** `23/11/2026 09:05:12`, Libreville time: a position's time, to the second. */
export function formatFix(value: string | null | undefined): string {
  if (!value) return '—';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '—' : withSeconds.format(d).replace(',', '');
}

/** Speed in km/h, rounded: `42 km/h`. */
export const formatSpeed = (kmh: number | null | undefined) =>
  kmh === null || kmh === undefined || !Number.isFinite(kmh) ? '—' : `${Math.round(kmh)} km/h`;

/** `12,4 km`. */
export const formatKm = (meters: number) => `${formatNumber(meters / 1000, 1)} km`;

/** `2 h 05`, `12 min`. */
export function formatDuration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')}`;
}
