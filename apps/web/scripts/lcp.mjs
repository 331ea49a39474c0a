// Weight and LCP of a page under a mobile-4G-like connection, in Debian's Chromium (CDP throttling).
// Usage: node apps/web/scripts/lcp.mjs [url=http://127.0.0.1:3000/se-connecter] [runs=5]
// Prints the JS bytes on the wire (as sent, so compressed when the server compresses), the raw JS
// bytes, the scripts loaded, and the median LCP of `runs` cold loads (empty cache each time).
import { chromium } from '@playwright/test';

const url = process.argv[2] ?? 'http://127.0.0.1:3000/se-connecter';
const runs = Number(process.argv[3] ?? 5);
// "Fast 4G"-like: 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up; a mid-range phone is ~4× slower than this CPU.
const NETWORK = { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 94_000 };
const CPU_RATE = Number(process.env.CPU_RATE ?? 4);

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

const lcps = [];
let scripts = [];
for (let i = 0; i < runs; i++) {
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
  await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
  await page.waitForTimeout(500);
  lcps.push(
    await page.evaluate(
      () =>
        new Promise((resolve) => {
          new PerformanceObserver((list) => resolve(list.getEntries().at(-1).startTime)).observe({
            type: 'largest-contentful-paint',
            buffered: true,
          });
          setTimeout(() => resolve(Number.NaN), 3000);
        }),
    ),
  );
  scripts = [...responses.values()];
  await context.close();
}
await browser.close();

lcps.sort((a, b) => a - b);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const wire = scripts.reduce((s, r) => s + r.wire, 0);
const raw = scripts.reduce((s, r) => s + r.raw, 0);
for (const r of scripts.sort((a, b) => b.wire - a.wire)) {
  console.log(
    `  ${kb(r.wire).padStart(10)} sur le fil, ${kb(r.raw).padStart(10)} brut  ${r.url.replace(/^.*\//, '')}`,
  );
}
console.log(`${url}: ${scripts.length} scripts, JS ${kb(wire)} sur le fil (${kb(raw)} brut)`);
console.log(
  `LCP médian ${Math.round(lcps[Math.floor(lcps.length / 2)])} ms (min ${Math.round(lcps[0])}, max ${Math.round(lcps.at(-1))}) sur ${runs} chargements, réseau 150 ms / 1,6 Mbit/s, CPU ÷${CPU_RATE}`,
);
