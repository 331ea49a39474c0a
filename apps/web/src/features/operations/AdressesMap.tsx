import { ADRESSE_MAP, type AdresseOut } from '@yams/shared';
import type { Map as LeafletMap } from 'leaflet';
import { useEffect } from 'react';
import { CircleMarker, Tooltip, useMap, useMapEvents } from 'react-leaflet';
import { BaseMap } from '../../components/map/BaseMap';

export interface LatLng {
  lat: number;
  lng: number;
}

function ClickToPlace({ onPlace }: { onPlace: (p: LatLng) => void }) {
  useMapEvents({ click: (e) => onPlace({ lat: e.latlng.lat, lng: e.latlng.lng }) });
  return null;
}

function Focus({ target, onReady }: { target: LatLng | null; onReady?: (m: LeafletMap) => void }) {
  const map = useMap();
  useEffect(() => onReady?.(map), [map, onReady]);
  useEffect(() => {
    if (target) map.setView([target.lat, target.lng], ADRESSE_MAP.focusZoom);
  }, [map, target]);
  return null;
}

/**
 * The address map (the specification): Libreville, zoom 13, 600 px high. A click places the marker. The
 * markers are drawn by Leaflet itself (no image files) and the map works without tiles (no network).
 */
export function AdressesMap({
  adresses,
  position,
  focus,
  onPlace,
  onSelect,
  height = ADRESSE_MAP.height,
  label = 'Carte des adresses',
}: {
  adresses: AdresseOut[];
  position: LatLng | null;
  focus: LatLng | null;
  onPlace: (p: LatLng) => void;
  onSelect: (a: AdresseOut) => void;
  /** Default: the addresses screen's 600 px; a form's point picker uses a smaller map. */
  height?: number;
  label?: string;
}) {
  return (
    <BaseMap
      label={label}
      center={[ADRESSE_MAP.lat, ADRESSE_MAP.lng]}
      zoom={ADRESSE_MAP.zoom}
      maxZoom={ADRESSE_MAP.maxZoom}
      height={height}
    >
      <ClickToPlace onPlace={onPlace} />
      <Focus target={focus} />
      {adresses.map((a) => (
        <CircleMarker
          key={a.id}
          center={[a.latitude, a.longitude]}
          radius={8}
          pathOptions={{ color: '#0b5cab', fillColor: '#1677ff', fillOpacity: 0.8 }}
          eventHandlers={{ click: () => onSelect(a) }}
        >
          <Tooltip>{a.libelle}</Tooltip>
        </CircleMarker>
      ))}
      {position && (
        <CircleMarker
          center={[position.lat, position.lng]}
          radius={10}
          pathOptions={{ color: '#a8071a', fillColor: '#f5222d', fillOpacity: 0.9 }}
        >
          <Tooltip permanent direction="top">
            Position choisie
          </Tooltip>
        </CircleMarker>
      )}
    </BaseMap>
  );
}
