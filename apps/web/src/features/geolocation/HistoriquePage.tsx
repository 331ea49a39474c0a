import { CaretRightOutlined, PauseOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { GPS, type TraceJourOut } from '@yams/shared';
import { Alert, Button, DatePicker, Empty, Select, Slider, Space, Spin, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { RowsExportButton } from '../../components/export/RowsExportButton';
import { nowInGabon } from '../../components/form/gabonTime';
import type { DisplayField } from '../../components/list/types';
import { ReportSection } from '../../components/ReportSection';
import { useIsMobile } from '../../components/useIsMobile';
import { appareils, useTrace } from './api';
import { formatDuration, formatFix, formatKm, formatSpeed } from './format';
import { TrackMap } from './TrackMap';
import { TrajetsSection } from './TrajetsSection';
import { REPLAY_SPEEDS, useReplay } from './useReplay';

const hour = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Africa/Libreville',
  hour: '2-digit',
  minute: '2-digit',
});
const hhmm = (iso: string | null) => (iso ? hour.format(new Date(iso)) : null);

const JOUR_LABELS = {
  date: 'Jour',
  distance_km: 'Distance (km)',
  duree_conduite: 'Temps de conduite',
  arrets: 'Arrêts (> 5 min)',
  premiere_heure: 'Premier point',
  derniere_heure: 'Dernier point',
  conducteurs: 'Conducteurs',
};

/** One line per day: shown in the table and exported (CSV / Excel) with the same fields. */
const JOUR_FIELDS: DisplayField<TraceJourOut>[] = [
  { key: 'date', format: 'date' },
  { key: 'distance_km', format: 'number', value: (j) => Math.round(j.distance_km * 10) / 10 },
  { key: 'duree_conduite', value: (j) => formatDuration(j.duree_conduite_s) },
  { key: 'arrets', format: 'number' },
  { key: 'premiere_heure', value: (j) => hhmm(j.premiere_heure) },
  { key: 'derniere_heure', value: (j) => hhmm(j.derniere_heure) },
  // The badges the tracker read (driverUniqueId): who drove that day.
  { key: 'conducteurs', value: (j) => (j.conducteurs.length ? j.conducteurs.join(', ') : null) },
];

const DAY = 'YYYY-MM-DD';
const dayFmt = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Libreville' });
/** An instant's calendar day in Libreville, `YYYY-MM-DD`. */
const gabonDay = (iso: string) => dayFmt.format(new Date(iso));

/** Every device of the company, for the picker (no polling: the map does that). */
function useAppareilsTous() {
  return useQuery({
    queryKey: [...appareils.keys.all, 'tous'],
    queryFn: ({ signal }) => appareils.fetchAll({}, { signal }),
  });
}

/**
 * Historique des trajets: a device and a day range (Libreville days, at most 31); its track with the stops
 * of more than 5 minutes, a replay (play/pause, slider, speed), and the distance and driving time of each
 * day, then its trips and stops (TrajetsSection), each exported as CSV or Excel. The choice is kept in the address (`?appareil=3&du=…&au=…`).
 */
