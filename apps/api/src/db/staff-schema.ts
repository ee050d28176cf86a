import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { StaffRoleName } from '@shopfront/shared';
import { createdAt, updatedAt } from './columns.ts';

export type StaffRole = StaffRoleName;

/**
 * The shop's staff, separate from customers (ADR 26). Roles (packages/shared/src/staff-roles.ts):
 * an owner manages staff and everything else; a manager all but staff; a packer orders and
 * fulfilment; a content editor content. Passwords are argon2id.
 */
export const staff = pgTable(
  'staff',
  {
    /** Opaque `stf_…`. */
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<StaffRole>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** E-mail on each new order and refund request; null: the role's default (owners yes, others no). */
    notifyOrders: boolean('notify_orders'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('staff_email_uq').on(sql`lower(${t.email})`),
    check('staff_role_ck', sql`${t.role} in ('owner', 'manager', 'packer', 'content_editor')`),
  ],
);

/**
 * A signed-in staff member: a browser session (`sf_staff` cookie) or a bearer token (the CLI,
 * scripts). Only the token's sha-256 is stored; every session expires.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: text('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'cookie' | 'bearer'>().notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('staff_sessions_staff_idx').on(t.staffId),
    index('staff_sessions_expires_idx').on(t.expiresAt),
    check('staff_sessions_kind_ck', sql`${t.kind} in ('cookie', 'bearer')`),
  ],
);

/**
 * The browsers a staff member has signed in from: the customers' `sf_device` cookie (ADR 14),
 * bound to staff here (only its sha-256 is stored). A known device is not held by the e-mail's
 * lock that strangers' failures put on a staff account, nor by the wrong-token lock of its address.
 */
export const staffKnownDevices = pgTable(
  'staff_known_devices',
  {
    tokenHash: text('token_hash').notNull(),
    staffId: text('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tokenHash, t.staffId] }),
    index('staff_known_devices_staff_idx').on(t.staffId),
    index('staff_known_devices_seen_idx').on(t.lastSeenAt),
  ],
);

/**
 * The token of an Admin Panel link (`/admin/login?token=…`, spec section 2): issued to a
 * signed-in staff member, short-lived and good once (`used_at`). Only its sha-256 is stored.
 */
export const adminLinkTokens = pgTable(
  'admin_link_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: text('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('admin_link_tokens_expires_idx').on(t.expiresAt)],
);

/**
 * Every change made through the owner's API: who, when, what, and the values before and after
 * (secrets replaced by a mask before they are written here).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: text('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    /** Who, as it was then (the staff member's e-mail), so the entry outlives the account. */
    actor: text('actor').notNull(),
    /** `store-settings.update`, `plugin.install`, `staff.create`, … */
    action: text('action').notNull(),
    /** What it changed: `store-settings`, `storefront:sf_main`, `plugin:GoogleGtag`, `staff:stf_…`. */
    target: text('target').notNull(),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_log_target_idx').on(t.target),
  ],
);
