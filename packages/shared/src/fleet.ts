// Shared schemas, enums, lifecycles and labels of the fleet domain.
export * from './fleet.rules';
export * from './fleet.schemas';
