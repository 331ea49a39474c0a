// The operations domain: courses (transport jobs), demandes (booking requests) and paiements.
export * from './operations.lifecycle';
export * from './operations.out';
export * from './operations.schemas';
