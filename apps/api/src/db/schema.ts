// Every table of the database, one file per domain; drizzle-kit reads this barrel.
export * from '../modules/accounting/accounting.table';
export * from '../modules/audit/audit.table';
export * from '../modules/avances/avances.table';
export * from '../modules/chauffeur/chauffeur.table';
export * from '../modules/entreprise/entreprise.table';
export * from '../modules/fleet/fleet.table';
export * from '../modules/geolocation/geolocation.table';
export * from '../modules/notifications/notifications.table';
export * from '../modules/operations/adresses.table';
export * from '../modules/operations/operations.table';
export * from '../modules/reference/reference.table';
export * from '../modules/statistics/statistics.table';
export * from './core.table';
export * from './idempotency.table';
