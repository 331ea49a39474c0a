import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { startMaintenance } from './db/maintenance';
import { migrate } from './db/migrate';
import { DEMO_PASSWORD, seedDemoIfEmpty } from './db/seed';
import { startDailyJobs } from './modules/notifications/daily';

const config = loadConfig();
let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase(config);
} catch (err) {
  console.error(`\n✖ ${(err as Error).message}\n`);
  process.exit(1);
}

let closing = false;
async function shutdown(signal: string, app?: { close(): Promise<void> }) {
  if (closing) return;
  closing = true;
  console.log(`\n${signal} reçu : arrêt propre du serveur…`);
  try {
    await app?.close();
  } finally {
    await database.close();
    process.exit(0);
  }
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

try {
  // Nodes started together on one PostgreSQL: one migrates and seeds while the others wait.
  const prepare = async () => {
    await migrate(database);
    return config.seedDemo ? await seedDemoIfEmpty(database.db) : null;
  };
  const seeded = database.exclusive ? await database.exclusive('yams:demarrage', prepare) : await prepare();
  const app = await buildApp({ config, database });
  const stopMaintenance = startMaintenance(database, (err) => app.log.error(err));
  const stopDailyJobs = startDailyJobs(database.db, (err) => app.log.error(err));
  app.addHook('onClose', async () => {
    stopMaintenance();
    stopDailyJobs();
  });
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.once('SIGINT', () => void shutdown('SIGINT', app));
  process.once('SIGTERM', () => void shutdown('SIGTERM', app));
  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `base embarquée PGlite dans ${config.dataDir}`;
  console.log(`\nYams Manager est prêt : ${config.appUrl}  —  ${where}`);
  if (seeded) {
    console.log(`Données de démonstration créées. Comptes (mot de passe ${DEMO_PASSWORD}) :`);
    for (const [email, role] of seeded) console.log(`  ${email.padEnd(34)} ${role}`);
  }
  console.log('Documentation de l’API : /api/docs\n');
} catch (err) {
  console.error(err);
  await database.close();
  process.exit(1);
}
