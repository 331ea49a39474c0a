// Weight and LCP of a page under a mobile-4G-like connection, in Debian's Chromium (CDP throttling).
// Usage: node apps/web/scripts/lcp.mjs [url=http://127.0.0.1:3000/se-connecter] [runs=5] [--bare] [--3g]
// Prints the JS bytes on the wire (as sent, so compressed when the server compresses), the raw JS
// bytes, the scripts loaded, and the median LCP of `runs` cold loads (empty cache each time).
// --bare also builds the bare page (scripts/bare: one React component, the same Vite), serves it
// brotli-compressed as the app serves its files, and alternates loads of both in the same run: the
// target ratios (sign-in JS ≤ 2.5 × the bare page's, LCP ≤ 1.5 × its LCP).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const url = positional[0] ?? 'http://127.0.0.1:3000/se-connecter';
const runs = Number(positional[1] ?? 5);
const withBare = process.argv.includes('--bare');
// "Fast 4G"-like: 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up; a mid-range phone is ~4× slower than this CPU.
// --3g: Chrome DevTools' "Fast 3G" (562.5 ms RTT, 1.44 Mbit/s down, 675 kbit/s up), the driver app's bench
// (LCP of /chauffeur on a phone on the road: 3 s at most).
const TROIS_G = process.argv.includes('--3g');
const NETWORK = TROIS_G
  ? { offline: false, latency: 562.5, downloadThroughput: 180_000, uploadThroughput: 84_375 }
  : { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 94_000 };
const RESEAU = TROIS_G ? '3G : 562 ms / 1,44 Mbit/s' : '150 ms / 1,6 Mbit/s';
const CPU_RATE = Number(process.env.CPU_RATE ?? 4);

/** Builds scripts/bare and serves it on 127.0.0.1 (brotli when asked, like @fastify/static's preCompressed). */
async function serveBare() {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yams-bare-'));
  await build({
    root: path.join(import.meta.dirname, 'bare'),
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  });
  // Compressed once, as the app's build does (scripts/compress.mjs), not on each request.
  const cache = new Map();
  const compressed = (file) => {
    if (!cache.has(file)) {
      const raw = fs.readFileSync(file);
      const br =
        raw.length >= 1024
          ? zlib.brotliCompressSync(raw, {
              params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
            })
          : null;
      cache.set(file, { raw, br });
    }
    return cache.get(file);
  };
  const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css' };
  const server = http.createServer((req, res) => {
    const name = req.url === '/' ? '/index.html' : (req.url ?? '/').split('?')[0];
    const file = path.join(outDir, path.normalize(name));
    if (!file.startsWith(outDir) || !fs.existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    const headers = { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' };
    const { raw, br } = compressed(file);
    if (br && /\bbr\b/.test(req.headers['accept-encoding'] ?? '')) headers['content-encoding'] = 'br';
    res.writeHead(200, headers).end(headers['content-encoding'] ? br : raw);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() };
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
});

/** One cold load: its LCP and the scripts it fetched. */
async function load(target) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
  const responses = new Map();
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script') responses.set(e.requestId, { url: e.response.url, wire: 0, raw: 0 });
  });
  cdp.on('Network.dataReceived', (e) => {
    const r = responses.get(e.requestId);
    if (r) r.raw += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = responses.get(e.requestId);
    if (r) r.wire = e.encodedDataLength;
  });
  await page.goto(target, { waitUntil: 'networkidle', timeout: 120_000 });
  await page.waitForTimeout(500);
  const lcp = await page.evaluate(
    () =>
      new Promise((resolve) => {
        new PerformanceObserver((list) => resolve(list.getEntries().at(-1).startTime)).observe({
          type: 'largest-contentful-paint',
          buffered: true,
        });
        setTimeout(() => resolve(Number.NaN), 3000);
      }),
  );
  await context.close();
  return { lcp, scripts: [...responses.values()] };
}

const bare = withBare ? await serveBare() : null;
const targets = bare ? [url, bare.url] : [url];
const results = new Map(targets.map((t) => [t, { lcps: [], scripts: [] }]));
for (let i = 0; i < runs; i++) {
  for (const target of targets) {
    const { lcp, scripts } = await load(target);
    results.get(target).lcps.push(lcp);
    results.get(target).scripts = scripts;
  }
}
await browser.close();
bare?.close();

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const summary = [];
for (const [target, { lcps, scripts }] of results) {
  const wire = scripts.reduce((s, r) => s + r.wire, 0);
  const raw = scripts.reduce((s, r) => s + r.raw, 0);
  for (const r of scripts.sort((a, b) => b.wire - a.wire)) {
    console.log(
      `  ${kb(r.wire).padStart(10)} sur le fil, ${kb(r.raw).padStart(10)} brut  ${r.url.replace(/^.*\//, '')}`,
    );
  }
  const sorted = [...lcps].sort((a, b) => a - b);
  console.log(`${target}: ${scripts.length} scripts, JS ${kb(wire)} sur le fil (${kb(raw)} brut)`);
  console.log(
    `LCP médian ${Math.round(median(lcps))} ms (min ${Math.round(sorted[0])}, max ${Math.round(sorted.at(-1))}) sur ${runs} chargements, réseau ${RESEAU}, CPU ÷${CPU_RATE}`,
  );
  summary.push({ wire, lcp: median(lcps) });
}
if (summary.length === 2) {
  const [app, nue] = summary;
  console.log(
    `Rapport à la page nue (même passe, chargements alternés) : JS sur le fil ${(app.wire / nue.wire).toFixed(2)} ×, LCP ${(app.lcp / nue.lcp).toFixed(2)} × (objectif ≤ 1,5 ×)`,
  );
}
