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
class Unsupported extends Error {}
function complement(chars) {
  const excluded = new Set(chars);
  return PRINTABLE.filter((c) => !excluded.has(c));
}
export function parsePattern(pattern) {
  let i = 0;
  const peek = () => pattern[i];
  const parseEscape = (inClass) => {
    const c = pattern[i++];
    switch (c) {
      case undefined:
        throw new Unsupported();
      case "d":
        return DIGITS;
      case "D":
        return complement(DIGITS);
      case "w":
        return WORD;
      case "W":
        return complement(WORD);
      case "s":
        return SPACE;
      case "S":
        return complement(SPACE);
      case "t":
        return ["\t"];
      case "n":
        return ["\n"];
      case "r":
        return ["\r"];
      case "x":
      case "u": {
        const len = c === "x" ? 2 : 4;
        const hex = pattern.slice(i, i + len);
        if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== len) {
          throw new Unsupported();
        }
        i += len;
        return [String.fromCharCode(parseInt(hex, 16))];
      }
      default:
        // \b, \B, back-references and the like change matching, not chars.
        if (/[0-9a-zA-Z]/.test(c) && !(inClass && c === "b")) {
          throw new Unsupported();
        }
        return inClass && c === "b" ? ["\b"] : [c];
    }
  };
  const parseClass = () => {
    // Called after "[".
    let negate = false;
    if (peek() === "^") {
      negate = true;
      i++;
    }
    const chars = [];
    let first = true;
    for (;;) {
      const c = pattern[i];
      if (c === undefined) throw new Unsupported();
      if (c === "]" && !first) {
        i++;
        break;
      }
      first = false;
      i++;
      let single;
      if (c === "\\") {
        const set = parseEscape(true);
        if (set.length !== 1) {
          chars.push(...set);
          continue;
        }
        single = set[0];
      } else {
        single = c;
      }
      if (single === undefined) throw new Unsupported();
      if (
        peek() === "-" &&
        pattern[i + 1] !== undefined &&
        pattern[i + 1] !== "]"
      ) {
        i++;
        let end = pattern[i++];
        if (end === "\\") {
          const set = parseEscape(true);
          if (set.length !== 1) throw new Unsupported();
          end = set[0];
        }
        if (end === undefined) throw new Unsupported();
        const from = single.charCodeAt(0);
        const to = end.charCodeAt(0);
        if (to < from || to - from > 0xffff) throw new Unsupported();
        for (let code = from; code <= to; code++) {
          chars.push(String.fromCharCode(code));
        }
      } else {
        chars.push(single);
      }
    }
    const result = negate ? complement(chars) : chars;
    if (result.length === 0) throw new Unsupported();
    return result;
  };
  const parseQuantifier = (item) => {
    const c = peek();
    let min;
    let max;
    if (c === "?") {
      min = 0;
      max = 1;
      i++;
    } else if (c === "*") {
      min = 0;
      max = Infinity;
      i++;
    } else if (c === "+") {
      min = 1;
      max = Infinity;
      i++;
    } else if (c === "{") {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
      if (m === null) return item; // a literal "{" in legacy mode
      min = Number(m[1]);
      max =
        m[2] === undefined
          ? min
          : m[3] === undefined || m[3] === ""
            ? Infinity
            : Number(m[3]);
      i += m[0].length;
    } else {
      return item;
    }
    if (peek() === "?") i++; // lazy: same language
    return { t: "rep", item, min, max };
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
      i++;
      let atom;
      if (c === "^" || c === "$") {
        continue; // anchors: generated text is the whole match anyway
      } else if (c === "(") {
        if (peek() === "?") {
          if (pattern[i + 1] !== ":") throw new Unsupported();
          i += 2;
        }
        atom = parseAlt();
        if (peek() !== ")") throw new Unsupported();
        i++;
      } else if (c === "[") {
        atom = { t: "set", chars: parseClass() };
      } else if (c === "\\") {
        atom = { t: "set", chars: parseEscape(false) };
      } else if (c === ".") {
        atom = { t: "set", chars: PRINTABLE };
      } else {
        atom = { t: "set", chars: [c] };
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
