import { z } from '../zod.ts';
import { messages } from '../messages.ts';
import { MoneySchema } from '../money.ts';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../order-status.ts';
import { AddressSchema } from './address.ts';
import { plainText } from './text.ts';
import { bodyOrEmpty } from './base.ts';

/**
 * The owner's customers (issue 25): a searchable list, a customer's page, internal notes and
 * blocking sign-in. Writes carry the customer's `version` (the `If-Match` header); a stale one is
 * a 409, so two staff members never overwrite each other silently.
 */
export const adminCustomerMessages = {
  customerNotFound: 'Customer not found',
  noteAdded: 'Note added',
  blocked: 'The customer can no longer sign in; their sessions have ended',
  unblocked: 'The customer can sign in again',
  stale: 'This customer was changed by someone else since you opened it. Reload to see the change, then try again',
  ifMatch: 'If-Match must be the customer’s version, such as "3"',
  cursor: 'The cursor is not valid: start again from the first page',
} as const;

/** Rows a keyset page holds unless `limit` says otherwise, and the most it may ask for. */
export const ADMIN_LIST_PAGE_SIZE = 50;
export const ADMIN_LIST_MAX_PAGE_SIZE = 200;
export const CUSTOMER_NOTE_MAX_LENGTH = 2000;
/** The customer page lists this many of the newest orders (the order list has the rest). */
export const CUSTOMER_RECENT_ORDERS = 10;

/**
 * `cursor`: the `next_cursor` of the previous page (opaque to the client); `limit`: rows a page.
 * Every owner list pages by keyset (newest first), so a deep page costs what the first does.
 */
export const adminKeysetQuery = {
  cursor: z
    .string({ error: adminCustomerMessages.cursor })
    .regex(/^[1-9]\d{0,9}$/, { error: adminCustomerMessages.cursor })
    .transform(Number)
    .refine((n) => n <= 2_147_483_647, { error: adminCustomerMessages.cursor })
    .optional(),
  limit: z.coerce
    .number({ error: messages.integer })
    .int({ error: messages.integer })
    .min(1, { error: messages.atLeast(1) })
    .max(ADMIN_LIST_MAX_PAGE_SIZE, { error: messages.atMost(ADMIN_LIST_MAX_PAGE_SIZE) })
    .default(ADMIN_LIST_PAGE_SIZE),
};

/** Free text typed into an owner list's search box. */
export const adminSearchText = plainText(
  z
    .string({ error: messages.required })
    .trim()
    .max(100, { error: messages.maxLength(100) }),
);

/** GET /api/admin/customers */
export const AdminCustomerListQuerySchema = z.object({
  /** Part of the name, the phone number (digits, spaces ignored) or the e-mail address. */
  q: adminSearchText.optional(),
  /** `true`: blocked customers only; `false`: never blocked ones. */
  blocked: z.enum(['true', 'false'], { error: messages.fallback }).optional(),
  ...adminKeysetQuery,
});
export type AdminCustomerListQuery = z.input<typeof AdminCustomerListQuerySchema>;

/** One row of the customer list. */
export const AdminCustomerRowSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** Orders placed (any state). */
  orders_count: z.number().int(),
  /**
   * What the customer's orders that went through (confirmed onwards, cancelled ones left out)
   * came to after refunds, one amount per currency (usually one).
   */
  total_spent: z.array(MoneySchema),
  blocked_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminCustomerRow = z.infer<typeof AdminCustomerRowSchema>;

/** A keyset page: `next_cursor` null on the last one. */
export const AdminCustomerListSchema = z.object({
  customers: z.array(AdminCustomerRowSchema),
  next_cursor: z.string().nullable(),
});
export type AdminCustomerList = z.infer<typeof AdminCustomerListSchema>;

/** A staff member's internal note on a customer (never shown to the customer). */
export const CustomerNoteSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  /** The staff member's e-mail as it was when they wrote it. */
  author: z.string(),
  created_at: z.string(),
});
export type CustomerNote = z.infer<typeof CustomerNoteSchema>;

/** An order as the customer page summarises it. */
export const CustomerOrderSummarySchema = z.object({
  id: z.string(),
  order_no: z.string(),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  grand_total: MoneySchema,
  created_at: z.string(),
});

/** GET /api/admin/customers/{id}: the customer page. `version` goes back as `If-Match` on writes. */
export const AdminCustomerSchema = AdminCustomerRowSchema.extend({
  version: z.number().int(),
  phone_verified_at: z.string().nullable(),
  email_verified_at: z.string().nullable(),
  /** Has a password (legacy sign-in); false for accounts that only ever used an OTP. */
  has_password: z.boolean(),
  addresses: z.array(AddressSchema),
  /** The newest CUSTOMER_RECENT_ORDERS orders. */
  recent_orders: z.array(CustomerOrderSummarySchema),
  /** Newest first. */
  notes: z.array(CustomerNoteSchema),
});
export type AdminCustomer = z.infer<typeof AdminCustomerSchema>;

/** Path parameter of every /api/admin/customers/{id} route. */
export const AdminCustomerParamsSchema = z.object({
  id: z.coerce
    .number({ error: adminCustomerMessages.customerNotFound })
    .int({ error: adminCustomerMessages.customerNotFound })
    .min(1, { error: adminCustomerMessages.customerNotFound })
    .max(2_147_483_647, { error: adminCustomerMessages.customerNotFound }),
});

/** POST /api/admin/customers/{id}/notes */
export const CustomerNoteBodySchema = z.strictObject({
  body: plainText(
    z
      .string({ error: messages.required })
      .trim()
      .min(1, { error: messages.required, abort: true })
      .max(CUSTOMER_NOTE_MAX_LENGTH, { error: messages.maxLength(CUSTOMER_NOTE_MAX_LENGTH) }),
    { multiline: true },
  ),
});
export type CustomerNoteBody = z.input<typeof CustomerNoteBodySchema>;

/** The body of an owner action that takes none: no body, or an empty object. */
export const AdminEmptyBodySchema = bodyOrEmpty(z.strictObject({}));
