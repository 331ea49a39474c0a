// `npm run db:squash -w @yams/api`: refuses, on purpose. Squashing (deleting drizzle/ and generating one
// `init` from the schema) would silently drop every hand-written migration (audit triggers, dashboard
// aggregates, NOTIFY of token changes, pg_trgm…), and an existing database could not apply the new `init`.
// See docs/architecture.md, "Migrations".

import { handWrittenMigrations } from '../src/db/hand-written-migrations';
import { MIGRATIONS_FOLDER } from '../src/db/migrate';

const kept = handWrittenMigrations(MIGRATIONS_FOLDER);
console.error(
  [
    'db:squash refusé : regénérer les migrations depuis le schéma perdrait les migrations écrites à la main',
    `(déclencheurs, fonctions, extensions, corrections de données), ${kept.length} aujourd'hui :`,
    ...kept.map((tag) => `  - drizzle/${tag}.sql`),
    'et une base existante ne pourrait pas appliquer le nouvel « init ». Ajoutez plutôt une migration :',
    '  npm run db:generate (après une modification du schéma)',
    '  npx drizzle-kit generate --custom --name ce_qu_elle_fait (SQL écrit à la main), depuis apps/api.',
    'Voir docs/architecture.md, « Migrations ».',
  ].join('\n'),
);
process.exitCode = 1;
