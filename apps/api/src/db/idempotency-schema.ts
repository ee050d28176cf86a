import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per Idempotency-Key a client sent to an idempotent route (ADR 17). The row is claimed
 * before the handler runs (status null: in flight) and holds the answer once it is known, so a
 * retry with the same key and request gets that answer again instead of a second write.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Whose key: `customer:<id>`, or `guest:<sha-256 of the client address>`. */
    scope: text('scope').notNull(),
    /** Method and route pattern, e.g. `POST /api/form/submit/:id`. */
    route: text('route').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the request (params, query and body as canonical JSON). */
    requestHash: text('request_hash').notNull(),
    /** The stored answer; null while the first request is still running. */
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    /** The answer's Set-Cookie lines that are safe to give a retry again (the route names them), replayed with it. */
    responseCookies: text('response_cookies').array(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.route, t.key] }), index('idempotency_keys_expires_idx').on(t.expiresAt)],
);
