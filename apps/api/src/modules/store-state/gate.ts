import type { FastifyReply, FastifyRequest } from 'fastify';
import { MAINTENANCE_RETRY_AFTER_S, storeStateMessages, type StoreState } from '@shopfront/shared';
import { visitorAccess } from './access.ts';

/**
 * API paths that answer while the shop is closed: what the special pages and the shell need
 * (the storefront's own reads, its password and mode-subscription forms, settings, base, health),
 * the owner's API and staff sign-in (/api/admin, which checks staff itself), payment results the
 * providers send or sign (money already moved: the verdict must be recorded whatever the shop
 * shows), the API docs and the developer outbox. Everything else (catalog, search, cart,
 * wishlist, checkout, orders, tracking, reviews, forms, blog, content, account, addresses,
 * plugins, the channel switch, customer sign-in …) is closed: a new route is closed by default,
 * never forgotten open. The storefront's paths are listed one by one, with their method, for the
 * same reason.
 *
 * Customer sign-in (/api/auth/*) is closed, sign-out excepted: a closed shop has no accounts to
 * use, and an open login would let anyone probe which e-mails are customers while the shop hides
 * everything else.
 */
const OPEN_PREFIXES = [
  '/api/settings/',
  '/api/base/',
  '/api/admin/',
  '/api/payments/webhook/',
  '/api/docs',
  '/api/dev/',
] as const;
const OPEN_PATHS = new Set([
  '/api/health',
  '/api/auth/logout',
  '/api/checkout/complete',
  '/api/checkout/complete-payment',
]);
/** Open for these methods only (a route's pattern → methods). */
const OPEN_ROUTES = new Map<string, readonly string[]>([
  ['/api/storefront/all', ['GET', 'HEAD']],
  ['/api/storefront/initial-values', ['GET', 'HEAD']],
  ['/api/storefront/shell', ['GET', 'HEAD']],
  ['/api/storefront/channels', ['GET', 'HEAD']],
  ['/api/storefront/verify-password', ['POST']],
  ['/api/storefront/subscribe-to-mode', ['POST']],
]);

/**
 * True when `method path` (the route's pattern, no query) answers whatever the shop's state;
 * non-API paths are not the gate's.
 */
export function isOpenWhileClosed(path: string, method = 'GET'): boolean {
  if (!path.startsWith('/api/')) return true;
  if (OPEN_ROUTES.has(path)) return OPEN_ROUTES.get(path)!.includes(method);
  return OPEN_PATHS.has(path) || OPEN_PREFIXES.some((p) => path.startsWith(p));
}

const CLOSED: Record<Exclude<StoreState, 'open'>, { status: number; message: string }> = {
  password: { status: 403, message: storeStateMessages.closedPassword },
  'coming-soon': { status: 403, message: storeStateMessages.closedComingSoon },
  maintenance: { status: 503, message: storeStateMessages.closedMaintenance },
};

/**
 * onRequest hook for the whole app: while the shop is closed for this visitor, every API call
 * outside the allowlist answers 403 (password, Coming Soon) or 503 with Retry-After (Under
 * Maintenance), never indexed. One hook, so no route can forget the check.
 */
export async function storeStateGate(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  // The route's own pattern, not the raw URL: no encoding or dot-segment trick changes which
  // handler answers. A request no route matched (404) has nothing to protect.
  const route = req.routeOptions.url;
  if (route === undefined || isOpenWhileClosed(route, req.method)) return undefined;
  const { state } = await visitorAccess(req);
  if (state === 'open') return undefined;
  const closed = CLOSED[state];
  reply.header('x-robots-tag', 'noindex').header('cache-control', 'no-store');
  if (state === 'maintenance') reply.header('retry-after', String(MAINTENANCE_RETRY_AFTER_S));
  return reply.code(closed.status).send({ status: 'error', message: closed.message });
}
