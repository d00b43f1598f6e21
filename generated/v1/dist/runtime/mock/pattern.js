// Copied by remitgen from its runtime (src/runtime/mock/pattern.ts). DO NOT EDIT.

/**
 * Most extra repetitions a bounded quantifier (`{1,100000000}`) is drawn
 * from; only minLength can ask for more.
 */
const MAX_REPEAT_SPAN = 1000;
const PRINTABLE = Array.from({ length: 95 }, (_, i) =>
  String.fromCharCode(32 + i),
);
const DIGITS = [..."0123456789"];
const WORD = [
  ..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_",
];
const SPACE = [" "];
/** Default extra repetitions for unbounded quantifiers (`*`, `+`, `{n,}`). */
export const OPEN_REPEAT = 3;
/** The characters a class escape is sampled from. */
const classEscapes = {
  d: DIGITS,
  D: complement(DIGITS),
  w: WORD,
  W: complement(WORD),
  s: SPACE,
  S: complement(SPACE),
};
class Unsupported extends Error {}
function complement(chars) {
  const excluded = new Set(chars);
  return PRINTABLE.filter((c) => !excluded.has(c));
}
function single(code) {
  return { chars: [String.fromCodePoint(code)], item: [code, code] };
}
/**
 * The pattern's tree, or `undefined` where it is outside what this reads.
 * A Unicode property is read only for `proof` (the checker): the sampler
 * has no characters for it.
 */
export function parsePattern(pattern, proof = false) {
  let i = 0;
  const peek = () => pattern[i];
  const hex = /x([0-9a-fA-F]{2})|u([0-9a-fA-F]{4})|u\{([0-9a-fA-F]{1,6})\}/y;
  const quantifier = /(?:([*+?])|\{(\d+)(,(\d*))?\})(\?)?/y;
  const parseEscape = (inClass) => {
    const c = pattern[i++];
    if (c === undefined) throw new Unsupported();
    const escape = classEscapes[c];
    if (escape !== undefined) return { chars: escape, item: c };
    const control = "tnvfr".indexOf(c);
    if (control >= 0) return single("\t\n\v\f\r".charCodeAt(control));
    if (c === "0" && !/[0-9]/.test(peek() ?? "")) return single(0);
    if ((c === "p" || c === "P") && peek() === "{" && proof) {
      const close = pattern.indexOf("}", i);
      if (close < 0) throw new Unsupported();
      i = close + 1;
      return { chars: [], item: "p" };
    }
    if (c === "x" || c === "u") {
      hex.lastIndex = i - 1;
      const found = hex.exec(pattern);
      const code = parseInt(found?.[1] ?? found?.[2] ?? found?.[3] ?? "", 16);
      if (!(code <= 0x10ffff)) throw new Unsupported();
      i = hex.lastIndex;
      return single(code);
    }
    // \b, \B, back-references and the like change matching, not chars.
    if (/[0-9a-zA-Z]/.test(c) && !(inClass && c === "b")) {
      throw new Unsupported();
    }
    return single(inClass && c === "b" ? 8 : c.codePointAt(0));
  };
  /** The character at `i` (a whole code point), or an escape. */
  const parseChar = (inClass) => {
    const code = pattern.codePointAt(i);
    if (code === undefined) throw new Unsupported();
    i += code > 0xffff ? 2 : 1;
    return code === 0x5c ? parseEscape(inClass) : single(code);
  };
  const parseClass = () => {
    // Called after "[".
    let negated = false;
    if (peek() === "^") {
      negated = true;
      i++;
    }
    const chars = [];
    const items = [];
    while (peek() !== "]") {
      const from = parseChar(true);
      if (
        peek() === "-" &&
        pattern[i + 1] !== undefined &&
        pattern[i + 1] !== "]"
      ) {
        i++;
        const to = parseChar(true);
        if (typeof from.item === "string" || typeof to.item === "string")
          throw new Unsupported();
        const [start] = from.item;
        const [end] = to.item;
        if (end < start || end - start > 0xffff) throw new Unsupported();
        for (let code = start; code <= end; code++) {
          chars.push(String.fromCodePoint(code));
        }
        items.push([start, end]);
      } else {
        chars.push(...from.chars);
        items.push(from.item);
      }
    }
    i++;
    const drawn = negated ? complement(chars) : chars;
    if (drawn.length === 0 && !proof) throw new Unsupported();
    return { t: "set", chars: drawn, negated, items };
  };
  const parseQuantifier = (item) => {
    quantifier.lastIndex = i;
    const found = quantifier.exec(pattern);
    if (found === null) return item;
    i = quantifier.lastIndex;
    const [, sign, least, comma, most, lazy] = found;
    const min = sign === undefined ? Number(least) : sign === "+" ? 1 : 0;
    const max =
      sign === "?"
        ? 1
        : sign !== undefined || most === ""
          ? Infinity
          : comma === undefined
            ? min
            : Number(most);
    // Lazy: the same language.
    return { t: "rep", item, min, max, lazy: lazy !== undefined };
  };
  const parseAlt = () => {
    const options = [parseSeq()];
    while (peek() === "|") {
      i++;
      options.push(parseSeq());
    }
    return options.length === 1 ? options[0] : { t: "alt", options };
  };
  const parseSeq = () => {
    const items = [];
    for (;;) {
      const c = peek();
      if (c === undefined || c === "|" || c === ")") break;
      let atom;
      if (c === "^" || c === "$") {
        i++;
        items.push({ t: "anchor", at: c });
        continue;
      } else if (c === "(") {
        i++;
        if (peek() === "?") {
          if (pattern[i + 1] !== ":") throw new Unsupported();
          i += 2;
        }
        atom = parseAlt();
        if (peek() !== ")") throw new Unsupported();
        i++;
      } else if (c === "[") {
        i++;
        atom = parseClass();
      } else if (c === ".") {
        i++;
        atom = { t: "set", chars: PRINTABLE, negated: false, items: ["."] };
      } else {
        const read = parseChar(false);
        atom = {
          t: "set",
          chars: read.chars,
          negated: false,
          items: [read.item],
        };
      }
      items.push(parseQuantifier(atom));
    }
    return { t: "seq", items };
  };
  try {
    const ast = parseAlt();
    return i === pattern.length ? ast : undefined;
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
}
export class TooLong extends Error {}
/** `open`: extra repetitions allowed where the pattern sets no maximum. */
export function generate(re, rng, open, budget) {
  switch (re.t) {
    case "alt":
      return generate(rng.pick(re.options), rng, open, budget);
    case "seq":
      return re.items.map((item) => generate(item, rng, open, budget)).join("");
    case "anchor":
      return "";
    case "set":
      budget.chars--;
      budget.work--;
      if (budget.chars < 0 || budget.work < 0) throw new TooLong();
      return rng.pick(re.chars);
    case "rep": {
      const max = Number.isFinite(re.max)
        ? Math.min(re.max, re.min + Math.max(MAX_REPEAT_SPAN, open))
        : re.min + open;
      const count = rng.int(re.min, Math.max(re.min, max));
      budget.work -= count;
      if (budget.work < 0) throw new TooLong();
      let s = "";
      for (let k = 0; k < count; k++) s += generate(re.item, rng, open, budget);
      return s;
    }
  }
}
