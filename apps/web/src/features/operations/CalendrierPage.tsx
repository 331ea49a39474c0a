import type { DatesSetArg, EventClickArg, EventDropArg } from '@fullcalendar/core';
import frLocale from '@fullcalendar/core/locales/fr';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import {
  type CourseOut,
  type DocumentOut,
  type EcheancePlanOut,
  echeancesPlansEndpoint,
  type InterventionOut,
} from '@yams/shared';
import { Alert, Card, Checkbox, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { call } from '../../base/http';
import { SourceSelect } from '../../components/form/SourceSelect';
import { DetailDialog, type DialogState } from '../../components/list/DetailDialog';
import type { ListDecl, Row } from '../../components/list/types';
import { PageTitle } from '../../components/PageTitle';
import { useIsMobile } from '../../components/useIsMobile';
import {
  documents as documentsResource,
  interventions as interventionsResource,
  vehicules as vehiculesResource,
} from '../fleet/api';
import { INTERVENTIONS } from '../fleet/InterventionsPage';
import { VEHICULES } from '../fleet/VehiculesPage';
import { vehiculeSource } from '../fleet/vehiculeFields';
import { courses as coursesResource } from './api';
import { COURSES } from './CoursesPage';
import {
  type CalendarEvent,
  type CalendarSource,
  courseEvents,
  documentEvents,
  EVENT_KINDS,
  entretienEvents,
  interventionEvents,
  periodsOf,
  toApiDateTime,
} from './calendarEvents';

/** How long a timed event (an instant) lasts on the calendar: one minute, so it never reaches another day. */
const POINT_DURATION = '00:01';

/** The specification's message for the calendar's load failure. */
export const CALENDAR_LOAD_ERROR = "Une erreur s'est produite lors du chargement des données.";

/** Each kind of event, read from its list through its contract, filtered by month and vehicle. */
const SOURCES: {
  key: CalendarSource;
  label: string;
  load: (query: { req_period: string; vehicule?: number }, signal: AbortSignal) => Promise<unknown[]>;
}[] = [
  {
    key: 'courses',
    label: 'Courses',
    load: (q, signal) => coursesResource.fetchAll({ ...q, limit: 1000 }, { signal, errors: 'none' }),
  },
  {
    key: 'interventions',
    label: 'Interventions',
    load: (q, signal) => interventionsResource.fetchAll({ ...q, limit: 1000 }, { signal, errors: 'none' }),
  },
  {
    key: 'documents',
    label: 'Documents',
    load: ({ req_period, vehicule }, signal) =>
      documentsResource.fetchAll(
        { req_period, camion_id: vehicule, limit: 1000 },
        { signal, errors: 'none' },
      ),
  },
  {
    key: 'entretiens',
    label: 'Entretiens prévus',
    // The plans' due days (today's state, whatever the month): those of the month shown.
    load: async ({ req_period, vehicule }, signal) =>
      (
        await call(
          echeancesPlansEndpoint,
          { query: vehicule ? { vehicule } : {} },
          { signal, errors: 'none' },
        )
      ).data.filter((e) => e.prochaine_date?.startsWith(req_period)),
  },
];

type Opened = { decl: ListDecl<Row>; state: DialogState<Row> } | null;

/**
 * Programmes: FullCalendar in French (month, week, list) fed by `?req_period=YYYY-MM` of courses,
 * interventions and documents; a click opens the list kit's detail dialog of the record; a planned
 * course's departure can be dragged to another day (the API decides whether it may move).
 */
export default function CalendrierPage() {
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [periods, setPeriods] = useState<string[]>([]);
  const [kinds, setKinds] = useState<CalendarSource[]>([
    'courses',
    'interventions',
    'documents',
    'entretiens',
  ]);
  const [vehicule, setVehicule] = useState<number | undefined>();
  const [opened, setOpened] = useState<Opened>(null);
  // `?mois=2027-03` opens that month (a link from elsewhere, a bookmark).
  const [params] = useSearchParams();
  const mois = params.get('mois');
  const initialDate = mois && /^\d{4}-(0[1-9]|1[0-2])$/.test(mois) ? `${mois}-01` : undefined;

  const loads = useQueries({
    queries: SOURCES.filter((s) => kinds.includes(s.key)).flatMap((s) =>
      periods.map((period) => ({
        queryKey: ['calendrier', s.key, period, vehicule ?? null],
        queryFn: async ({ signal }: { signal: AbortSignal }) => ({
          source: s.key,
          rows: await s.load({ req_period: period, vehicule }, signal),
        }),
      })),
    ),
  });
  const failed = loads.some((q) => q.isError);

  const events = useMemo(() => {
    const seen = new Map<string, CalendarEvent>();
    for (const q of loads) {
      if (!q.data) continue;
      const { source, rows } = q.data;
      for (const row of rows) {
        const list =
          source === 'courses'
            ? courseEvents(row as CourseOut)
            : source === 'interventions'
              ? interventionEvents(row as InterventionOut)
              : source === 'entretiens'
                ? entretienEvents(row as EcheancePlanOut)
                : documentEvents(row as DocumentOut);
        for (const e of list) seen.set(e.id, e);
      }
    }
    return [...seen.values()];
  }, [loads]);

  const onDates = (arg: DatesSetArg) => {
    const next = periodsOf(arg.view.currentStart, arg.view.currentEnd, arg.view.type === 'dayGridMonth');
    setPeriods((prev) => (prev.join() === next.join() ? prev : next));
  };

  const onClick = async ({ event }: EventClickArg) => {
    const { source, recordId, vehiculeId, lien } = event.extendedProps as CalendarEvent['extendedProps'];
    if (source === 'entretiens' && lien) {
      navigate(lien);
      return;
    }
    try {
      if (source === 'courses') {
        const row = await coursesResource.fetchOne(recordId);
        setOpened({
          decl: COURSES as unknown as ListDecl<Row>,
          state: { kind: 'view', id: (row as Row).id, row: row as Row },
        });
      } else if (source === 'interventions') {
        const row = await interventionsResource.fetchOne(recordId);
        setOpened({
          decl: INTERVENTIONS as unknown as ListDecl<Row>,
          state: { kind: 'view', id: (row as Row).id, row: row as Row },
        });
      } else if (vehiculeId) {
        // A document lives in its vehicle's dialog (section Documents).
        const row = await vehiculesResource.fetchOne(vehiculeId);
        setOpened({
          decl: VEHICULES as unknown as ListDecl<Row>,
          state: { kind: 'view', id: (row as Row).id, row: row as Row },
        });
      }
    } catch {
      // The HTTP client already showed why.
    }
  };

  const onDrop = async (arg: EventDropArg) => {
    const { recordId } = arg.event.extendedProps as CalendarEvent['extendedProps'];
    try {
      await coursesResource.update(
        recordId,
        { date_chargement: toApiDateTime(arg.event.start!) },
        { successToast: true },
      );
      await queryClient.invalidateQueries({ queryKey: ['calendrier', 'courses'] });
      await queryClient.invalidateQueries({ queryKey: coursesResource.keys.all });
    } catch {
      arg.revert();
    }
  };

  return (
    <section>
      <PageTitle title="Calendrier" />
      <Card size="small" style={{ marginBottom: 12 }}>
        <Space wrap size={[16, 8]} style={{ width: '100%' }}>
          <SourceSelect
            source={vehiculeSource}
            allowClear
            placeholder="Tous les véhicules"
            aria-label="Véhicule"
            style={{ minWidth: 220 }}
            value={vehicule}
            onChange={(v) => setVehicule(v ?? undefined)}
          />
          <Checkbox.Group
            aria-label="Types d’événements"
            value={kinds}
            onChange={(v) => setKinds(v as CalendarSource[])}
            options={SOURCES.map((s) => ({ value: s.key, label: s.label }))}
          />
        </Space>
        <ul
          aria-label="Légende"
          style={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: '4px 16px',
            margin: '8px 0 0',
            padding: 0,
            listStyle: 'none',
          }}
        >
          {Object.values(EVENT_KINDS).map((k) => (
            <li key={k.label} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
              <span aria-hidden style={{ width: 12, height: 12, borderRadius: 3, background: k.color }} />
              <Typography.Text type="secondary">{k.label}</Typography.Text>
            </li>
          ))}
        </ul>
      </Card>
      {failed && <Alert type="error" showIcon title={CALENDAR_LOAD_ERROR} style={{ marginBottom: 12 }} />}
      <Card size="small" styles={{ body: { padding: isMobile ? 4 : 12 } }}>
        <FullCalendar
          plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
          locale={frLocale}
          timeZone="UTC"
          initialView={isMobile ? 'listMonth' : 'dayGridMonth'}
          initialDate={initialDate}
          headerToolbar={
            isMobile
              ? { left: 'prev,next', center: 'title', right: 'today' }
              : { left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,listMonth' }
          }
          footerToolbar={isMobile ? { center: 'dayGridMonth,timeGridWeek,listMonth' } : undefined}
          buttonText={{ listMonth: 'Liste' }}
          height={isMobile ? 640 : 'auto'}
          dayMaxEvents={3}
          events={events}
          datesSet={onDates}
          eventClick={(arg) => void onClick(arg)}
          eventDrop={(arg) => void onDrop(arg)}
          eventStartEditable
          eventDurationEditable={false}
          // A departure or an arrival is a point in time, not an hour-long slot: with FullCalendar's default
          // hour, an arrival at 23:30 ran into the next day and the list showed it again at 00:00.
          defaultTimedEventDuration={POINT_DURATION}
          displayEventEnd={false}
          eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        />
      </Card>
      {opened && <DetailDialog decl={opened.decl} state={opened.state} onClose={() => setOpened(null)} />}
    </section>
  );
}
