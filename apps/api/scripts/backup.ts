// `npm run backup` and `npm run restore -- <fichier> [--force]`: the whole installation (embedded PGlite
// database under DATA_DIR, or PostgreSQL when DATABASE_URL is set, plus the uploaded files) in one file.
// See "Sauvegarde et restauration" in the README.
import path from 'node:path';
import { loadConfig } from '../src/config';
import { BackupError, backup, restore } from '../src/db/backup';

const [command, ...rest] = process.argv.slice(2);
const force = rest.includes('--force');
const files = rest.filter((a) => !a.startsWith('--'));
// npm runs scripts from the package folder: paths typed by the user are relative to where they typed them.
const cwd = process.env.INIT_CWD ?? process.cwd();
const config = loadConfig();
const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
const where = config.databaseUrl ? 'PostgreSQL de DATABASE_URL' : `base embarquée de ${config.dataDir}`;
const fr = (n: number) => n.toLocaleString('fr-FR').replace(/\s/g, '.');

try {
  if (command === 'backup') {
    const dir = path.resolve(cwd, process.env.BACKUP_DIR || 'backups');
    const { file, manifest } = await backup(target, dir);
    const rows = Object.values(manifest.tables).reduce((n, t) => n + t.rows, 0);
    console.log(
      `Sauvegarde terminée (${where}) : ${Object.keys(manifest.tables).length} tables, ${fr(rows)} lignes, ` +
        `${manifest.uploads} fichiers joints.\n${file}`,
    );
  } else if (command === 'restore' && files.length === 1) {
    const file = path.resolve(cwd, files[0]!);
    const { manifest, previous } = await restore(file, target, { force });
    const rows = Object.values(manifest.tables).reduce((n, t) => n + t.rows, 0);
    console.log(
      `Restauration terminée (${where}) : sauvegarde du ${new Date(manifest.createdAt).toLocaleString('fr-FR', { timeZone: 'Africa/Libreville' })}, ` +
        `${Object.keys(manifest.tables).length} tables et ${fr(rows)} lignes vérifiées, ${manifest.uploads} fichiers joints.`,
    );
    if (previous) console.log(`L’ancienne base a été conservée dans ${previous}.`);
  } else {
    console.error('Usage : npm run backup   |   npm run restore -- <fichier.tar.gz> [--force]');
    process.exitCode = 2;
  }
} catch (err) {
  console.error(`✖ ${err instanceof BackupError ? err.message : (err as Error).stack}`);
  process.exitCode = 1;
}
