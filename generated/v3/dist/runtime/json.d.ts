// Copied by remitgen from its runtime (src/runtime/json.ts). DO NOT EDIT.

/** A JSON value as it travels on the wire. */
export type JsonValue =
  | string
  | number
  | boolean
  | null
  | JsonValue[]
  | {
      [key: string]: JsonValue;
    };
/**
 * A JSON object whose members the API's description does not show. Used for every
 * payload whose shape is "not shown", so callers never fall back to `any`.
 */
export type JsonObject = {
  [key: string]: JsonValue;
};
