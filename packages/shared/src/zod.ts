import { z } from 'zod';

/**
 * In a browser, the contract's schemas run without code generation. zod compiles object
 * parsers with `new Function` (and probes whether it may, the first time an object schema is
 * created); the storefront's Content-Security-Policy has no 'unsafe-eval', so the probe would be
 * reported as a CSP violation on every page. On the server (Node, no CSP) zod keeps its compiled
 * fast path for the API's validation.
 *
 * Every module of the contract takes `z` from here, never from 'zod' itself, so the setting is
 * made before its first schema exists (the storefront's client entry would be too late: React
 * Router's hydration script imports the route modules, which create schemas, before the entry).
 * Pages that use no schema do not load zod at all.
 */
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
