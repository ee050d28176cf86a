import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import {
  CART_SESSION_COOKIE,
  SESSION_COOKIE,
  SIGNED_IN_COOKIE,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyMessages,
  messages,
} from '@shopfront/shared';
import type { Db } from '../db/client.ts';
import { namedQuery } from '../db/named-query.ts';
import { HttpError } from './http.ts';

/** How a route honours an Idempotency-Key header (ADR 17). */
export interface IdempotentRoute {
  /**
   * Cookies of this route's answers that a retry gets again: only ones that hand the holder of
   * the key's scope nothing they could not get themselves (a signed reference to what the request
   * made, a flag). An answer setting any other cookie (a new secret) is not kept: the retry runs.
   */
  replayCookies?: readonly string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Honour an Idempotency-Key header on this route (ADR 17). */
    idempotent?: boolean | IdempotentRoute;
  }
}

/** How long a key and its answer are kept (and replayed). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
/**
 * A claim still without an answer after this long belongs to a process that died mid-request
 * (a live one always answers or releases): a retry of the same request may take it over.
 */
export const IDEMPOTENCY_ABANDONED_MS = 2 * 60_000;

/** Appended to the OpenAPI summary of every idempotent route. */
export const IDEMPOTENCY_NOTE =
  '. Optional Idempotency-Key header (1-255 visible ASCII, 422 otherwise): a retry with the same key and request replays the first answer (status, body and the cookies the route may give again, header Idempotent-Replayed: true) without running again; the same key with another request answers 422; while the first is still running, 409';

const VISIBLE_ASCII = /^[\x21-\x7e]{1,255}$/;

/** The key of an Idempotency-Key header value, or null when it is not 1-255 visible ASCII characters. */
export function parseIdempotencyKey(raw: string): string | null {
  // The draft sends the key as a structured-field string ("…"); a bare token is taken as well.
  const value = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  return VISIBLE_ASCII.test(value) ? value : null;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Deeper requests are refused before hashing (no real body nests this far; recursion must stay bounded). */
const MAX_DEPTH = 32;

/** Objects with their keys sorted (recursively), so `{a,b}` and `{b,a}` hash alike. */
function canonical(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) throw new HttpError(422, messages.invalidData);
  if (Array.isArray(value)) return value.map((v) => canonical(v, depth + 1));
  if (value !== null && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(obj)
        .sort()
        .map((k) => [k, canonical(obj[k], depth + 1)]),
    );
  }
  return value;
}

/** Fingerprint of what the request asks for: path parameters, query and the parsed body. */
const hashRequest = (req: FastifyRequest) =>
  sha256(JSON.stringify(canonical({ params: req.params ?? null, query: req.query ?? null, body: req.body ?? null })));

/**
 * Whose key this is. Keys are chosen by clients, so they are only unique per client: a staff
 * member's keys on the owner's API belong to them; a signed-in customer's keys belong to the customer (any device, any address); a guest's to their cart
 * cookie when they have one, else to their client address; both hashed, so the table holds no
 * tokens and no addresses.
 */
async function scopeOf(req: FastifyRequest): Promise<string> {
  // The owner's API: the staff member's keys (the panel retries a stock change after a dropped answer).
  if (req.routeOptions.url?.startsWith('/api/admin/')) {
    const staff = await req.getStaff();
    if (staff) return `staff:${staff.id}`;
  }
  const customer = await req.getCustomer();
  if (customer) return `customer:${customer.id}`;
  // A guest's cart cookie follows the browser across addresses; it is hashed like any token.
  const cart = req.cookies?.[CART_SESSION_COOKIE];
  if (cart && /^[A-Za-z0-9_-]{43}$/.test(cart)) return `cart:${sha256(cart)}`;
  return `guest:${sha256(req.ip)}`;
}

interface KeyId {
  scope: string;
  route: string;
  key: string;
}
interface Claim extends KeyId {
  /** created_at of the claimed row as text: store and release touch this claim, never a later one. */
  claimedAt: string;
}

const ms = (n: number) => sql`(${n}::float8 * interval '1 millisecond')`;

