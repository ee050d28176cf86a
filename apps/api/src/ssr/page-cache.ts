import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import { PAGE_CACHE_COOKIES, SESSION_COOKIE, SIGNED_IN_COOKIE } from '@shopfront/shared';
import { CONTENT_MAX_AGE_MS, type ContentVersion } from '../lib/content-version.ts';
import { pageUrl } from './page-url.ts';

const brotli = promisify(brotliCompress);

/**
 * Whole storefront pages for visitors who carry nothing personal (ADR 28), and browsing pages for
 * signed-in shoppers and shoppers with a cart too (ADR 31: their browser loads their own parts
 * after the page). A page that depends on no one is rendered once per URL and per the
 * few cookies that change it (channel, cookie choice, grid size, notice closed), kept while the
 * content generation it was rendered under is current (lib/content-version.ts) and at most
 * CONTENT_MAX_AGE_MS, and served from memory, compressed, before any other hook runs.
 *
 * Its Content-Security-Policy lists the SHA-256 of each inline script and style instead of the
 * render's nonce: a nonce sent to everyone is no secret. A CDN may keep the page too
 * (`s-maxage`, `stale-while-revalidate`, `Vary: Cookie`), and browsers revalidate with its ETag.
 */

/** Shared caches may keep a page this long, then serve it stale while fetching it again. */
export const SHARED_MAX_AGE_S = 60;
export const STALE_WHILE_REVALIDATE_S = 300;
export const PUBLIC_PAGE_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_MAX_AGE_S}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_S}`;
/** What a page rendered for someone in particular says to every cache. */
export const PRIVATE_PAGE_CACHE_CONTROL = 'private, no-store';

/** Paths that are never pages: the API, media, build assets, developer tools, resource routes. */
const NOT_A_PAGE = /^\/(api|media|assets|dev|resources)(\/|$)/;

/** Headers of the render that are per request, or rewritten when the entry is sent. */
const NOT_STORED = new Set([
  'set-cookie',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'x-request-id',
  'etag',
  'cache-control',
  'vary',
  'content-security-policy',
  'connection',
  'keep-alive',
  'date',
]);

interface Entry {
  key: string;
  generation: number;
  storedAt: number;
  /** The route opted in (`sharedPage`): a visitor with cookies of their own may be sent it too. */
  sharedPage: boolean;
  status: number;
  headers: [string, string][];
  etag: string;
  body: Buffer;
  br: Buffer;
  /** Made on the first request that takes gzip and not brotli (few do): a render pays for brotli only. */
  gzip: Buffer | null;
  bytes: number;
}

const PERSONAL = new Set<string>(PAGE_CACHE_COOKIES.personal);
const OWN = new Set<string>(PAGE_CACHE_COOKIES.own);
const VARY = new Set<string>(PAGE_CACHE_COOKIES.vary);

/**
 * React Router's own fetches (route manifest, a client navigation's data): kept here, but never
 * stored by the browser. Chromium, revalidating two identical fetches at once, left one of them
 * hanging forever (a stored copy, ETag, 304).
 */
const ROUTER_FETCH = /^\/__manifest(\?|$)|\.data(\?|$)/;

/** The name of one `name=value` part of a Cookie header. */
function cookieName(part: string): string {
  const i = part.indexOf('=');
  return (i < 0 ? part : part.slice(0, i)).trim();
}

/**
 * The cookie values a page varies on and whether the visitor has cookies of their own (a
 * session, a cart), or null when the visitor carries a personal cookie (staff, a store password).
 */
function cookieKey(header: string | undefined): { vary: string; own: boolean } | null {
  if (!header) return { vary: '', own: false };
  const vary: string[] = [];
  let own = false;
  let session = false;
  let flag = false;
  for (const part of header.split(';')) {
    const name = cookieName(part);
    if (PERSONAL.has(name)) return null;
    if (OWN.has(name)) own = true;
    else if (VARY.has(name)) vary.push(`${name}=${part.slice(part.indexOf('=') + 1).trim()}`);
    if (name === SESSION_COOKIE) session = true;
    else if (name === SIGNED_IN_COOKIE) flag = true;
  }
  // A session without its flag (from before the flag, or a browser that lost it) would never
  // load its account on a shared page: its page is rendered for it once, which sets the flag.
  if (session && !flag) return null;
  return { vary: vary.sort().join('&'), own };
}

/** The Cookie header without the visitor's own cookies: what a shared page is rendered with. */
export function withoutOwnCookies(header: string | undefined): string {
  if (!header) return '';
  return header
    .split(';')
    .filter((part) => !OWN.has(cookieName(part)))
    .join(';')
    .trim();
}

export interface PageCacheKey {
  key: string;
  /** The visitor has cookies of their own: only a `sharedPage` entry may answer them. */
  own: boolean;
}

/** The cache key of a request that may be answered from the cache, else null. */
export function pageCacheKey(req: FastifyRequest): PageCacheKey | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const url = pageUrl(req.url);
  if (NOT_A_PAGE.test(url)) return null;
  const cookies = cookieKey(req.headers.cookie);
  if (cookies === null) return null;
  // A client navigation's data may hold the root's (after a form was sent): the account. It is
  // answered for its visitor (a document holds no account: the browser loads it after).
  if (cookies.own && ROUTER_FETCH.test(url)) return null;
  // Crawlers get the whole document at once (entry.server.tsx), browsers a stream: same HTML.
  const agent = req.headers['user-agent'];
  const bot = agent ? isbot(agent) : false;
  return { key: `${req.protocol}://${req.host}${url}\n${cookies.vary}\n${bot ? 'bot' : ''}`, own: cookies.own };
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The render's CSP with its nonces replaced by the hashes of the inline scripts and styles the
 * page holds (scripts with a `src` need no hash: their origin is allowed by the policy).
 */
