/**
 * The one-operation bundle's ceiling: a program that calls one operation
 * of a generated package (esbuild, minified, gzip level 9) stays under this
 * bound. A ceiling, not a target: the runtime is written for readers, and
 * the figure is reported against this bound, not trimmed to it byte by
 * byte. `npm run bench` reports it; test/client/bundle.test.ts holds it.
 *
 * 6.25 KB. Issue 21 asked 6 KB, and it held (6029 B) until issue 24 gave
 * every package methods, parameters, bodiless answers and auth schemes as
 * pieces: about 220 B the one-operation program needs too (6229 B). What
 * would still fit 6 KB changes behaviour or wording for bytes (measured:
 * a shorter base-URL message, no slash before a slash-less path, no
 * Headers shortcut), so the bound moved instead. Held by structure: a program keeps only the
 * operations it calls, and a client given no `store` carries none of what
 * clients sharing a store do (the store brings that: store-sharing.ts).
 * Auth schemes are separate pieces (runtime/auth.ts), so a package carries
 * only its API's: an API-key client's one operation is about 5.4 KB. An
 * OAuth 2.0 package's `createTransport` takes either the client
 * credentials or `getAccessToken`, picked at run time, so a program passing
 * `getAccessToken` still carries the client-credentials flow (about
 * 0.7 KB).
 */
export const ONE_OPERATION_GZIP_CEILING_BYTES = 6400;
