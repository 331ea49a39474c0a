// The OsmAnd ingest lines of `npm run bench`: single messages per second over HTTP on loopback
// (CLIENTS, then 50, keep-alive devices in a worker thread, each message a new fix of a demo device whose
// vehicle carries a course with coordinates, so the arrival check runs), then batches of 1,000 fixes as
// current Traccar Client sends them after an offline stretch; each with the event loop's worst stall
// (perf_hooks monitorEventLoopDelay). `msg/s CPU`: messages per second of the API thread's busy time.
// Targets: ≥ 1,000 single messages/s on PGlite, ≥ 2,000/s on PostgreSQL, on this 2-core machine.
//
//   npm run bench -- --only=osmand
import http from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { loadFromWorker, pct } from './load-worker';

interface Options {
  db: Db;
  port: number;
  /** The GPS listener (Traccar Client's host-and-port setting): the same handler without the API's hooks. */
  gpsPort: number;
  clients: number;
  seconds: number;
  rounds: number;
}

function send(
  agent: http.Agent,
  port: number,
  method: 'GET' | 'POST',
  path: string,
  body?: string,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        agent,
        headers: body
          ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
          : {},
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(performance.now() - start)
            : reject(new Error(`${path} → ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Ntoum → Kango on the N1, at about 50 km/h: the i-th fix of a drive. */
const along = (i: number) => ({
  lat: 0.3889 - (i % 20_000) * 0.000011,
  lng: 9.7611 + (i % 20_000) * 0.000018,
});

export async function benchOsmand(o: Options): Promise<Array<Record<string, string | number>>> {
  // A demo device whose vehicle carries an open course with coordinates (the seed's course in transit).
  const found = (await o.db.execute(sql`
    select a.identifiant from appareils a
    join courses c on c.vehicule_id = a.vehicule_id and c.statut not in ('Terminé', 'Annulé')
    where c.chargement_lat is not null order by a.id limit 1`)) as unknown as {
    rows: Array<{ identifiant: string }>;
  };
  const identifiant = found.rows[0]?.identifiant;
  if (!identifiant) throw new Error('Aucun appareil de démonstration avec une course en cours.');
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.clients });
  // Fix times: from a week ago, one millisecond apart per message, so every message is a new fix.
  let clock = Date.now() - 7 * 86_400_000;
  let n = 0;
  const rows: Array<Record<string, string | number>> = [];

  // Single messages, Traccar Client's query-string form, sent by `clients` devices from a worker thread
  // (devices are not in the API's process: the API's own thread is measured, by its event-loop use).
  await send(agent, o.port, 'POST', `/api/gps/osmand?id=${identifiant}&lat=0.4&lon=9.5&timestamp=${clock++}`);
  const query = `id=${identifiant}&timestamp={ts}&lat={lat}&lon={lng}&speed=27.0&bearing=121.0&altitude=35.0&accuracy=6.0&batt=81.0`;
  const lines = [
    {
      label: `OsmAnd, messages seuls (${o.clients} appareils)`,
      port: o.port,
      path: `/api/gps/osmand?${query}`,
      clients: o.clients,
    },
    {
      label: 'OsmAnd, messages seuls (50 appareils)',
      port: o.port,
      path: `/api/gps/osmand?${query}`,
      clients: 50,
    },
    {
      label: 'OsmAnd, port GPS, messages seuls (50 appareils)',
      port: o.gpsPort,
      path: `/?${query}`,
      clients: 50,
    },
  ];
  for (const line of lines) {
    const clients = line.clients;
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const elu0 = performance.eventLoopUtilization();
    const result = await loadFromWorker({
      port: line.port,
      clients,
      seconds: o.seconds * o.rounds,
      clock,
      first: n,
      requests: [
        {
          name: 'osmand',
          weight: 1,
          method: 'POST',
          path: line.path,
        },
      ],
    });
    const elu = performance.eventLoopUtilization(elu0);
    loop.disable();
    const { times, errors, samples } = result.byName.osmand!;
    if (errors) throw new Error(`OsmAnd : ${errors} erreurs, dont ${samples.join(' ; ')}`);
    clock += times.length + errors + 1;
    n += times.length + errors;
    times.sort((a, b) => a - b);
    rows.push({
      ligne: line.label,
      'msg/s': Math.round((times.length / result.elapsed) * 1000),
      // Per second of the API thread's busy time: what the machine's load changes least.
      'msg/s CPU': Math.round(times.length / (elu.active / 1000)),
      'p50 ms': Number(pct(times, 0.5).toFixed(1)),
      'p95 ms': Number(pct(times, 0.95).toFixed(1)),
      'p99 ms': Number(pct(times, 0.99).toFixed(1)),
      'blocage max ms': Math.round(loop.max / 1e6),
      messages: times.length,
    });
  }

  // Batches of 1,000 fixes (current Traccar Client's JSON, `location` an array), one after the other.
  const batchTimes: number[] = [];
  const batchLoop = monitorEventLoopDelay({ resolution: 5 });
  batchLoop.enable();
  const batchCpu0 = process.cpuUsage();
  const batches = Math.max(5, o.rounds * 3);
  for (let b = 0; b < batches; b++) {
    const location = Array.from({ length: 1000 }, () => {
      const p = along(n++);
      return {
        timestamp: new Date(clock++).toISOString(),
        coords: { latitude: p.lat, longitude: p.lng, accuracy: 6, speed: 13.9, heading: 121, altitude: 35 },
        is_moving: true,
        odometer: n * 14,
        battery: { level: 0.81, is_charging: false },
      };
    });
    batchTimes.push(
      await send(
        agent,
        o.port,
        'POST',
        '/api/gps/osmand',
        JSON.stringify({ device_id: identifiant, location }),
      ),
    );
  }
  batchLoop.disable();
  const batchCpu = process.cpuUsage(batchCpu0);
  batchTimes.sort((a, b) => a - b);
  rows.push({
    ligne: 'OsmAnd, lot de 1 000 positions (JSON)',
    'msg/s': Math.round((batches * 1000 * 1000) / batchTimes.reduce((s, t) => s + t, 0)),
    'msg/s CPU': Math.round(((batches * 1000) / (batchCpu.user + batchCpu.system)) * 1e6),
    'p50 ms': Number(pct(batchTimes, 0.5).toFixed(1)),
    'p95 ms': Number(pct(batchTimes, 0.95).toFixed(1)),
    'p99 ms': Number(pct(batchTimes, 0.99).toFixed(1)),
    'blocage max ms': Math.round(batchLoop.max / 1e6),
    messages: batches,
  });
  agent.destroy();
  return rows;
}
