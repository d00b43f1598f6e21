/**
 * A memo of pieces that are the same in every set holding them: a schema's
 * type declaration, its mock data, its JSON Schema, an operation's payload
 * docs. Sets extend each other, so a spec of N operations in cumulative
 * sets renders each operation about twice; with the memo each piece is
 * made (and printed) once per run.
 *
 * Pieces are keyed by the model object they come from (the model is frozen
 * and every set shares its operation and schema objects) and by a string
 * that names everything else the piece depends on. One memo lives for one
 * run; it holds only weak references to the model.
 */
export interface RenderMemo {
  /**
   * What `make` returns for `owner` and `key`, made on the first call and
   * returned as it is on later ones. `key` must name every input of `make`
   * other than `owner` (the layout's indentation, the language, set facts).
   */
  once<T>(owner: object, key: string, make: () => T): T;
  /**
   * Whether `value` was made by `once`: then it is the same object in every
   * set that uses it, and a printer may reuse the text it printed for it.
   */
  made(value: unknown): boolean;
}

export function createRenderMemo(): RenderMemo {
  const byOwner = new WeakMap<object, Map<string, unknown>>();
  const madeValues = new WeakSet<object>();
  // Kept for a piece that is `undefined`, so one lookup tells a hit from a miss.
  const nothing = Symbol("nothing");
  return {
    once<T>(owner: object, key: string, make: () => T): T {
      let pieces = byOwner.get(owner);
      if (pieces === undefined) {
        pieces = new Map();
        byOwner.set(owner, pieces);
      }
      const kept = pieces.get(key);
      if (kept !== undefined) return (kept === nothing ? undefined : kept) as T;
      const value = make();
      pieces.set(key, value === undefined ? nothing : value);
      if (typeof value === "object" && value !== null) madeValues.add(value);
      return value;
    },
    made(value: unknown): boolean {
      return (
        typeof value === "object" && value !== null && madeValues.has(value)
      );
    },
  };
}

/** No memo: every piece is made when asked for (renderers called on their own, as tests do). */
export const noMemo: RenderMemo = {
  once: (_owner, _key, make) => make(),
  made: () => false,
};
