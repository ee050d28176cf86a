import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { StorefrontLoadContext } from '@shopfront/shared';
import { sendWebResponse, toWebRequest } from './adapter.ts';
import { ApiCookieJar } from './api-cookies.ts';
import { acceptFormBodiesOnly } from './form-bodies.ts';
import { IMMUTABLE } from '../lib/asset-headers.ts';
import { inProcessApi } from './in-process-api.ts';
import { pageUrl } from './page-url.ts';
import {
  hashedCsp,
  PageCache,
  pageCacheKey,
  PRIVATE_PAGE_CACHE_CONTROL,
  sendEntry,
  withoutOwnCookies,
} from './page-cache.ts';
import { sharedPageMatcher } from './shared-pages.ts';

export const storefrontRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../storefront');
const buildDir = path.join(storefrontRoot, 'build');

type Handler = (request: Request, context: StorefrontLoadContext) => Promise<Response>;
type Rendered = { res: Response; setCookies: string[] };

const nonceOf = (reply: FastifyReply) =>
  (reply as FastifyReply & { cspNonce?: { script: string; style: string } }).cspNonce;

/** A render anyone may be sent: a 200 that sets no cookie and asks for no privacy. */
function mayBeShared({ res, setCookies }: Rendered): boolean {
  return (
    res.status === 200 &&
    setCookies.length === 0 &&
    !/\b(private|no-store|no-cache)\b/i.test(res.headers.get('cache-control') ?? '')
  );
}

/** The path of a page URL (pageUrl's: always a path), or '' should it still not parse. */
function pathnameOf(url: string): string {
  try {
    return new URL(url, 'http://x').pathname;
  } catch {
    return '';
  }
}

