import fs from 'node:fs';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * An exclusive lock file beside the embedded database: PGlite corrupts a data dir opened by two
 * processes at once, so a second server refuses to start instead.
 */
export class DataDirLock {
  private constructor(private readonly file: string) {}

  static acquire(file: string): DataDirLock {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
        return new DataDirLock(file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        const holder = Number(fs.readFileSync(file, 'utf8'));
        if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
          throw new Error(
            `La base de données embarquée est déjà ouverte par un autre processus (PID ${holder}). ` +
              `Arrêtez-le ou choisissez un autre dossier avec DATA_DIR.`,
          );
        }
        // Left behind by a process that died: take it over.
        fs.rmSync(file, { force: true });
      }
    }
    throw new Error(`Impossible de verrouiller ${file}.`);
  }

  release(): void {
    try {
      if (fs.readFileSync(this.file, 'utf8') === String(process.pid)) fs.rmSync(this.file, { force: true });
    } catch {
      /* already gone */
    }
  }
}
