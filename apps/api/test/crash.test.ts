// Crash safety of the embedded database: `bench/crash.ts` kills the real API (SIGKILL) in the middle of a
// burst of acknowledged writes, restarts it, and checks every acknowledged write, invoice numbering and
// journal balance. Here two cycles; `npm run crash -- --cycles=100` for the long run (bench/RESULTS.md).
import { spawnSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { expect, inject, it } from 'vitest';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

it('après un SIGKILL en pleine rafale, la base embarquée rouvre avec toutes les écritures acquittées', async () => {
  const template = inject('pgliteTemplate');
  const port = await freePort();
  const run = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'bench/crash.ts',
      '--cycles=2',
      '--minutes=8',
      `--port=${port}`,
      // The PostgreSQL pass has no PGlite template: the API then seeds the demo data on its first start.
      ...(template ? [`--from=${template}`] : []),
    ],
    { cwd: path.resolve(import.meta.dirname, '..'), encoding: 'utf8', timeout: 840_000 },
  );
  const summary = JSON.parse(run.stdout.trim().split('\n').at(-1)!);
  expect(summary.problems, run.stdout + run.stderr).toEqual([]);
  expect(summary.cycles).toBe(2);
  expect(summary.failures).toBe(0);
  // Every kind of write was acknowledged before the kills, so the checks had something to check.
  expect(summary.writes.paiements).toBeGreaterThan(0);
  expect(summary.writes.factures).toBeGreaterThan(0);
  expect(summary.writes.positions).toBeGreaterThan(0);
  expect(summary.writes.pieces).toBeGreaterThan(0);
  expect(run.status).toBe(0);
}, 900_000);