/**
 * Claims the key in one statement: a new row, or an expired one (or an abandoned claim of the same
 * request) taken over. Answers the claim's created_at, or null when someone else holds the key.
 */
async function claimKey(db: Db, id: KeyId, requestHash: string): Promise<string | null> {
  const [row] = await claimRow(db, { id, requestHash });
  return row?.claimed_at ?? null;
}

const claimRow = namedQuery<{ claimed_at: string }>()({
  name: 'idempotency.claim',
  columns: ['claimed_at'],
  example: { id: { scope: 's', route: 'r', key: 'k' }, requestHash: 'h' },
  build: ({ id, requestHash }: { id: KeyId; requestHash: string }) =>
    sql`insert into idempotency_keys as k (scope, route, key, request_hash, expires_at)
        values (${id.scope}, ${id.route}, ${id.key}, ${requestHash}, now() + ${ms(IDEMPOTENCY_TTL_MS)})
        on conflict (scope, route, key) do update set
          request_hash = excluded.request_hash, response_status = null, response_body = null, response_cookies = null,
          created_at = now(), expires_at = excluded.expires_at
        where k.expires_at <= now()
           or (k.response_status is null and k.request_hash = excluded.request_hash
               and k.created_at <= now() - ${ms(IDEMPOTENCY_ABANDONED_MS)})
        returning k.created_at::text as claimed_at`,
});

const liveKey = namedQuery<{
  request_hash: string;
  response_status: number | null;
  response_body: string | null;
  response_cookies: string[] | null;
}>()({
  name: 'idempotency.live-key',
  columns: ['request_hash', 'response_status', 'response_body', 'response_cookies'],
  example: { scope: 's', route: 'r', key: 'k' },
  build: (id: KeyId) =>
    sql`select request_hash, response_status, response_body, response_cookies from idempotency_keys
        where scope = ${id.scope} and route = ${id.route} and key = ${id.key} and expires_at > now()`,
});

async function findLiveKey(db: Db, id: KeyId) {
  const [row] = await liveKey(db, id);
  return row ?? null;
}

const thisClaim = (c: Claim) =>
  sql`scope = ${c.scope} and route = ${c.route} and key = ${c.key}
      and response_status is null and created_at = ${c.claimedAt}::timestamptz`;

const claims = new WeakMap<FastifyRequest, Claim>();

/**
 * preValidation (after the route's own checks, so a guest turned away with 401 claims nothing;
 * before body validation, so a 422 is an answer like any other): claims the key, or answers
 * from the earlier request with the same key.
 */
async function claimOrReplay(route: string, req: FastifyRequest, reply: FastifyReply) {
  const raw = req.headers[IDEMPOTENCY_KEY_HEADER];
  if (raw === undefined) return;
  const key = typeof raw === 'string' ? parseIdempotencyKey(raw) : null;
  if (key === null) {
    throw new HttpError(422, idempotencyMessages.invalidKey, { 'Idempotency-Key': [idempotencyMessages.invalidKey] });
  }
  const db = req.server.db;
  const id = { scope: await scopeOf(req), route, key };
  const requestHash = hashRequest(req);
  // A second round only when the holder released or expired between the two statements.
  for (let round = 0; round < 3; round++) {
    const claimedAt = await claimKey(db, id, requestHash);
    if (claimedAt !== null) {
      claims.set(req, { ...id, claimedAt });
      return;
    }
    const held = await findLiveKey(db, id);
    if (!held) continue;
    if (held.request_hash !== requestHash) throw new HttpError(422, idempotencyMessages.keyReused);
    if (held.response_status === null || held.response_body === null) {
      throw new HttpError(409, idempotencyMessages.inFlight);
    }
    if (held.response_cookies?.length) reply.header('set-cookie', held.response_cookies);
    return reply
      .code(held.response_status)
      .header(IDEMPOTENT_REPLAYED_HEADER, 'true')
      .type('application/json; charset=utf-8')
      .send(held.response_body);
  }
  throw new HttpError(409, idempotencyMessages.inFlight);
}

/**
 * Cookies every request looks after for itself (a session's sliding renewal, its readable flag):
 * the retry's own request sets them again if due, so they are neither kept nor a reason not to keep.
 */
