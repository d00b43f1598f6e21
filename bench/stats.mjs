// Order statistics shared by the bench's scripts (bench/run.mjs and
// bench/client.mjs): one definition, so both read their samples alike.

/** The median of `xs` (NaN when empty). */
export const median = (xs) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** The `q` quantile of `xs`, nearest rank below (NaN when empty). */
export const quantile = (xs, q) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
