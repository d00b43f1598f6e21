// Copied by remitgen from its runtime (src/runtime/schema.ts). DO NOT EDIT.

export {};
