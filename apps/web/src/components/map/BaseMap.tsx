import 'leaflet/dist/leaflet.css';
import './map.css';
import { type CSSProperties, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { LayersControl, MapContainer, TileLayer, useMap } from 'react-leaflet';
import { FullscreenControl } from './FullscreenControl';
import { STREET, type TileSource } from './tiles';

export const NO_TILES_NOTICE =
  'Fond de carte simplifié : les serveurs de cartes sont injoignables (pas de réseau).';

/** Gabon, its neighbours and towns, drawn when no tile could be loaded: loaded only then. */
const FondSimplifie = lazy(() => import('./fond/FondSimplifie'));

interface Props {
  /** The accessible name of the map (`role="application"`). */
  label: string;
  center: [number, number];
  zoom: number;
  maxZoom?: number;
  /** One layer: shown alone; several: a layer control, the first one shown. */
  layers?: TileSource[];
  height: number | string;
  fullscreen?: boolean;
  style?: CSSProperties;
  /** Markers, tracks, handlers: anything react-leaflet draws inside the map. */
  children?: ReactNode;
}

/** Watches the tiles: when none could be loaded (no network to the tile servers) a small notice says so. */
function useTileHealth() {
  const [state, setState] = useState({ loaded: 0, failed: 0 });
  const handlers = {
    tileload: () => setState((s) => (s.loaded ? s : { ...s, loaded: 1 })),
    tileerror: () => setState((s) => (s.failed ? s : { ...s, failed: 1 })),
  };
  return { unavailable: state.failed > 0 && state.loaded === 0, handlers };
}

/** The zoom level as `data-zoom` on the map's box: what a browser test (or a screen reader script) reads. */
function ZoomAttribute() {
  const map = useMap();
  useEffect(() => {
    const box = map.getContainer().closest('.yams-map') as HTMLElement | null;
    const write = () => box?.setAttribute('data-zoom', String(map.getZoom()));
    write();
    map.on('zoomend', write);
    return () => {
      map.off('zoomend', write);
    };
  }, [map]);
  return null;
}

/**
 * The one map base of the product: Leaflet with our background layers (`tiles.ts`), a layer control when
 * there are several, an optional 'Basculer en plein écran' button, and a simplified background (Gabon, its
 * neighbours, the main towns: `fond/`) when the tile servers cannot be reached (the map, its markers and
 * controls keep working; a notice says why the background is plain). Screens put their markers and tracks inside as children.
 */
export function BaseMap({
  label,
  center,
  zoom,
  maxZoom = 19,
  layers = [STREET],
  height,
  fullscreen = false,
  style,
  children,
}: Props) {
  const tiles = useTileHealth();
  const tile = (source: TileSource) => (
    <TileLayer
      url={source.url}
      attribution={source.attribution}
      subdomains={source.subdomains ?? 'abc'}
      maxZoom={maxZoom}
      maxNativeZoom={source.maxNativeZoom}
      eventHandlers={tiles.handlers}
    />
  );
  return (
    <div style={{ height, ...style }}>
      <div className="yams-map" role="application" aria-label={label}>
        <MapContainer center={center} zoom={zoom} maxZoom={maxZoom} style={{ height: '100%', width: '100%' }}>
          {layers.length === 1 ? (
            tile(layers[0]!)
          ) : (
            <LayersControl position="topright">
              {layers.map((source, i) => (
                <LayersControl.BaseLayer key={source.key} name={source.name} checked={i === 0}>
                  {tile(source)}
                </LayersControl.BaseLayer>
              ))}
            </LayersControl>
          )}
          {fullscreen && <FullscreenControl />}
          <ZoomAttribute />
          {tiles.unavailable && (
            <Suspense fallback={null}>
              <FondSimplifie />
            </Suspense>
          )}
          {children}
        </MapContainer>
        {tiles.unavailable && (
          <div className="yams-map-notice" role="status">
            {NO_TILES_NOTICE}
          </div>
        )}
      </div>
    </div>
  );
}
