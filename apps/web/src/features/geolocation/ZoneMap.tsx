import { MAP } from '@yams/shared';
import { latLngBounds } from 'leaflet';
import { useEffect, useRef } from 'react';
import { Circle, CircleMarker, Polygon, Tooltip, useMap, useMapEvents } from 'react-leaflet';
import { BaseMap } from '../../components/map/BaseMap';

/** A zone as drawn: a circle (centre, radius) or a polygon (vertices). */
export interface ZoneDessin {
  nom: string;
  type: 'cercle' | 'polygone';
  latitude?: number | null;
  longitude?: number | null;
  rayon_m?: number | null;
  points?: [number, number][] | null;
}

/** Frames the zones drawn (a circle by its radius); `once`: the first time only (while drawing). */
function Cadre({ zones, once }: { zones: ZoneDessin[]; once: boolean }) {
  const map = useMap();
  const done = useRef(false);
  const key = JSON.stringify(zones);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the zones are compared by their JSON
  useEffect(() => {
    const points: [number, number][] = [];
    for (const z of zones) {
      if (z.type === 'polygone') points.push(...(z.points ?? []));
      else if (z.latitude != null && z.longitude != null) {
        const d = (z.rayon_m ?? 100) / 111_195;
        points.push([z.latitude - d, z.longitude - d], [z.latitude + d, z.longitude + d]);
      }
    }
    if (points.length === 0 || (once && done.current)) return;
    done.current = true;
    map.fitBounds(latLngBounds(points), { padding: [16, 16], maxZoom: 17 });
  }, [key, map]);
  return null;
}

/** A click on the map: the form's drawing (a circle's centre, a polygon's next vertex). */
function Clic({ onClick }: { onClick: (lat: number, lng: number) => void }) {
  useMapEvents({
    click: (e) => onClick(Number(e.latlng.lat.toFixed(6)), Number(e.latlng.lng.toFixed(6))),
  });
  return null;
}

/**
 * The zones on a small map (the list's, the detail's, the form's preview): Leaflet, loaded on demand. With
 * `onClick` the form draws on it: the view is framed once (a zone being edited), then left where the user
 * put it, and the polygon's vertices show as dots.
 */
export default function ZoneMap({
  zones,
  height = 260,
  label,
  onClick,
}: {
  zones: ZoneDessin[];
  height?: number;
  label: string;
  onClick?: (lat: number, lng: number) => void;
}) {
  const style = { color: '#0b5cab', fillColor: '#1677ff', fillOpacity: 0.2, weight: 2 };
  // Several zones (the list's map): their names stay shown, a zone of 300 m being a dot at a region's zoom.
  const nommees = zones.length > 1;
  return (
    <BaseMap
      label={label}
      center={[MAP.geolocation.lat, MAP.geolocation.lng]}
      zoom={MAP.geolocation.zoom}
      height={height}
    >
      <Cadre zones={zones} once={Boolean(onClick)} />
      {onClick && <Clic onClick={onClick} />}
      {onClick &&
        zones.flatMap((z) =>
          z.type === 'polygone'
            ? (z.points ?? []).map((p) => (
                <CircleMarker key={`${z.nom}-${p.join(',')}`} center={p} radius={4} pathOptions={style} />
              ))
            : [],
        )}
      {zones.map((z) =>
        z.type === 'polygone'
          ? (z.points?.length ?? 0) >= 3 && (
              <Polygon key={z.nom} positions={z.points!} pathOptions={style}>
                <Tooltip permanent={nommees}>{z.nom}</Tooltip>
              </Polygon>
            )
          : z.latitude != null &&
            z.longitude != null &&
            (z.rayon_m ?? 0) > 0 && (
              <Circle key={z.nom} center={[z.latitude, z.longitude]} radius={z.rayon_m!} pathOptions={style}>
                <Tooltip permanent={nommees}>{z.nom}</Tooltip>
              </Circle>
            ),
      )}
    </BaseMap>
  );
}
