import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { startMaintenance } from './db/maintenance';
import { migrate } from './db/migrate';
import { DEMO_PASSWORD, seedDemoIfEmpty } from './db/seed';
import { startSilences } from './modules/geolocation/alertes.service';
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
// The embedded database's thread died (it should not): no request can be served, exit for a restart.
database.onFatal?.((err) => {
  if (closing) return;
  console.error(`\n✖ ${err.message}\n`);
  process.exit(1);
});
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
  let stopMaintenance = () => {};
  const stopDailyJobs = startDailyJobs(
    database.db,
    (err) => app.log.error(err),
    (ran) => app.log.info({ job: 'notifications-quotidiennes', ran }, 'tâches du jour essayées'),
  );
  const stopSilences = startSilences(app, (err) => app.log.error(err));
  app.addHook('onClose', async () => {
    stopMaintenance();
    stopDailyJobs();
    stopSilences();
  });
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.once('SIGINT', () => void shutdown('SIGINT', app));
  process.once('SIGTERM', () => void shutdown('SIGTERM', app));
  await app.listen({ port: config.port, host: config.host });
  // After the start: the embedded database's first ANALYZE (seconds on a large data dir) must not hold the
  // start-up hooks, which Fastify gives 10 s.
  stopMaintenance = startMaintenance(database, (err) => app.log.error(err));
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
