// Tables of this domain (see src/db/schema.ts).
export {};
