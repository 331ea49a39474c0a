// Several API nodes: `npm run cluster` starts two real API processes on two ports against one
// PostgreSQL and one Redis, and no state lives only in one process — checked here over HTTP and Socket.IO,
// as a browser and a GPS tracker would (PostgreSQL pass of the CI). On the embedded database (PGlite pass),
// one data dir serves one process: a second node on it refuses to start and the first keeps serving.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, openTab } from './realtime-support';
import { freePort } from './redis-server';

const root = path.resolve(import.meta.dirname, '../../..');
const pgUrl = process.env.TEST_DATABASE_URL;

interface Answer {
  status: number;
  body: { success: boolean; data: unknown; errors: string[] };
}

async function call(
  base: string,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
): Promise<Answer> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function login(base: string, email: string, password = 'Yams2026!'): Promise<string> {
  const res = await call(base, 'POST', '/api/login', undefined, { email, password });
  if (res.status !== 200) throw new Error(`login ${email}: ${JSON.stringify(res.body)}`);
  return (res.body.data as { token: string }).token;
}

/** Waits until the process has printed a line matching `re` (or fails with what it printed). */
function waitForOutput(child: ChildProcess, out: string[], re: RegExp, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => out.join('').match(re) && done(resolve);
    const timer = setTimeout(() => done(() => reject(new Error(`attendu ${re}, lu :\n${out.join('')}`))), ms);
    const onExit = () => done(() => reject(new Error(`processus arrêté avant ${re} :\n${out.join('')}`)));
    const done = (f: () => void) => {
      clearTimeout(timer);
      child.stdout?.off('data', check);
      child.off('exit', onExit);
      f();
    };
    child.stdout?.on('data', check);
    child.once('exit', onExit);
    check();
  });
}

function capture(child: ChildProcess): string[] {
  const out: string[] = [];
  child.stdout?.on('data', (c: Buffer) => out.push(c.toString()));
  child.stderr?.on('data', (c: Buffer) => out.push(c.toString()));
  return out;
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Two consecutive free ports (the cluster's nodes listen on CLUSTER_PORT and CLUSTER_PORT + 1). */
async function twoFreePorts(): Promise<number> {
  for (;;) {
    const a = await freePort();
    if (a < 65_000 && (await portIsFree(a + 1))) return a;
  }
}
async function portIsFree(port: number): Promise<boolean> {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

function next<T>(socket: Socket, event: string, where: (p: T) => boolean, ms = 15_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, on);
      reject(new Error(`aucun « ${event} » reçu en ${ms} ms`));
    }, ms);
    const on = (p: T) => {
      if (!where(p)) return;
      clearTimeout(timer);
      socket.off(event, on);
      resolve(p);
    };
    socket.on(event, on);
  });
}

