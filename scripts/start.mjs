// `npm start`: builds the web app if needed, then migrates, seeds the demo data on first start and
// serves API + web on PORT (3000) with the embedded database under DATA_DIR (./data).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureDependencies, ensureWebBuild, root } from './lib.mjs';

ensureDependencies();
ensureWebBuild();
const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: path.join(root, 'apps/api'),
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: path.resolve(root, process.env.DATA_DIR ?? 'data') },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
