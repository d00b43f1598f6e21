/**
 * The one-operation bundle's ceiling: a program that calls one operation
 * of a generated package (esbuild, minified, gzip level 9) stays under 6 KB
 * gzip. A ceiling, not a target: the runtime is written for readers, and
 * the figure is reported against this bound, not trimmed to it byte by
 * byte. `npm run bench` reports it; test/client/bundle.test.ts holds it.
 */
export const ONE_OPERATION_GZIP_CEILING_BYTES = 6 * 1024;
