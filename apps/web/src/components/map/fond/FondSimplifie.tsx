import type { FeatureCollection } from 'geojson';
import { CircleMarker, GeoJSON, Pane, Tooltip } from 'react-leaflet';
import pays from './pays.json';
import { VILLES_FOND } from './villes';

// The background drawn when the tile servers cannot be reached (often on a Gabonese link, always on a
// machine without internet): Gabon and its neighbours (Natural Earth 1:10 m, scripts/fond-de-carte.mjs)
// over a sea-coloured map, and the main towns. Loaded only then (its own chunk, ~20 KB compressed). The
// screen's own layers (zones, addresses, vehicles, tracks) are drawn above it as usual.

const PAYS = pays as FeatureCollection;

export default function FondSimplifie() {
  return (
    <>
      <Pays />
      <Villes />
    </>
  );
}

function Pays() {
  return (
    <Pane name="fond-simplifie" style={{ zIndex: 150 }}>
      <GeoJSON
        data={PAYS}
        interactive={false}
        style={(f) =>
          f?.properties?.gabon
            ? {
                className: 'yams-fond-gabon',
                color: '#7a6a4f',
                weight: 1.5,
                fillColor: '#f4efe2',
                fillOpacity: 1,
              }
            : {
                className: 'yams-fond-voisin',
                color: '#9a9a9a',
                weight: 1,
                fillColor: '#e4e4e0',
                fillOpacity: 1,
              }
        }
      />
    </Pane>
  );
}

/** The towns and their names: a pane above the countries' shapes (which would hide the names), below the screen's layers. */
function Villes() {
  return (
    <Pane name="fond-simplifie-villes" style={{ zIndex: 160 }}>
      {VILLES_FOND.map((v) => (
        <CircleMarker
          key={v.nom}
          center={[v.lat, v.lng]}
          radius={v.province ? 4 : 3}
          interactive={false}
          pathOptions={{
            color: '#5b4a32',
            weight: 1,
            fillColor: v.province ? '#5b4a32' : '#ffffff',
            fillOpacity: 1,
          }}
        >
          <Tooltip
            permanent
            direction="right"
            offset={[4, 0]}
            className={v.province ? 'yams-fond-ville' : 'yams-fond-ville yams-fond-ville--petite'}
          >
            {v.nom}
          </Tooltip>
        </CircleMarker>
      ))}
    </Pane>
  );
}
