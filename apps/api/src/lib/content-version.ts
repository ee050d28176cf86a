import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';

/**
 * What anonymous pages and the shell data show changes rarely: a per-process cache may keep them
 * as long as nothing they read has changed (ARCHITECTURE.md, Caching; ADR 28). Every table they
 * read carries a statement trigger (migration 0018) that sends `NOTIFY shopfront_content, '<table>'`
 * when its transaction commits; each process listens and moves its generation on. A cache entry
 * remembers the generation it was computed under and is only served while that is still the
 * current one. PGlite delivers the notification in-process; PostgreSQL to every process's own
 * listening connection (a lost connection moves the generation on too: what it missed is
 * unknown).
 */
export const CONTENT_CHANNEL = 'shopfront_content';

/**
 * Tables whose rows no anonymous page shows: personal (carts, accounts, orders), transactional or
 * internal. Every other table must carry the trigger; content-version.test.ts checks that each
 * table of the schema is in one list or has it, so a new table has to choose.
 */
export const UNWATCHED_TABLES = [
  '__drizzle_migrations',
  'access_logs',
  'account_deletions',
  'addresses',
  // Services mode's applications (issue 27): personal, shown only to their applicant and staff.
  'application_document_requests',
  'application_documents',
  'application_events',
  'application_messages',
  'applications',
  'admin_link_tokens',
  'audit_log',
  'cart_items',
  'carts',
  'catalog_imports',
  // Every save of the Theme, pages, posts and menus (issue 28): the panel's alone.
  'content_versions',
  'coupon_redemptions',
  'customer_notes',
  'customers',
  'daily_visits',
  // Soft-deleted pictures wait here for their Undo window; no page shows them.
  'deleted_product_images',
  'email_subscribers',
  'form_submissions',
  'idempotency_keys',
  'invoice_counters',
  'jobs',
  'known_devices',
  // The media library's uploads: a page shows a picture by its path, stored in the page itself.
  'media_uploads',
  'mode_subscribers',
  'order_events',
  'order_items',
  'order_notes',
  'orders',
  'otp_codes',
  'outbox_messages',
  'password_resets',
  'payment_refunds',
  'payments',
  // Staff devices for Web Push and the pushes sent: no page shows them.
  'push_sends',
  'push_subscriptions',
  'rate_limits',
  'refund_requests',
  // Ids of deleted channels, kept so none is given again; no page shows them.
  'retired_channel_ids',
  'sandbox_refunds',
  'sandbox_sessions',
  'sessions',
  'shipment_items',
  'shipment_scans',
  'shipments',
  'shop_analytics_events',
  'staff',
  'staff_alerts',
  'staff_known_devices',
  'staff_sessions',
  'stock_movements',
  // Read per request by the cart and checkout, which are never cached; no anonymous page shows a rate.
  'tax_rates',
  // The template editor's history (issue 28): the panel's alone; a publish changes template_sections.
  'template_versions',
  'throttle_counters',
  'wishlist_items',
] as const;

/**
 * A safety net under the notifications: an entry older than this is recomputed anyway (what a
 * page shows may also depend on the clock: a sale that ends, a post published at a set time).
 */
export const CONTENT_MAX_AGE_MS = 60_000;

export class ContentVersion {
  #generation = 0;
  #listeners = new Set<(table?: string) => void>();

  /** The current generation: a cached value computed under an older one is stale. */
  get current(): number {
    return this.#generation;
  }

  /** Something shown may have changed (in `table`, when known): everything cached before now is stale. */
  bump(table?: string): void {
    this.#generation += 1;
    for (const fn of this.#listeners) fn(table);
  }

  /** Calls `fn` after each bump (a cache that wants to drop its entries at once). */
  onBump(fn: (table?: string) => void): () => void {
    this.#listeners.add(fn);
    return () => this.#listeners.delete(fn);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    contentVersion: ContentVersion;
  }
}

/**
 * Decorates the app with its ContentVersion, listening on the database from start to close.
 * Besides the notifications, a write made by this very process through the owner API bumps at
 * before its answer is sent (the notification may arrive a moment later), so the owner's own
 * next page shows the change.
 */
export const contentVersionPlugin = fp(async (app: FastifyInstance, opts: { database: Database }) => {
  const version = new ContentVersion();
  app.decorate('contentVersion', version);
  const stop = await opts.database.listen(CONTENT_CHANNEL, (table) => version.bump(table));
  // Before the answer leaves (onSend): the client's next request must already see the change.
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && reply.statusCode < 400 && req.url.startsWith('/api/admin/')) {
      version.bump();
    }
    return payload;
  });
  app.addHook('onClose', async () => {
    // The database may be closed already (a test that closes it first): nothing to stop then.
    await stop().catch(() => {});
  });
});
