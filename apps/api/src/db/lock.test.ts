import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLock } from './lock';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yams-lock-'));
const file = path.join(dir, 'pgdata.lock');
afterEach(() => fs.rmSync(file, { force: true }));

describe('DataDirLock', () => {
  it('refuses a data dir held by another living process, with a French message', async () => {
    const other = spawn('sleep', ['5']);
    try {
      fs.writeFileSync(file, String(other.pid));
      expect(() => DataDirLock.acquire(file)).toThrow(/déjà ouverte par un autre processus \(PID \d+\)/);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a process that died, and releases it', () => {
    fs.writeFileSync(file, '999999');
    const lock = DataDirLock.acquire(file);
    expect(fs.readFileSync(file, 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(file)).toBe(false);
  });
});
