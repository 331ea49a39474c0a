// Size budget of the sign-in page: the gzip size of every JS file the browser needs to show /se-connecter
// (the entry, its static imports, and the login screen's chunk with its static imports), read from the
// build's manifest. Fails when it exceeds the budget, so a heavy import cannot creep back onto it.
// Run by `npm test` after the web build (and on its own: `node apps/web/scripts/size-budget.mjs`).
//
// The goal is 2.5 × a bare Vite + React 19 page (one component, react-dom/client, the same Vite): that
// page weighs 68.7 KB gzip (measured 2026-11-22 with Vite 8.3 and React 19.3), so 172 KB. Met since session 9:
// the sign-in page is built from the light controls (components/light) and carries neither antd nor zod
// (298.9 → 125.4 KB; apps/api/bench/RESULTS.md). Session 10: a signed-out visit starts on the sign-in page
// alone, without react-router and TanStack Query (main.tsx, app/Start.tsx): 119.9 → 81.1 KB. The check fails
// above LIMIT_KB, today's weight with a little slack, and the limit only goes down.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const BARE_PAGE_GZIP_KB = 68.7;
export const GOAL_KB = Math.round(BARE_PAGE_GZIP_KB * 2.5);
export const LIMIT_KB = 92;
/** The driver's app (`/chauffeur`, its own build): its first paint, at most 100 KB (a phone on a weak link). */
export const CHAUFFEUR_LIMIT_KB = 100;

const dist = path.resolve(import.meta.dirname, '../dist');
const manifestPath = path.join(dist, '.vite/manifest.json');
const chauffeurManifestPath = path.join(dist, '.vite/chauffeur-manifest.json');

/** The gzip sizes of these files of dist, largest first. */
const gzipSizes = (files) =>
  [...files]
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({
      file,
      gzip: zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length,
    }))
    .sort((a, b) => b.gzip - a.gzip);

/** The JS the driver's app runs before its first paint: its entry and the entry's static imports. */
export function chauffeurFirstPaintFiles(manifest) {
  const wanted = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || wanted.has(chunk.file)) return;
    wanted.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  const entry = Object.keys(manifest).find((k) => k.endsWith('chauffeur.html'));
  if (!entry) throw new Error('Manifeste de /chauffeur sans son entrée chauffeur.html.');
  visit(entry);
  return gzipSizes(wanted);
}

/** The files (relative to dist) the sign-in page loads before it can be used, with their gzip sizes. */
export function loginRouteFiles(manifest) {
  const wanted = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || wanted.has(chunk.file)) return;
    wanted.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  const entry =
    Object.keys(manifest).find((k) => k === 'index.html') ??
    Object.keys(manifest).find((k) => manifest[k].isEntry);
  // The sign-in page is in the entry (app/routes.ts, eagerScreen); were it lazy again, its chunk counts too.
  const login = Object.keys(manifest).find((k) => k.endsWith('features/auth/LoginPage.tsx'));
  if (!entry) throw new Error('Manifest sans entrée : la construction a changé ?');
  visit(entry);
  if (login) visit(login);
  return gzipSizes(wanted);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!fs.existsSync(manifestPath)) {
    console.error("Pas de manifeste de construction : lancez d'abord `npm run build`.");
    process.exit(1);
  }
  const files = loginRouteFiles(JSON.parse(fs.readFileSync(manifestPath, 'utf8')));
  const total = files.reduce((sum, f) => sum + f.gzip, 0) / 1024;
  for (const f of files) console.log(`${(f.gzip / 1024).toFixed(1).padStart(7)} KB  ${f.file}`);
  const verdict = total <= LIMIT_KB ? 'OK' : 'DÉPASSÉ';
  console.log(
    `/se-connecter : ${total.toFixed(1)} KB de JS gzip, limite ${LIMIT_KB} KB — ${verdict} (objectif ${GOAL_KB} KB = 2,5 × la page Vite + React nue, ${BARE_PAGE_GZIP_KB} KB)`,
  );
  let failed = total > LIMIT_KB;
  if (!fs.existsSync(chauffeurManifestPath)) {
    console.error("Pas de manifeste de /chauffeur : la construction de l'application chauffeur manque.");
    process.exit(1);
  }
  const chauffeur = chauffeurFirstPaintFiles(JSON.parse(fs.readFileSync(chauffeurManifestPath, 'utf8')));
  const chauffeurTotal = chauffeur.reduce((sum, f) => sum + f.gzip, 0) / 1024;
  for (const f of chauffeur) console.log(`${(f.gzip / 1024).toFixed(1).padStart(7)} KB  ${f.file}`);
  console.log(
    `/chauffeur : ${chauffeurTotal.toFixed(1)} KB de JS gzip au premier affichage, limite ${CHAUFFEUR_LIMIT_KB} KB — ${chauffeurTotal <= CHAUFFEUR_LIMIT_KB ? 'OK' : 'DÉPASSÉ'}`,
  );
  failed ||= chauffeurTotal > CHAUFFEUR_LIMIT_KB;
  if (failed) process.exit(1);
}
