import type { TraceJourOut } from '@yams/shared';
import type { DisplayField } from '../../components/list/types';
import { formatDuration, formatKm } from './format';

const hour = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Africa/Libreville',
  hour: '2-digit',
  minute: '2-digit',
});
/** An instant's Libreville hour and minute, `08:05`. */
export const hhmm = (iso: string | null) => (iso ? hour.format(new Date(iso)) : null);

export const JOUR_LABELS = {
  date: 'Jour',
  distance_km: 'Distance (km)',
  duree_conduite: 'Temps de conduite',
  arrets: 'Arrêts (> 5 min)',
  premiere_heure: 'Premier point',
  derniere_heure: 'Dernier point',
  conducteurs: 'Conducteurs',
};

/** One line per day: the table shows it (the distance as `12,3 km`) and the export writes it (a number). */
export const JOUR_FIELDS: DisplayField<TraceJourOut>[] = [
  { key: 'date', format: 'date' },
  {
    key: 'distance_km',
    format: 'number',
    value: (j) => Math.round(j.distance_km * 10) / 10,
    render: (j) => formatKm(j.distance_km * 1000),
    align: 'right',
  },
  { key: 'duree_conduite', value: (j) => formatDuration(j.duree_conduite_s), align: 'right' },
  { key: 'arrets', format: 'number', align: 'right' },
  { key: 'premiere_heure', value: (j) => hhmm(j.premiere_heure) },
  { key: 'derniere_heure', value: (j) => hhmm(j.derniere_heure) },
  // The badges the tracker read (driverUniqueId): who drove that day.
  {
    key: 'conducteurs',
    value: (j) => (j.conducteurs.length ? j.conducteurs.join(', ') : null),
    table: false,
  },
];
