import { z } from 'zod';

/**
 * In a browser, the contract's schemas run without code generation. zod compiles object
 * parsers with `new Function` (and probes whether it may, the first time an object schema is
 * created); the storefront's Content-Security-Policy has no 'unsafe-eval', so the probe would be
 * reported as a CSP violation on every page. On the server (Node, no CSP) zod keeps its compiled
 * fast path for the API's validation.
 *
 * This module must run before any schema is created: packages/shared/src/index.ts imports it
 * first, and ES modules run in import order, so whichever bundle or route module reaches the
 * schemas reaches this first. (The storefront's client entry would be too late: React Router's
 * hydration script imports the route modules, which create schemas, before the entry.)
 */
if (typeof document !== 'undefined') z.config({ jitless: true });
