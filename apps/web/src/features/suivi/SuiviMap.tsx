import { ADRESSE_MAP } from '@yams/shared';
import { latLngBounds } from 'leaflet';
import { useEffect, useRef } from 'react';
import { CircleMarker, Polyline, Tooltip, useMap } from 'react-leaflet';
import { BaseMap } from '../../components/map/BaseMap';

export interface Repere {
  key: string;
  lat: number;
  lng: number;
  label: string;
  color: string;
  radius?: number;
}

/** Frames every point once (then the reader may pan and zoom; a new position does not reframe). */
function Cadre({ points }: { points: Array<[number, number]> }) {
  const map = useMap();
  const done = useRef(false);
  useEffect(() => {
    if (done.current || points.length === 0) return;
    done.current = true;
    if (points.length === 1) map.setView(points[0]!, 14);
    else map.fitBounds(latLngBounds(points), { padding: [32, 32], maxZoom: 15 });
  }, [map, points]);
  return null;
}

/**
 * A course's route on a map: pickup, destination, the vehicle (drawn by Leaflet itself, no image files) and
 * its recent track. Works without tiles (no network): the markers and the track still show.
 */
export function SuiviMap({ reperes, trace }: { reperes: Repere[]; trace: Array<[number, number]> }) {
  const all: Array<[number, number]> = [...reperes.map((r): [number, number] => [r.lat, r.lng]), ...trace];
  return (
    <BaseMap
      label="Carte du suivi"
      center={[ADRESSE_MAP.lat, ADRESSE_MAP.lng]}
      zoom={7}
      maxZoom={ADRESSE_MAP.maxZoom}
      height="100%"
    >
      <Cadre points={all} />
      {trace.length > 1 && (
        <Polyline positions={trace} pathOptions={{ color: '#1677ff', weight: 4, opacity: 0.7 }} />
      )}
      {reperes.map((r) => (
        <CircleMarker
          key={r.key}
          center={[r.lat, r.lng]}
          radius={r.radius ?? 9}
          pathOptions={{ color: '#fff', weight: 2, fillColor: r.color, fillOpacity: 0.95 }}
        >
          <Tooltip permanent={r.key === 'vehicule'} direction="top">
            {r.label}
          </Tooltip>
        </CircleMarker>
      ))}
    </BaseMap>
  );
}
