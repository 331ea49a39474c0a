import type { CourseOut, DocumentOut, EcheancePlanOut, InterventionOut } from '@yams/shared';

/** The calendar's kinds of event, their colours (the specification) and legend. */
export const EVENT_KINDS = {
  depart: { label: 'Départ de course', color: '#1677ff' },
  arrivee: { label: 'Arrivée de course', color: '#389e0d' },
  debut: { label: 'Début d’intervention', color: '#eb2f96' },
  sortie: { label: 'Sortie d’intervention', color: '#fa8c16' },
  document: { label: 'Expiration de document', color: '#cf1322' },
  entretien: { label: 'Entretien prévu (plan)', color: '#722ed1' },
} as const;
export type EventKind = keyof typeof EVENT_KINDS;

export type CalendarSource = 'courses' | 'interventions' | 'documents' | 'entretiens';

export interface CalendarEvent {
  id: string;
  title: string;
  start: string;
  allDay: boolean;
  color: string;
  editable: boolean;
  extendedProps: {
    kind: EventKind;
    source: CalendarSource;
    recordId: number;
    vehiculeId: number | null;
    /** A plan's due day: the intervention form prefilled from it. */
    lien?: string;
  };
}

/** Libreville is UTC+1 all year: an instant as the naive wall-clock time FullCalendar shows (timeZone UTC). */
export function librevilleWallClock(iso: string): string {
  const d = new Date(Date.parse(iso) + 3_600_000);
  return d.toISOString().slice(0, 19);
}

/** Back from FullCalendar's naive date to the API's `YYYY-MM-DDTHH:mm` in Libreville time. */
export function toApiDateTime(d: Date): string {
  return d.toISOString().slice(0, 16);
}

const ev = (
  kind: EventKind,
  source: CalendarSource,
  recordId: number,
  vehiculeId: number | null,
  title: string,
  start: string,
  allDay: boolean,
  editable = false,
): CalendarEvent => ({
  id: `${kind}-${recordId}`,
  title,
  start,
  allDay,
  color: EVENT_KINDS[kind].color,
  editable,
  extendedProps: { kind, source, recordId, vehiculeId },
});

export function courseEvents(c: CourseOut): CalendarEvent[] {
  const out = [
    ev(
      'depart',
      'courses',
      c.id,
      c.vehicule.id,
      `Départ ${c.code} · ${c.vehicule.plaque}`,
      librevilleWallClock(c.date_chargement),
      false,
      c.statut === 'Chargement en attente',
    ),
  ];
  if (c.date_dechargement) {
    out.push(
      ev(
        'arrivee',
        'courses',
        c.id,
        c.vehicule.id,
        `Arrivée ${c.code} · ${c.vehicule.plaque}`,
        librevilleWallClock(c.date_dechargement),
        false,
      ),
    );
  }
  return out;
}

export function interventionEvents(i: InterventionOut): CalendarEvent[] {
  const plaque = i.vehicule?.plaque ?? '';
  const out = [
    ev(
      'debut',
      'interventions',
      i.id,
      i.vehicule_id,
      `Intervention n°${i.id} · ${plaque}`,
      i.date_debut,
      true,
    ),
  ];
  if (i.date_fin)
    out.push(
      ev('sortie', 'interventions', i.id, i.vehicule_id, `Sortie n°${i.id} · ${plaque}`, i.date_fin, true),
    );
  return out;
}

export function documentEvents(d: DocumentOut): CalendarEvent[] {
  if (!d.date_expiration) return [];
  const plaque = d.camion?.plaque ? ` · ${d.camion.plaque}` : '';
  return [ev('document', 'documents', d.id, d.camion_id, `${d.libelle}${plaque}`, d.date_expiration, true)];
}

/** A maintenance plan's due day on a vehicle (its due kilometrage has no day). */
export function entretienEvents(e: EcheancePlanOut): CalendarEvent[] {
  if (!e.prochaine_date) return [];
  const event = ev(
    'entretien',
    'entretiens',
    e.plan_id,
    e.vehicule.id,
    `${e.libelle} · ${e.vehicule.plaque}`,
    e.prochaine_date,
    true,
  );
  return [
    {
      ...event,
      id: `entretien-${e.plan_id}-${e.vehicule.id}`,
      extendedProps: { ...event.extendedProps, lien: e.lien_intervention },
    },
  ];
}

/** The months a view shows: the month grid loads its own month only; a week may straddle two. */
export function periodsOf(currentStart: Date, currentEnd: Date, monthView: boolean): string[] {
  const month = (d: Date) => d.toISOString().slice(0, 7);
  const first = month(currentStart);
  if (monthView) return [first];
  const last = month(new Date(currentEnd.getTime() - 1));
  return first === last ? [first] : [first, last];
}