if (pgUrl) {
  describe('deux nœuds de l’API sur un PostgreSQL et un Redis (npm run cluster)', () => {
    const name = `yams_cluster_${process.pid}`;
    const dbUrl = (() => {
      const u = new URL(pgUrl);
      u.pathname = `/${name}`;
      return u.toString();
    })();
    const admin = new pg.Client({ connectionString: pgUrl });
    let cluster: ChildProcess;
    let out: string[];
    let A: string;
    let B: string;
    const sockets: Socket[] = [];

    beforeAll(async () => {
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
      const port = await twoFreePorts();
      A = `http://127.0.0.1:${port}`;
      B = `http://127.0.0.1:${port + 1}`;
      // Both nodes start at once on the empty database: one migrates and seeds, the other waits.
      cluster = spawn(process.execPath, [path.join(root, 'scripts/cluster.mjs')], {
        cwd: root,
        env: {
          ...process.env,
          DATABASE_URL: dbUrl,
          REDIS_URL: '',
          CLUSTER_PORT: String(port),
          NODES: '2',
          // The nodes log each try of the day's jobs at info (the first test waits for both).
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      out = capture(cluster);
      await waitForOutput(
        cluster,
        out,
        /Nœud 1 prêt[\s\S]*Nœud 2 prêt|Nœud 2 prêt[\s\S]*Nœud 1 prêt/,
        170_000,
      );
    }, 180_000);

    afterAll(async () => {
      for (const s of sockets) s.close();
      if (cluster) await stop(cluster);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });

    it('démarrés ensemble sur une base vide : une seule migration, un seul jeu de démonstration, les tâches du jour une fois', async () => {
      const db = new pg.Client({ connectionString: dbUrl });
      await db.connect();
      try {
        const admins = await db.query("select count(*)::int as n from users where email = 'admin@yams.ga'");
        expect(admins.rows[0].n).toBe(1);
        // Each node tries the day's jobs 5 s after it starts and logs it: once both have, one run is recorded.
        const tried = /"msg":"tâches du jour essayées"/g;
        await waitForOutput(cluster, out, /tâches du jour essayées[\s\S]*tâches du jour essayées/, 30_000);
        expect(out.join('').match(tried)).toHaveLength(2);
        expect(out.join('').match(/"ran":true/g)).toHaveLength(1);
        const runs = (
          await db.query("select count(*)::int as n from job_runs where job = 'notifications-quotidiennes'")
        ).rows[0].n;
        expect(runs).toBe(1);
      } finally {
        await db.end();
      }
      expect(out.join('').match(/Données de démonstration créées/g)).toHaveLength(1);
    });

    it('un jeton obtenu sur A ouvre B ; un utilisateur connecté par A est parmi les actifs de B', async () => {
      const tg = await login(A, 'direction@transgabon.ga');
      const meA = await call(A, 'GET', '/api/me', tg);
      const meB = await call(B, 'GET', '/api/me', tg);
      expect(meB.status).toBe(200);
      expect((meB.body.data as { id: number }).id).toBe((meA.body.data as { id: number }).id);

      sockets.push(await openTab(A, tg, A));
      const id = (meA.body.data as { id: number }).id;
      const list = await eventually(
        async () =>
          (await call(B, 'GET', '/api/utilisateurs/connected', tg)).body.data as Array<{ id: number }>,
        (l) => l.some((u) => u.id === id),
        10_000,
      );
      expect(list.map((u) => u.id)).toContain(id);
    });

    it('une notification levée sur B et une position reçue par B arrivent au navigateur connecté à A', async () => {
      const tg = await login(A, 'direction@transgabon.ga');
      const tab = await openTab(A, tg, A);
      sockets.push(tab);

      // The superadmin, on B, moves a TransGabon course: the company's users hear of it on A.
      const sa = await login(B, 'admin@yams.ga');
      const waiting = (await call(A, 'GET', '/api/courses?statut=Chargement%20en%20attente&limit=1', tg)).body
        .data as Array<{ id: number; code: string }>;
      expect(waiting).toHaveLength(1);
      const course = waiting[0]!;
      const heard = next<{ titre: string }>(tab, 'notification:new', (n) => n.titre.includes(course.code));
      const moved = await call(B, 'POST', `/api/courses/${course.id}/statut`, sa, {
        statut: 'Chargement terminé',
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect((await heard).titre).toBe(`Course ${course.code} : Chargement terminé`);

      // A tracker posts its fix to B: the map open on A receives it.
      const devices = (await call(A, 'GET', '/api/appareils?limit=1', tg)).body.data as Array<{
        id: number;
        identifiant: string;
      }>;
      expect(devices).toHaveLength(1);
      const device = devices[0]!;
      const position = next<{ appareil_id: number; positions: Array<{ latitude: number }> }>(
        tab,
        'position:new',
        (p) => p.appareil_id === device.id,
      );
      const fix = await fetch(
        `${B}/api/gps/osmand?id=${device.identifiant}&timestamp=${Math.floor(Date.now() / 1000)}&lat=0.412345&lon=9.4567&speed=12`,
        { method: 'POST' },
      );
      expect(fix.status).toBe(200);
      expect((await position).positions.at(-1)!.latitude).toBeCloseTo(0.412345, 6);
    });

    it('la limite des connexions manquées est commune aux deux nœuds', async () => {
      const email = 'coursier@yams.ga';
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push(
          (await call(i % 2 ? B : A, 'POST', '/api/login', undefined, { email, password: 'faux' })).status,
        );
      }
      expect(statuses).not.toContain(429);
      const blockedB = await call(B, 'POST', '/api/login', undefined, { email, password: 'Yams2026!' });
      const blockedA = await call(A, 'POST', '/api/login', undefined, { email, password: 'Yams2026!' });
      expect(blockedB.status).toBe(429);
      expect(blockedA.status).toBe(429);
      expect(blockedA.body.errors[0]).toMatch(/Trop de tentatives/);
    });
  });
} else {
  describe('base embarquée : un dossier de données, un seul processus', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yams-one-node-'));
    const apiDir = path.join(root, 'apps/api');
    const node = async (port: number) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: apiDir,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          REDIS_URL: '',
          SEED_DEMO: '0',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      return { child, out: capture(child) };
    };
    let first: Awaited<ReturnType<typeof node>>;
    afterAll(async () => {
      if (first) await stop(first.child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('un second nœud sur le même DATA_DIR refuse de démarrer, en français, et le premier sert toujours', async () => {
      const portA = await freePort();
      first = await node(portA);
      // Two cold starts (tsx, migrations): on a loaded 2-core CI machine each can take a minute or more.
      await waitForOutput(first.child, first.out, /Yams Manager est prêt/, 150_000);
      const second = await node(await freePort());
      const code = await new Promise<number | null>((resolve) => second.child.once('exit', resolve));
      expect(code).toBe(1);
      expect(second.out.join('')).toMatch(
        /La base de données embarquée est déjà ouverte par un autre processus/,
      );
      const docs = await fetch(`http://127.0.0.1:${portA}/api/docs/json`);
      expect(docs.status).toBe(200);
    }, 270_000);
  });
}
