import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { IMMUTABLE } from '../lib/asset-headers.ts';
import { storefrontRoot } from './storefront.ts';

/** The owner's panel (apps/admin): a browser-only React Router app, built into build/client. */
export const adminBuildDir = path.join(storefrontRoot, '..', 'admin', 'build', 'client');
export const ADMIN_PREFIX = '/admin';
/** The panel's service worker (Web Push), served at /admin/push-sw.js. */
export const PUSH_WORKER = 'push-sw.js';
const NOT_BUILT = 'The admin panel is not built yet: run "npm run build"';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The hashes of the inline scripts of the panel's index.html (React Router's bootstrap). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (!/\ssrc\s*=/i.test(m[1]!) && m[2]) hashes.add(sha256(m[2]));
  }
  return [...hashes];
}

/**
 * The <style> elements the panel's libraries add themselves, which `style-src` lets through by
 * hash (their text is fixed per version; the browser tests report a CSP violation if one changes):
 * - sonner (toasts) puts its stylesheet into an element it first appends empty;
 * - react-aria's press handling adds one rule for touch scrolling.
 */
const REACT_ARIA_PRESS_STYLE = `@layer {
  [data-react-aria-pressable] {
    touch-action: pan-x pan-y pinch-zoom;
  }
}`;
function injectedStyleHashes(): string[] {
  const texts = ['', REACT_ARIA_PRESS_STYLE];
  try {
    const file = createRequire(import.meta.url).resolve('sonner');
    const js = readFileSync(file.replace(/index\.js$/, 'index.mjs'), 'utf8');
    const literal = /__insertCSS\(("(?:[^"\\]|\\.)*")\)/.exec(js)?.[1];
    if (literal) texts.push(JSON.parse(literal) as string);
  } catch {
    // Without it, toasts are unstyled and the browser reports the block: the e2e tests catch it.
  }
  return texts.map(sha256);
}

/**
 * The panel's Content-Security-Policy: its own scripts and the inline bootstrap by hash (no
 * 'unsafe-inline', no nonce: the page is a static file), calls to its own origin only, and no
 * one may frame it.
 */
export function adminCsp(html: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScriptHashes(html).join(' ')}`,
    `style-src 'self' ${injectedStyleHashes().join(' ')}`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "object-src 'none'",
    "base-uri 'self'",
  ].join('; ');
}

/**
 * Serves the panel under /admin/* on the shop's own origin (the `sf_staff` cookie and the CSRF
 * guard work as they are): hashed assets immutable and precompressed, every other /admin path
 * the SPA's index.html, never stored. The store-state gate guards /api only, so the panel opens
 * while the shop is closed; its API calls (/api/admin/…) are open to staff then too.
 */
export async function registerAdminPanel(app: FastifyInstance): Promise<void> {
  const indexFile = path.join(adminBuildDir, 'index.html');
  const built = existsSync(indexFile);
  if (!built) app.log.warn(NOT_BUILT);
  const html = built ? readFileSync(indexFile, 'utf8') : '';
  const csp = built ? adminCsp(html) : '';

  if (built) {
    await app.register(fastifyStatic, {
      root: path.join(adminBuildDir, 'assets'),
      prefix: `${ADMIN_PREFIX}/assets/`,
      wildcard: false,
      decorateReply: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res) => res.setHeader('cache-control', IMMUTABLE),
    });
  }

  // The service worker that shows order notifications (apps/admin/public/push-sw.js): at the
  // panel's root so its scope is /admin/, never cached (a new one replaces the old at once).
  const workerFile = path.join(adminBuildDir, PUSH_WORKER);
  const worker = built && existsSync(workerFile) ? readFileSync(workerFile) : null;
  app.get(`${ADMIN_PREFIX}/${PUSH_WORKER}`, { schema: { hide: true } }, (_req, reply) => {
    if (!worker) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return reply
      .header('cache-control', 'no-cache')
      .header('content-security-policy', "default-src 'none'")
      .header('service-worker-allowed', `${ADMIN_PREFIX}/`)
      .type('text/javascript; charset=utf-8')
      .send(worker);
  });

  const answer = async (url: string, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow');
    if (!built) return reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
    // A hashed file that does not exist (an old tab after a deploy) is a 404, not the page.
    if (url.startsWith(`${ADMIN_PREFIX}/assets/`))
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return reply
      .header('content-security-policy', csp)
      .header('referrer-policy', 'same-origin')
      .type('text/html; charset=utf-8')
      .send(html);
  };
  for (const url of [ADMIN_PREFIX, `${ADMIN_PREFIX}/*`]) {
    app.route({
      method: ['GET', 'HEAD'],
      url,
      schema: { hide: true },
      handler: (req, reply) => answer(req.url.split('?')[0]!, reply),
    });
  }
}
