// Shared schemas, enums, lifecycles and labels of the reference domain.
export {};