/** A page rendered for one visitor: no shared cache may keep it, whatever the route said. */
function privately(res: Response): Response {
  if (res.headers.has('cache-control')) return res;
  const headers = new Headers(res.headers);
  headers.set('cache-control', PRIVATE_PAGE_CACHE_CONTROL);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

function loadContext(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  cookies: ApiCookieJar,
): StorefrontLoadContext {
  const nonce = nonceOf(reply);
  return {
    api: inProcessApi(app, req, reply, cookies),
    cspNonce: nonce ?? null,
    requestId: req.id,
    adminOrigin: app.env.ADMIN_ORIGIN ?? null,
  };
}

/**
 * Renders one storefront request. The Set-Cookie headers of the page are its own plus those of
 * the API calls its loaders and actions made (a session's renewed expiry, a dead one cleared).
 * `cookie`: the Cookie header the render sees (a shared page's leaves out the visitor's own).
 */
async function renderPage(
  app: FastifyInstance,
  handle: Handler,
  req: FastifyRequest,
  reply: FastifyReply,
  cookie: string | undefined,
): Promise<Rendered> {
  const cookies = new ApiCookieJar(cookie);
  const res = await handle(toWebRequest(req, reply, cookie), loadContext(app, req, reply, cookies));
  const own = res.headers.getSetCookie();
  const setCookies = [...own, ...cookies.forResponse(own)];
  // A response that sets a cookie (a session's renewed token) is personal: never let a shared
  // cache keep it, whatever the route asked for (robots.txt and the sitemap ask for public).
  if (setCookies.length && /\b(public|s-maxage)\b/i.test(res.headers.get('cache-control') ?? '')) {
    const headers = new Headers(res.headers);
    headers.set('cache-control', 'private, no-store');
    return { res: new Response(res.body, { status: res.status, statusText: res.statusText, headers }), setCookies };
  }
  return { res, setCookies };
}

/**
 * Serves the React Router storefront from this Fastify instance: the production build, or Vite
 * in middleware mode with hot reload when `dev` is set.
 */
export async function registerStorefront(app: FastifyInstance, opts: { dev: boolean }): Promise<void> {
  let handle: Handler;
  let isSharedPage: (pathname: string) => boolean = () => false;
  let runVite: ((req: FastifyRequest, reply: FastifyReply) => Promise<boolean>) | null = null;

  if (opts.dev) {
    const { createServer } = await import('vite');
    const vite = await createServer({
      root: storefrontRoot,
      configFile: path.join(storefrontRoot, 'vite.config.ts'),
      server: { middlewareMode: true },
      appType: 'custom',
    });
    app.addHook('onClose', () => vite.close());
    handle = async (request, context) => {
      const build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
      return createRequestHandler(build, 'development')(request, context as never);
    };
    runVite = (req, reply) =>
      new Promise((resolve) => {
        vite.middlewares(req.raw, reply.raw, () => resolve(false));
        reply.raw.on('finish', () => resolve(true));
      });
  } else {
    const serverEntry = path.join(buildDir, 'server/index.js');
    if (!existsSync(serverEntry)) {
      throw new Error(`Storefront build missing at ${serverEntry}: run "npm run build" first`);
    }
    const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
    // The build bundles its own production React Router (apps/storefront/vite.config.ts); the
    // handler must come from that copy too. A build from before that change has none.
    const fromBuild = (build.entry.module as { createRequestHandler?: typeof createRequestHandler })
      .createRequestHandler;
    const requestHandler = (fromBuild ?? createRequestHandler)(build, 'production');
    handle = (request, context) => requestHandler(request, context as never);
    isSharedPage = sharedPageMatcher(build.routes);
    await app.register(fastifyStatic, {
      root: path.join(buildDir, 'client'),
      prefix: '/',
      wildcard: false,
      decorateReply: false,
      // scripts/precompress.mjs wrote a .br and a .gz beside each text file at build time.
      preCompressed: true,
      // The headers below, not @fastify/send's own (it would write `max-age=0` over them).
      cacheControl: false,
      // Hashed file names under /assets never change; anything else is revalidated hourly.
      setHeaders: (res, file) => {
        res.setHeader(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : 'public, max-age=3600',
        );
      },
    });
  }

  const cache =
    !opts.dev && app.env.PAGE_CACHE_MB > 0
      ? new PageCache(app.contentVersion, app.env.PAGE_CACHE_MB * 1024 * 1024)
      : null;
  app.pageCache = cache;

  await app.register(async (scope) => {
    acceptFormBodiesOnly(scope);
    scope.route({
      method: ['GET', 'HEAD', 'POST'],
      url: '/*',
      schema: { hide: true },
      handler: async (req, reply) => {
        if (runVite) {
          reply.hijack();
          if (await runVite(req, reply)) return;
          const { res, setCookies } = await renderPage(app, handle, req, reply, req.headers.cookie);
          reply.raw.statusCode = res.status;
          res.headers.forEach((v, k) => k !== 'set-cookie' && reply.raw.setHeader(k, v));
          reply.raw.setHeader('set-cookie', setCookies);
          reply.raw.end(Buffer.from(await res.arrayBuffer()));
          return;
        }
        // A HEAD is answered from a kept GET (the hook), never rendered into the cache: its render
        // has no body.
        const found = cache && req.method === 'GET' ? pageCacheKey(req) : null;
        const sharedPage = found !== null && isSharedPage(pathnameOf(pageUrl(req.url)));
        // A visitor with cookies of their own (signed in, a cart) shares only pages that opted in,
        // rendered without those cookies (ADR 31); every other page is rendered for them below.
        if (cache && found && (!found.own || sharedPage)) {
          const cookie = found.own ? withoutOwnCookies(req.headers.cookie) : req.headers.cookie;
          let own: Rendered | null = null;
          const entry = await cache.getOrRender(found.key, async () => {
            const rendered = await renderPage(app, handle, req, reply, cookie);
            if (!mayBeShared(rendered)) {
              own = rendered;
              return null;
            }
            const body = Buffer.from(await rendered.res.arrayBuffer());
            const headers: [string, string][] = [];
            for (const [k, v] of Object.entries(reply.getHeaders())) {
              if (v !== undefined) headers.push([k.toLowerCase(), Array.isArray(v) ? v.join(', ') : String(v)]);
            }
            rendered.res.headers.forEach((v, k) => headers.push([k, v]));
            const csp = reply.getHeader('content-security-policy');
            return {
              status: rendered.res.status,
              headers,
              body,
              csp: typeof csp === 'string' ? hashedCsp(csp, body.toString('utf8'), nonceOf(reply)) : null,
              sharedPage,
            };
          });
          if (entry) return sendEntry(req, reply, entry, cache);
          // This render was for someone in particular, or another request's was (then render anew).
          const { res, setCookies } = own ?? (await renderPage(app, handle, req, reply, cookie));
          return sendWebResponse(reply, privately(res), setCookies);
        }
        const { res, setCookies } = await renderPage(app, handle, req, reply, req.headers.cookie);
        return sendWebResponse(reply, privately(res), setCookies);
      },
    });
  });
}
