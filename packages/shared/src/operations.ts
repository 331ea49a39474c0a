// Shared schemas, enums, lifecycles and labels of the operations domain.
export {};
