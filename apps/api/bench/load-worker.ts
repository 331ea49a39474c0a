// The clients' side of a load line, in a worker thread: keep-alive HTTP clients on loopback, each sending
// its next request as soon as the previous one is answered, for `seconds`. Devices and browsers are not in
// the API's process; running them here keeps their work off the API's event loop, which the bench measures.
//
// A request is picked by weight among `requests`; in its path and body, `{n}` is a counter shared by the
// clients (a new fix, a new reference each time), `{ts}` is `clock + n`, `{lat}` / `{lng}` a point of a drive
// on the N1 (Ntoum → Kango) for fix n. A non-2xx answer or a network error is an error, counted per request.
import { Worker } from 'node:worker_threads';

export interface LoadRequest {
  name: string;
  weight: number;
  method: 'GET' | 'POST';
  path: string;
  /** JSON body (a template: its placeholders are replaced too). */
  body?: unknown;
  token?: string;
  /** Extra headers (an Idempotency-Key template, `{n}` replaced). */
  headers?: Record<string, string>;
}

export interface LoadResult {
  elapsed: number;
  /** Per request name: answer times (ms) and the errors' first messages. */
  byName: Record<string, { times: number[]; errors: number; samples: string[] }>;
}

const WORKER = `
const http = require('node:http');
const { performance } = require('node:perf_hooks');
const { parentPort, workerData: w } = require('node:worker_threads');
const agent = new http.Agent({ keepAlive: true, maxSockets: w.clients });
let n = w.first;
const byName = {};
for (const r of w.requests) byName[r.name] = { times: [], errors: 0, samples: [] };
const total = w.requests.reduce((s, r) => s + r.weight, 0);
const pick = () => {
  let x = Math.random() * total;
  for (const r of w.requests) if ((x -= r.weight) < 0) return r;
  return w.requests[w.requests.length - 1];
};
const fill = (text, i) => text
  .replaceAll('{n}', String(i))
  .replaceAll('{ts}', String(w.clock + i))
  .replaceAll('{lat}', (0.3889 - (i % 20000) * 0.000011).toFixed(6))
  .replaceAll('{lng}', (9.7611 + (i % 20000) * 0.000018).toFixed(6));
const send = (r) => new Promise((resolve) => {
  const i = n++;
  const body = r.body === undefined ? undefined : fill(JSON.stringify(r.body), i);
  const headers = {};
  if (r.token) headers.authorization = 'Bearer ' + r.token;
  if (body !== undefined) { headers['content-type'] = 'application/json'; headers['content-length'] = Buffer.byteLength(body); }
  for (const [k, v] of Object.entries(r.headers || {})) headers[k] = fill(v, i);
  const path = fill(r.path, i);
  const start = performance.now();
  const fail = (message) => {
    const s = byName[r.name];
    s.errors++;
    if (s.samples.length < 3) s.samples.push(message);
    resolve();
  };
  const req = http.request({ host: '127.0.0.1', port: w.port, path, method: r.method, agent, headers }, (res) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (c) => { if (text.length < 300) text += c; });
    res.on('end', () => {
      if (res.statusCode >= 200 && res.statusCode < 300) {
        byName[r.name].times.push(performance.now() - start);
        resolve();
      } else fail(r.method + ' ' + path + ' → ' + res.statusCode + ' ' + text.slice(0, 200));
    });
  });
  req.on('error', (err) => fail(r.method + ' ' + path + ' : ' + err.message));
  req.end(body);
});
(async () => {
  const begin = performance.now();
  const until = begin + w.seconds * 1000;
  await Promise.all(Array.from({ length: w.clients }, async () => {
    do await send(pick()); while (performance.now() < until);
  }));
  parentPort.postMessage({ byName, elapsed: performance.now() - begin });
  agent.destroy();
})();
`;

export function loadFromWorker(data: {
  port: number;
  clients: number;
  seconds: number;
  requests: LoadRequest[];
  /** First value of `{n}`; `{ts}` is `clock + n`. */
  first?: number;
  clock?: number;
}): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { first: 0, clock: 0, ...data } });
    worker.once('message', (m: LoadResult) => {
      resolve(m);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

export const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]! : 0;
