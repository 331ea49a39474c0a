import type { TraceOut } from '@yams/shared';
import { MAP } from '@yams/shared';
import L from 'leaflet';
import { useEffect, useMemo } from 'react';
import { CircleMarker, Marker, Polyline, Tooltip, useMap } from 'react-leaflet';
import { BaseMap } from '../../components/map/BaseMap';
import { ALL_LAYERS } from '../../components/map/tiles';
import { deviceIcon } from './deviceIcons';
import { formatDuration, formatFix } from './format';

const hour = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Africa/Libreville',
  hour: '2-digit',
  minute: '2-digit',
});
const hhmm = (iso: string) => hour.format(new Date(iso));

/** Shows the whole track when it changes; keeps the replayed position in view. */
function Fit({ bounds, follow }: { bounds: L.LatLngBounds | null; follow: [number, number] | null }) {
  const map = useMap();
  useEffect(() => {
    if (bounds?.isValid()) map.fitBounds(bounds, { padding: [30, 30], maxZoom: 15 });
  }, [map, bounds]);
  useEffect(() => {
    if (follow && !map.getBounds().contains(follow)) map.panTo(follow);
  }, [map, follow]);
  return null;
}

/** A day range of one device: the track, its stops (> 5 min), start and end, and the replayed position. */
export function TrackMap({
  trace,
  index,
  height,
}: {
  trace: TraceOut | undefined;
  index: number;
  height: string | number;
}) {
  const line = useMemo(
    () => (trace?.points ?? []).map((p) => [p.latitude, p.longitude] as [number, number]),
    [trace],
  );
  const bounds = useMemo(() => (line.length ? L.latLngBounds(line) : null), [line]);
  const current = line[index] ?? null;
  return (
    <BaseMap
      label="Carte du trajet"
      center={[MAP.geolocation.lat, MAP.geolocation.lng]}
      zoom={MAP.geolocation.zoom}
      layers={ALL_LAYERS}
      height={height}
      fullscreen
    >
      <Fit bounds={bounds} follow={current} />
      {line.length > 1 && (
        <>
          <Polyline
            positions={line}
            pathOptions={{ color: '#8aa4c8', weight: 4, opacity: 0.8 }}
            className="yams-trace"
          />
          <Polyline
            positions={line.slice(0, index + 1)}
            pathOptions={{ color: '#1677ff', weight: 4, opacity: 0.95 }}
            className="yams-trace-parcouru"
          />
        </>
      )}
      {/* Drawn in this order: the track, its stops, then start and end (visible above a stop there). */}
      {(trace?.arrets ?? []).map((a) => (
        <CircleMarker
          key={a.debut}
          center={[a.latitude, a.longitude]}
          radius={9}
          pathOptions={{
            color: '#ad4e00',
            fillColor: '#fa8c16',
            fillOpacity: 0.9,
            weight: 2,
          }}
          className="yams-arret"
        >
          <Tooltip>
            Arrêt de {formatDuration(a.duree_min * 60)}, {hhmm(a.debut)} → {hhmm(a.fin)}
          </Tooltip>
        </CircleMarker>
      ))}
      {line.length > 1 && (
        <>
          <CircleMarker
            center={line[0]!}
            radius={7}
            pathOptions={{ color: '#fff', fillColor: '#52c41a', fillOpacity: 1, weight: 2 }}
          >
            <Tooltip>Départ : {formatFix(trace!.points[0]!.heure)}</Tooltip>
          </CircleMarker>
          <CircleMarker
            center={line.at(-1)!}
            radius={7}
            pathOptions={{ color: '#fff', fillColor: '#f5222d', fillOpacity: 1, weight: 2 }}
          >
            <Tooltip>Arrivée : {formatFix(trace!.points.at(-1)!.heure)}</Tooltip>
          </CircleMarker>
        </>
      )}
      {current && (
        <Marker position={current} icon={deviceIcon(true)} title="Position rejouée" zIndexOffset={1000} />
      )}
    </BaseMap>
  );
}
