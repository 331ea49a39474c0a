// Small helpers shared by the start, dev and test scripts.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

/** Runs a command in the repository, inheriting the terminal; exits with its code on failure. */
export function run(cmd, args, options = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...options });
  if (res.status !== 0) {
    console.error(`\n✖ Échec : ${cmd} ${args.join(' ')}`);
    process.exit(res.status ?? 1);
  }
}

/** Installs the dependencies when they are missing (a fresh clone). */
export function ensureDependencies() {
  const markers = [
    'node_modules/fastify',
    'node_modules/vite',
    'node_modules/vitest',
    'node_modules/@playwright/test',
  ];
  if (markers.every((m) => fs.existsSync(path.join(root, m)))) return;
  console.log('Installation des dépendances (npm ci)…');
  run('npm', [fs.existsSync(path.join(root, 'package-lock.json')) ? 'ci' : 'install']);
}

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile())
      newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Builds the web app when it was never built or its sources changed since. */
export function ensureWebBuild({ force = false } = {}) {
  const index = path.join(root, 'apps/web/dist/index.html');
  const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const sources = Math.max(
    newestMtime(path.join(root, 'apps/web/src')),
    newestMtime(path.join(root, 'packages/shared/src')),
    fs.existsSync(path.join(root, 'apps/web/index.html'))
      ? fs.statSync(path.join(root, 'apps/web/index.html')).mtimeMs
      : 0,
  );
  if (!force && built > sources) return;
  console.log("Construction de l'application web…");
  run('npm', ['run', 'build', '-w', '@yams/web']);
}

/** Whether a command is on the PATH. */
export const onPath = (command) =>
  (process.env.PATH ?? '').split(':').some((dir) => dir && fs.existsSync(`${dir}/${command}`));

/**
 * Installs the Debian packages a test command needs (`missing`, already worked out by the caller) when we are
 * root; otherwise says which and exits.
 */
export function installDebianPackages(missing) {
  if (missing.length === 0) return;
  if (process.getuid?.() === 0) {
    console.log(`Installation de ${missing.join(', ')} (Debian)…`);
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', ...missing], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    return;
  }
  console.error(
    `✖ Introuvable : ${missing.join(', ')}. Installez-les avec « sudo apt-get install -y ${missing.join(' ')} » puis relancez.`,
  );
  process.exit(1);
}

/** Runs `fn` and prints how long it took. */
export function timed(label, fn) {
  const started = Date.now();
  fn();
  console.log(`\n⏱ ${label} : ${Math.round((Date.now() - started) / 1000)} s`);
}
