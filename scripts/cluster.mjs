// `npm run cluster`: several API nodes on loopback sharing one PostgreSQL and one Redis, as in production
// behind a load balancer. PostgreSQL and Redis are Debian's (`apt-get install postgresql redis-server`),
// started here on throwaway data unless DATABASE_URL / REDIS_URL name running ones. The nodes share one
// DATA_DIR (uploaded files and the mail outbox: in production a volume every node mounts).
//
//   npm run cluster                 # 2 nodes: http://127.0.0.1:3001 and http://127.0.0.1:3002
//   NODES=3 CLUSTER_PORT=4001 npm run cluster
//
// Each node prints « Nœud N prêt : URL » once it answers; Ctrl-C (or SIGTERM) stops everything it started.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { root } from './lib.mjs';

const nodes = Number(process.env.NODES ?? 2);
const firstPort = Number(process.env.CLUSTER_PORT ?? 3001);
const dataDir = process.env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'yams-cluster-'));
const children = [];
const stops = [];
let stopping = false;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  await Promise.all(
    children.map(
      (c) =>
        new Promise((resolve) => {
          if (c.exitCode !== null || c.signalCode !== null) return resolve();
          c.once('exit', resolve);
          c.kill('SIGTERM');
        }),
    ),
  );
  for (const stop of stops.reverse()) stop();
  process.exit(code);
}
process.once('SIGINT', () => void stopAll(0));
process.once('SIGTERM', () => void stopAll(0));

/** Debian's PostgreSQL on a free port (scripts/pg-test-server.sh), and a `yams` database in it. */
async function startPostgres() {
  const port = String(process.env.PG_PORT ?? (await freePort()));
  const dir = path.join(os.tmpdir(), `yams-cluster-pg-${port}`);
  const env = { ...process.env, PG_PORT: port, PG_DIR: dir };
  const res = spawnSync('bash', [path.join(root, 'scripts/pg-test-server.sh'), 'start'], {
    env,
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`PostgreSQL ne démarre pas : ${res.stderr || res.stdout}`);
  stops.push(() => {
    spawnSync('bash', [path.join(root, 'scripts/pg-test-server.sh'), 'stop'], { env });
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const admin = new pg.Client({ connectionString: res.stdout.trim() });
  await admin.connect();
  const { rowCount } = await admin.query("select 1 from pg_database where datname = 'yams'");
  if (!rowCount) await admin.query('create database yams');
  await admin.end();
  const url = new URL(res.stdout.trim());
  url.pathname = '/yams';
  return url.toString();
}

/** Debian's redis-server on a free port, without persistence. */
async function startRedis() {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  children.push(child);
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('redis-server ne démarre pas')), 10_000);
    child.once('error', (err) =>
      reject(new Error(`redis-server introuvable (apt-get install redis-server) : ${err.message}`)),
    );
    child.stdout.on('data', (chunk) => {
      if (chunk.toString().includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return `redis://127.0.0.1:${port}`;
}

try {
  const databaseUrl = process.env.DATABASE_URL || (await startPostgres());
  const redisUrl = process.env.REDIS_URL || (await startRedis());
  console.log(
    `PostgreSQL : ${databaseUrl.replace(/\/\/[^@]*@/, '//')}\nRedis : ${redisUrl}\nDATA_DIR : ${dataDir}`,
  );
  const urls = Array.from({ length: nodes }, (_, i) => `http://127.0.0.1:${firstPort + i}`);
  // Started together: one node migrates and seeds an empty database while the others wait for it.
  urls.forEach((url, i) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.join(root, 'apps/api'),
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PORT: String(firstPort + i),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        DATA_DIR: dataDir,
        APP_URL: process.env.APP_URL ?? urls[0],
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      },
    });
    children.push(child);
    const prefix = `[nœud ${i + 1}] `;
    const relay = (stream, out) =>
      stream.on('data', (chunk) => {
        for (const line of chunk.toString().split('\n')) {
          if (!line) continue;
          out.write(`${prefix}${line}\n`);
          if (line.includes('Yams Manager est prêt')) console.log(`Nœud ${i + 1} prêt : ${url}`);
        }
      });
    relay(child.stdout, process.stdout);
    relay(child.stderr, process.stderr);
    child.once('exit', (code, signal) => {
      if (stopping) return;
      console.error(`✖ Le nœud ${i + 1} s'est arrêté (${signal ?? code}) : arrêt de l'ensemble.`);
      void stopAll(1);
    });
  });
} catch (err) {
  console.error(`✖ ${err.message}`);
  await stopAll(1);
}
