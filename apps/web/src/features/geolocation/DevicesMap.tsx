/// <reference types="leaflet.markercluster" />
import 'react-leaflet-cluster/dist/assets/MarkerCluster.css';
import { MAP } from '@yams/shared';
import type L from 'leaflet';
import type { Marker as LeafletMarker } from 'leaflet';
import { useEffect, useRef } from 'react';
import { Marker, Polyline, Popup, useMap } from 'react-leaflet';
import MarkerClusterGroup from 'react-leaflet-cluster';
import { BaseMap } from '../../components/map/BaseMap';
import { ALL_LAYERS } from '../../components/map/tiles';
import { DevicePopup } from './DevicePopup';
import { clusterIcon, deviceIcon } from './deviceIcons';
import type { MapDevice } from './mapDevice';

/** A request to fly to a device; `nonce` makes a second click on the same device fly again. */
export interface FlyTarget {
  id: number;
  nonce: number;
}

const ONLINE_COLOR = '#1677ff';
const OFFLINE_COLOR = '#8c8c8c';

/** Flies to the device at zoom 13 and opens its popup once it stands alone (out of its cluster). */
function FlyTo({
  target,
  devices,
  markers,
  cluster,
}: {
  target: FlyTarget | null;
  devices: MapDevice[];
  markers: React.RefObject<Map<number, LeafletMarker>>;
  cluster: React.RefObject<L.MarkerClusterGroup | null>;
}) {
  const map = useMap();
  const devicesRef = useRef(devices);
  devicesRef.current = devices;
  useEffect(() => {
    if (!target) return;
    const device = devicesRef.current.find((d) => d.id === target.id);
    if (!device?.position) return;
    const openPopup = () => {
      const marker = markers.current.get(target.id);
      if (!marker) return;
      const group = cluster.current;
      if (group && group.getVisibleParent(marker) !== marker)
        group.zoomToShowLayer(marker, () => marker.openPopup());
      else marker.openPopup();
    };
    map.once('moveend', openPopup);
    map.flyTo(device.position, MAP.geolocation.flyToZoom, { duration: 0.8 });
    return () => {
      map.off('moveend', openPopup);
    };
  }, [map, target, markers, cluster]);
  return null;
}

/**
 * The live map of the company's devices: street / humanitarian / satellite layers, 'Basculer en plein
 * écran', clustered markers (blue online, grey otherwise) with their popup, and one track per device.
 */
export function DevicesMap({
  devices,
  flyTo,
  height,
}: {
  devices: MapDevice[];
  flyTo: FlyTarget | null;
  height: number | string;
}) {
  const markers = useRef(new Map<number, LeafletMarker>());
  const cluster = useRef<L.MarkerClusterGroup | null>(null);
  // A cluster's colour depends on its devices' statut: redrawn when one changes.
  const statuts = devices.map((d) => `${d.id}:${d.online}`).join();
  useEffect(() => {
    if (statuts) cluster.current?.refreshClusters();
  }, [statuts]);
  return (
    <BaseMap
      label="Carte des appareils"
      center={[MAP.geolocation.lat, MAP.geolocation.lng]}
      zoom={MAP.geolocation.zoom}
      layers={ALL_LAYERS}
      height={height}
      fullscreen
    >
      {devices.map((d) =>
        d.track.length > 1 ? (
          <Polyline
            key={`track-${d.id}`}
            positions={d.track}
            className="yams-track"
            pathOptions={{
              color: d.online ? ONLINE_COLOR : OFFLINE_COLOR,
              weight: 3,
              opacity: 0.75,
            }}
          />
        ) : null,
      )}
      <MarkerClusterGroup
        ref={cluster}
        chunkedLoading
        showCoverageOnHover={false}
        maxClusterRadius={50}
        iconCreateFunction={clusterIcon}
      >
        {devices.map((d) =>
          d.position ? (
            <Marker
              key={d.id}
              position={d.position}
              icon={deviceIcon(d.online)}
              title={d.nom}
              ref={(m) => {
                if (m) markers.current.set(d.id, m);
                else markers.current.delete(d.id);
              }}
            >
              <Popup autoPanPaddingTopLeft={[50, 12]} autoPanPaddingBottomRight={[60, 12]}>
                <DevicePopup device={d} />
              </Popup>
            </Marker>
          ) : null,
        )}
      </MarkerClusterGroup>
      <FlyTo target={flyTo} devices={devices} markers={markers} cluster={cluster} />
    </BaseMap>
  );
}
