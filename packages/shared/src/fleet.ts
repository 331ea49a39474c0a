// Shared schemas, enums, lifecycles and labels of the fleet domain.
export {};
