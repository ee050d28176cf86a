import type { FastifyInstance } from 'fastify';

/** The answer of a hashed build file (the storefront's and the panel's /assets/): it never changes. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Headers that only mean something on a page (a document the browser renders, frames or
 * navigates to): a script, a stylesheet or a font does nothing with them. `nosniff`,
 * `cross-origin-resource-policy` and the cache and encoding headers stay.
 */
const PAGE_ONLY = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** The storefront's and the panel's build output. */
const BUILD_FILES = /^\/(?:admin\/)?assets\//;

/**
 * Hashed assets go out without the per-page security headers (issue 30): helmet writes ~1.2 kB
 * of them on every response, a CSP with a fresh nonce included, and a page loads a dozen such
 * files. Run after helmet's hook; the static plugins mark these answers with {@link IMMUTABLE}.
 * Only our own build's files: uploaded media (an SVG opened as a document) keeps its CSP.
 */
export function lightAssetHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.getHeader('cache-control') === IMMUTABLE && BUILD_FILES.test(req.url)) {
      for (const h of PAGE_ONLY) reply.removeHeader(h);
    }
    return payload;
  });
}