export function hashedCsp(csp: string, html: string, nonces: { script: string; style: string } | undefined): string {
  if (!nonces) return csp;
  // Only what the render itself marked with its nonce: an inline script or style without it
  // (injected markup) stays as blocked as the nonce policy had it.
  const marked = (attrs: string, nonce: string) => new RegExp(`\\snonce="${nonce}"`).test(attrs);
  const scripts = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (!/\ssrc\s*=/i.test(m[1]!) && m[2] && marked(m[1]!, nonces.script)) scripts.add(sha256(m[2]));
  }
  const styles = new Set<string>();
  for (const m of html.matchAll(/<style\b([^>]*)>([\s\S]*?)<\/style>/gi)) {
    if (m[2] && marked(m[1]!, nonces.style)) styles.add(sha256(m[2]));
  }
  return csp
    .replaceAll(`'nonce-${nonces.script}'`, [...scripts].join(' '))
    .replaceAll(`'nonce-${nonces.style}'`, [...styles].join(' '))
    .replace(/ +;/g, ';');
}

export class PageCache {
  readonly #entries = new Map<string, Entry>();
  readonly #inflight = new Map<string, Promise<Entry | null>>();
  readonly #maxBytes: number;
  #bytes = 0;
  hits = 0;
  /** Renders of a cacheable page that found no current entry (the metrics' page cache misses). */
  misses = 0;

