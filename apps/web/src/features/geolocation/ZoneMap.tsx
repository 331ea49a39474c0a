import { MAP } from '@yams/shared';
import { latLngBounds } from 'leaflet';
import { useEffect } from 'react';
import { Circle, Polygon, Tooltip, useMap } from 'react-leaflet';
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

/** Frames the zones drawn (a circle by its radius). */
function Cadre({ zones }: { zones: ZoneDessin[] }) {
  const map = useMap();
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
    if (points.length > 0) map.fitBounds(latLngBounds(points), { padding: [16, 16], maxZoom: 17 });
  }, [key, map]);
  return null;
}

/** The zones on a small map (a preview in the form, the detail's map): Leaflet, loaded on demand. */
export default function ZoneMap({
  zones,
  height = 260,
  label,
}: {
  zones: ZoneDessin[];
  height?: number;
  label: string;
}) {
  const style = { color: '#0b5cab', fillColor: '#1677ff', fillOpacity: 0.2, weight: 2 };
  return (
    <BaseMap
      label={label}
      center={[MAP.geolocation.lat, MAP.geolocation.lng]}
      zoom={MAP.geolocation.zoom}
      height={height}
    >
      <Cadre zones={zones} />
      {zones.map((z) =>
        z.type === 'polygone'
          ? (z.points?.length ?? 0) >= 3 && (
              <Polygon key={z.nom} positions={z.points!} pathOptions={style}>
                <Tooltip>{z.nom}</Tooltip>
              </Polygon>
            )
          : z.latitude != null &&
            z.longitude != null &&
            (z.rayon_m ?? 0) > 0 && (
              <Circle key={z.nom} center={[z.latitude, z.longitude]} radius={z.rayon_m!} pathOptions={style}>
                <Tooltip>{z.nom}</Tooltip>
              </Circle>
            ),
      )}
    </BaseMap>
  );
}
