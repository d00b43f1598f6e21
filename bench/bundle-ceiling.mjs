/**
 * The one-operation bundle's ceiling: a program that calls one operation
 * of a generated package (esbuild, minified, gzip level 9) stays under this
 * bound. A ceiling, not a target: the runtime is written for readers, and
 * the figure is reported against this bound, not trimmed to it byte by
 * byte. `npm run bench` reports it; test/client/bundle.test.ts holds it.
 *
 * Issue 21 asks for 6 KB. The bundle is 6.3 KB since the shared store
 * (issue 25), bounded error bodies and TLS refusals landed: about 0.8 KB of
 * it is the client-credentials token flow, which a program passing
 * `getAccessToken` never runs but cannot drop, because `createTransport`
 * picks the flow at run time. Auth schemes as separate, tree-shakable
 * pieces (issue 24) take it out; until then the guard holds at 7 KB, so
 * that growth still fails a test.
 */
export const ONE_OPERATION_GZIP_CEILING_BYTES = 7 * 1024;
