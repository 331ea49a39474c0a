/// <reference types="leaflet.markercluster" />
import L, { type MarkerCluster } from 'leaflet';

/**
 * Device markers drawn in CSS (components/map/map.css), no image file: blue when the device is online,
 * grey otherwise. Clusters are blue when one of their devices is online.
 */
const pin = (online: boolean) =>
  L.divIcon({
    className: `yams-device yams-device--${online ? 'online' : 'offline'}`,
    html: `<div class="yams-pin yams-pin--${online ? 'online' : 'offline'}"></div>`,
    iconSize: [26, 26],
    iconAnchor: [13, 31],
    popupAnchor: [0, -28],
  });

const ONLINE = pin(true);
const OFFLINE = pin(false);

export const deviceIcon = (online: boolean) => (online ? ONLINE : OFFLINE);

export function clusterIcon(cluster: MarkerCluster) {
  const count = cluster.getChildCount();
  const online = cluster.getAllChildMarkers().some((m) => m.options.icon === ONLINE);
  const size = count < 10 ? 36 : count < 100 ? 42 : 50;
  return L.divIcon({
    className: '',
    html: `<div class="yams-cluster yams-cluster--${online ? 'online' : 'offline'}" style="width:${size}px;height:${size}px" title="${count} appareils">${count}</div>`,
    iconSize: [size, size],
  });
}