  constructor(
    private readonly version: ContentVersion,
    maxBytes: number,
  ) {
    this.#maxBytes = maxBytes;
    // Nothing cached before a change is served after it: free the memory at once.
    version.onBump(() => this.clear());
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  /** A current entry for `key`, or undefined. */
  get(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.generation !== this.version.current || Date.now() - entry.storedAt > CONTENT_MAX_AGE_MS) {
      this.#delete(entry);
      return undefined;
    }
    // Least recently used goes first: move to the end.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  /**
   * The entry for `key`, rendering it with `render` when there is none; concurrent callers for the
   * same key share one render. `render` answers null when its page may not be cached.
   */
  async getOrRender(
    key: string,
    render: () => Promise<{
      status: number;
      headers: [string, string][];
      body: Buffer;
      csp: string | null;
      sharedPage: boolean;
    } | null>,
  ): Promise<Entry | null> {
    const found = this.get(key);
    if (found) {
      this.hits += 1;
      return found;
    }
    this.misses += 1;
    const running = this.#inflight.get(key);
    if (running) return running;
    const generation = this.version.current;
    const job = (async () => {
      const page = await render();
      if (!page) return null;
      const headers = page.headers.filter(([k]) => !NOT_STORED.has(k));
      if (page.csp) headers.push(['content-security-policy', page.csp]);
      const br = await brotli(page.body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: page.body.length,
        },
      });
      const entry: Entry = {
        key,
        generation,
        storedAt: Date.now(),
        sharedPage: page.sharedPage,
        status: page.status,
        headers,
        etag: `"${createHash('sha256').update(page.body).digest('base64url').slice(0, 27)}"`,
        body: page.body,
        br,
        gzip: null,
        bytes: page.body.length + br.length + key.length,
      };
      // Rendered under a generation that has moved on meanwhile: answer it, keep nothing.
      if (generation === this.version.current && entry.bytes <= this.#maxBytes / 4) this.#store(entry);
      return entry;
    })().finally(() => this.#inflight.delete(key));
    this.#inflight.set(key, job);
    return job;
  }

  /** The entry's gzip body, made on first use and then counted in the cache's size. */
  gzipOf(entry: Entry): Buffer {
    if (entry.gzip) return entry.gzip;
    const gz = gzipSync(entry.body, { level: 6 });
    entry.gzip = gz;
    entry.bytes += gz.length;
    if (this.#entries.get(entry.key) === entry) this.#bytes += gz.length;
    return gz;
  }

  #store(entry: Entry): void {
    const old = this.#entries.get(entry.key);
    if (old) this.#delete(old);
    this.#entries.set(entry.key, entry);
    this.#bytes += entry.bytes;
    for (const oldest of this.#entries.values()) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#delete(oldest);
    }
  }

  #delete(entry: Entry): void {
    if (this.#entries.get(entry.key) === entry) {
      this.#entries.delete(entry.key);
      this.#bytes -= entry.bytes;
    }
  }
}

/** Which of the stored encodings the client takes (brotli first), or null for the plain body. */
function encodingFor(accept: string | undefined): 'br' | 'gzip' | null {
  if (!accept) return null;
  const offered = new Map<string, number>();
  for (const part of accept.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    offered.set(name!.trim(), q === undefined ? 1 : Number(q));
  }
  const allows = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return null;
}

/** Sends a cached page: 304 when the browser's copy is current, else the best encoding. */
export function sendEntry(req: FastifyRequest, reply: FastifyReply, entry: Entry, cache: PageCache): FastifyReply {
  for (const [k, v] of entry.headers) reply.header(k, v);
  reply.header('vary', 'Accept-Encoding, Cookie');
  if (ROUTER_FETCH.test(req.url)) {
    reply.header('cache-control', 'no-store');
  } else {
    reply.header('cache-control', PUBLIC_PAGE_CACHE_CONTROL);
    reply.header('etag', entry.etag);
    const match = req.headers['if-none-match'];
    if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === entry.etag)) {
      return reply.code(304).send();
    }
  }
  reply.code(entry.status);
  const encoding = encodingFor(req.headers['accept-encoding']);
  const body = encoding === 'br' ? entry.br : encoding === 'gzip' ? cache.gzipOf(entry) : entry.body;
  if (encoding) reply.header('content-encoding', encoding);
  reply.header('content-length', body.length);
  return reply.send(req.method === 'HEAD' ? undefined : body);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Null until a production storefront is registered (ssr/storefront.ts). */
    pageCache: PageCache | null;
  }
}

/**
 * The first onRequest hook after the request id: a cached page is answered here, before the
 * session, CSP, store-state and rate-limit hooks, none of which a cached page needs.
 */
export async function answerFromPageCache(this: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
  const cache = this.pageCache;
  if (!cache) return;
  const found = pageCacheKey(req);
  if (!found) return;
  const entry = cache.get(found.key);
  if (!entry || (found.own && !entry.sharedPage)) return;
  cache.hits += 1;
  sendEntry(req, reply, entry, cache);
  return reply;
}
