// Writes apps/web/src/components/map/fond/pays.json: the outlines of Gabon and its neighbours, from Natural
// Earth's 1:10 m countries (public domain) as the `world-atlas` package ships them, coordinates rounded to
// 3 decimals (~100 m). The maps draw it when the tile servers cannot be reached (components/map/BaseMap.tsx).
// Run again after upgrading world-atlas: `node scripts/fond-de-carte.mjs`.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { feature } from 'topojson-client';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const topo = JSON.parse(fs.readFileSync(require.resolve('world-atlas/countries-10m.json'), 'utf8'));
// ISO 3166 numeric codes: Gabon, then Cameroon, Congo, Equatorial Guinea, São Tomé and Príncipe.
const PAYS = {
  266: 'Gabon',
  120: 'Cameroun',
  178: 'Congo',
  226: 'Guinée équatoriale',
  678: 'Sao Tomé-et-Principe',
};
const all = feature(topo, topo.objects.countries);
const round = (c) =>
  typeof c[0] === 'number' ? [Math.round(c[0] * 1000) / 1000, Math.round(c[1] * 1000) / 1000] : c.map(round);
const features = all.features
  .filter((f) => PAYS[Number(f.id)])
  .map((f) => ({
    type: 'Feature',
    properties: { nom: PAYS[Number(f.id)], gabon: Number(f.id) === 266 },
    geometry: { type: f.geometry.type, coordinates: round(f.geometry.coordinates) },
  }));
if (features.length !== Object.keys(PAYS).length) throw new Error('Un pays manque dans world-atlas.');
const out = path.join(root, 'apps/web/src/components/map/fond/pays.json');
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, `${JSON.stringify({ type: 'FeatureCollection', features })}\n`);
console.log(`${out} : ${features.length} pays, ${fs.statSync(out).size} octets`);
