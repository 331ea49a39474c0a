import { CaretRightOutlined, PauseOutlined } from '@ant-design/icons';
import type { TraceOut } from '@yams/shared';
import { Button, Select, Slider, Spin, Typography } from 'antd';
import { useMemo } from 'react';
import { useIsMobile } from '../../components/useIsMobile';
import { formatFix, formatSpeed } from './format';
import { TrackMap } from './TrackMap';
import { REPLAY_SPEEDS, useReplay } from './useReplay';

/**
 * The history's map: the track with its stops of more than 5 minutes, and its replay (play/pause, a slider
 * over the positions, the speed, the replayed point's time and speed).
 */
export function TraceReplay({ trace, fetching }: { trace: TraceOut | undefined; fetching: boolean }) {
  const isMobile = useIsMobile();
  const points = useMemo(() => trace?.points ?? [], [trace]);
  const replay = useReplay(points);
  const mapHeight = isMobile ? '55vh' : 'max(420px, calc(100vh - 460px))';
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 12 }}>
      <div style={{ position: 'relative' }}>
        <TrackMap trace={trace} index={replay.index} height={mapHeight} />
        {fetching && (
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
            : trace
              ? 'Aucune position sur cette période'
              : ''}
        </Typography.Text>
      </section>
    </div>
  );
}
