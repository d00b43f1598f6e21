// Copied by remitgen from its runtime (src/runtime/json.ts). DO NOT EDIT.

export {};
