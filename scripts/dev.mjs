// `npm run dev`: the API (restarted on change) on :3000 and Vite with hot reload on :5173.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureDependencies, root } from './lib.mjs';

ensureDependencies();
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/main.ts'], {
    cwd: path.join(root, 'apps/api'),
    stdio: 'inherit',
    env: {
      ...process.env,
      DATA_DIR: path.resolve(root, process.env.DATA_DIR ?? 'data'),
      WEB_DIST: '',
      REALTIME_ORIGINS: process.env.REALTIME_ORIGINS ?? 'http://localhost:5173',
    },
  }),
  spawn('npm', ['run', 'dev', '-w', '@yams/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = (signal) => {
  for (const c of children) c.kill(signal);
  process.exit(0);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