const UPKEEP_COOKIES = new Set([SESSION_COOKIE, SIGNED_IN_COOKIE]);

const setCookieLines = (reply: FastifyReply): string[] => {
  const raw = reply.getHeader('set-cookie');
  return raw === undefined ? [] : Array.isArray(raw) ? raw.map(String) : [String(raw)];
};

/**
 * The answer's Set-Cookie lines a retry should get again, or null when the answer must not be
 * kept: it sets a cookie the route did not name as safe to replay (a new guest cart's secret:
 * stored, it would put a live secret in this table and hand it to anyone sharing the guest's scope).
 */
function replayableCookies(reply: FastifyReply, replay: ReadonlySet<string>): string[] | null {
  const kept: string[] = [];
  for (const line of setCookieLines(reply)) {
    const name = line.slice(0, Math.max(0, line.indexOf('='))).trim();
    if (replay.has(name)) kept.push(line);
    else if (!UPKEEP_COOKIES.has(name)) return null;
  }
  return kept;
}

/** Only an uncompressed text body is kept (registration order makes it so: see the plugin). */
function bodyOf(reply: FastifyReply, payload: unknown): string | null {
  const encoding = reply.getHeader('content-encoding');
  if (encoding !== undefined && encoding !== 'identity') return null;
  return typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
}

/**
 * onSend: keeps the answer of a claimed request for its retries, or releases the claim so a retry
 * runs again. Kept: every answer below 500 (the draft replays errors too: a 4xx changed nothing
 * and will not change on a retry of the same request) except 429, which asks to come back later;
 * with it the Set-Cookie lines the route names as replayable. Not kept (the retry runs again): an
 * answer setting another cookie (see replayableCookies), and one that is not plain text.
 */
function storeOrRelease(replay: ReadonlySet<string>) {
  return async function idempotencyStore(req: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const claim = claims.get(req);
    if (!claim) return payload;
    claims.delete(req);
    const status = reply.statusCode;
    const body = bodyOf(reply, payload);
    const cookies = replayableCookies(reply, replay);
    if (body === null && status < 500)
      req.log.warn({ status }, 'idempotency: an answer that is not plain text is not kept');
    const db = req.server.db;
    try {
      if (status < 500 && status !== 429 && body !== null && cookies !== null) {
        await db.execute(
          sql`update idempotency_keys set response_status = ${status}, response_body = ${body},
                response_cookies = ${cookies.length ? sql`array(select jsonb_array_elements_text(${JSON.stringify(cookies)}::jsonb))` : null}
              where ${thisClaim(claim)}`,
        );
      } else {
        await db.execute(sql`delete from idempotency_keys where ${thisClaim(claim)}`);
      }
    } catch (err) {
      // The request itself is done: answer it. The claim stays in flight until IDEMPOTENCY_ABANDONED_MS.
      req.log.warn({ err }, 'idempotency: could not store the answer');
    }
    return payload;
  };
}

const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/**
 * Routes declared with `config: { idempotent: true }` (or `{ replayCookies }`) honour the
 * Idempotency-Key header (ADR 17). Register before the routes: the hooks are attached as each
 * route is declared, after its own. Register before @fastify/compress too: its onSend, attached
 * the same way, then runs after ours, so the answer is kept as the handler made it and a replay is
 * compressed again for whatever the retry accepts.
 */
export const idempotencyPlugin = fp(
  async (app) => {
    app.addHook('onRoute', (route: RouteOptions) => {
      if (!route.config?.idempotent) return;
      const name = `${asArray(route.method).join(',')} ${route.url}`;
      route.preValidation = [
        ...asArray(route.preValidation),
        async function idempotencyClaim(req: FastifyRequest, reply: FastifyReply) {
          return claimOrReplay(name, req, reply);
        },
      ];
      const replay = new Set(route.config.idempotent === true ? [] : (route.config.idempotent.replayCookies ?? []));
      route.onSend = [...asArray(route.onSend), storeOrRelease(replay)];
    });
  },
  { name: 'idempotency' },
);