export default function HistoriquePage() {
  const isMobile = useIsMobile();
  const [params, setParams] = useSearchParams();
  const devices = useAppareilsTous();
  const today = nowInGabon().format(DAY);
  const chosen = Number(params.get('appareil')) || devices.data?.[0]?.id || null;
  const device = devices.data?.find((d) => d.id === chosen);
  // Without a chosen day: the device's last day on the road (today when it never reported).
  const lastDay = device?.derniere_position ? gabonDay(device.derniere_position.heure) : today;
  const du = params.get('du') ?? lastDay;
  const au = params.get('au') ?? du;
  const trace = useTrace(chosen, du, au);
  const points = useMemo(() => trace.data?.points ?? [], [trace.data]);
  const replay = useReplay(points);
  const set = (patch: Record<string, string>) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      for (const [k, v] of Object.entries(patch)) next.set(k, v);
      return next;
    });

  const jours = trace.data?.jours ?? [];
  const mapHeight = isMobile ? '55vh' : 'max(420px, calc(100vh - 420px))';

  if (devices.data && devices.data.length === 0)
    return <Empty description="Aucun appareil : ajoutez-en un dans l'onglet Appareils." />;

  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 12 }}>
      <Space
        wrap
        style={isMobile ? { display: 'flex', flexDirection: 'column', alignItems: 'stretch' } : undefined}
      >
        <Select
          aria-label="Appareil"
          style={{ width: isMobile ? '100%' : 280 }}
          showSearch
          optionFilterProp="label"
          loading={devices.isLoading}
          value={chosen ?? undefined}
          placeholder="Appareil"
          onChange={(v) => set({ appareil: String(v) })}
          options={(devices.data ?? []).map((d) => ({
            value: d.id,
            label: d.vehicule ? `${d.nom} (${d.vehicule.plaque})` : d.nom,
          }))}
        />
        <DatePicker.RangePicker
          aria-label="Période"
          format="DD/MM/YYYY"
          allowClear={false}
          style={isMobile ? { width: '100%' } : undefined}
          value={[dayjs(du), dayjs(au)]}
          disabledDate={(d) => d.format(DAY) > today}
          onChange={(v) => {
            if (v?.[0] && v[1]) set({ du: v[0].format(DAY), au: v[1].format(DAY) });
          }}
        />
      </Space>

      {trace.isError && <Alert type="warning" showIcon message="Le trajet n'a pas pu être chargé." />}

      <div style={{ position: 'relative' }}>
        <TrackMap trace={trace.data} index={replay.index} height={mapHeight} />
        {trace.isFetching && (
          <Spin
            style={{ position: 'absolute', top: 12, left: '50%', zIndex: 900 }}
            aria-label="Chargement du trajet"
          />
        )}
      </div>

      <section
        aria-label="Relecture du trajet"
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 12,
          flexWrap: 'wrap',
          background: '#fff',
          padding: '8px 12px',
          borderRadius: 8,
        }}
      >
        <Button
          type="primary"
          shape="circle"
          size="large"
          disabled={points.length < 2}
          aria-label={replay.playing ? 'Pause' : 'Lecture'}
          icon={replay.playing ? <PauseOutlined aria-hidden /> : <CaretRightOutlined aria-hidden />}
          onClick={replay.toggle}
        />
        <Slider
          style={{ flex: 1, minWidth: 180 }}
          min={0}
          max={Math.max(0, points.length - 1)}
          value={replay.index}
          disabled={points.length < 2}
          onChange={(v) => replay.seek(v)}
          tooltip={{ formatter: (v) => (v !== undefined && points[v] ? formatFix(points[v].heure) : '') }}
          aria-label="Position de la relecture"
        />
        <Select
          aria-label="Vitesse de relecture"
          value={replay.speed}
          onChange={replay.setSpeed}
          style={{ width: 96 }}
          options={REPLAY_SPEEDS.map((s) => ({ value: s, label: `× ${s}` }))}
        />
        <Typography.Text role="status" aria-label="Point rejoué" style={{ minWidth: 220 }}>
          {replay.point
            ? `${formatFix(replay.point.heure)} · ${formatSpeed(replay.point.vitesse)}`
            : trace.data
              ? 'Aucune position sur cette période'
              : ''}
        </Typography.Text>
      </section>

      <ReportSection
        label="Résumé par jour"
        title={
          trace.data
            ? `${formatKm(trace.data.distance_km * 1000)} parcourus, ${formatDuration(trace.data.duree_conduite_s)} de conduite, ${trace.data.arrets.length} arrêt${trace.data.arrets.length > 1 ? 's' : ''} de plus de ${GPS.arretMinutes} min`
            : 'Résumé par jour'
        }
        actions={
          <RowsExportButton
            rows={jours}
            fields={JOUR_FIELDS}
            labels={JOUR_LABELS}
            name={`Trajets ${device?.nom ?? ''} ${du} ${au}`.trim()}
            disabled={!jours.length}
          />
        }
      >
        <Table<TraceJourOut>
          size="small"
          rowKey="date"
          pagination={false}
          loading={trace.isLoading && chosen !== null}
          dataSource={jours}
          scroll={{ x: 'max-content' }}
          columns={[
            {
              title: JOUR_LABELS.date,
              dataIndex: 'date',
              render: (d: string) => dayjs(d).format('DD/MM/YYYY'),
            },
            {
              title: 'Distance',
              dataIndex: 'distance_km',
              align: 'right',
              render: (km: number) => formatKm(km * 1000),
            },
            {
              title: JOUR_LABELS.duree_conduite,
              dataIndex: 'duree_conduite_s',
              align: 'right',
              render: formatDuration,
            },
            { title: JOUR_LABELS.arrets, dataIndex: 'arrets', align: 'right' },
            {
              title: JOUR_LABELS.premiere_heure,
              dataIndex: 'premiere_heure',
              render: (h: string | null) => hhmm(h) ?? '—',
            },
            {
              title: JOUR_LABELS.derniere_heure,
              dataIndex: 'derniere_heure',
              render: (h: string | null) => hhmm(h) ?? '—',
            },
          ]}
        />
      </ReportSection>

      <TrajetsSection appareil={chosen} du={du} au={au} nom={device?.nom ?? ''} />
    </div>
  );
}
