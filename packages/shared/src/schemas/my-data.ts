import { z } from 'zod';
import { OtpSentSchema, otpField } from './auth.ts';

/**
 * The customer's own data (issue 29): "Download my data" and "Delete my account", each confirmed
 * by a code sent to the account's verified phone (else its verified e-mail).
 */
export const accountDataActions = ['download', 'delete'] as const;
export type AccountDataAction = (typeof accountDataActions)[number];

/** POST /api/account/my-data/code: which action the code will confirm. */
export const AccountDataCodeBodySchema = z.object({ action: z.enum(accountDataActions) });

/** The code went out: the OTP fields plus where it went, masked (`******3210`, `a***@example.com`). */
export const AccountDataCodeSentSchema = OtpSentSchema.extend({ sent_to: z.string() });
export type AccountDataCodeSent = z.infer<typeof AccountDataCodeSentSchema>;

/** POST /api/account/my-data and POST /api/account/delete: the code. */
export const AccountDataConfirmBodySchema = z.object({ otp: otpField });

export const myDataMessages = {
  codeSent: 'We sent a code to your verified contact',
  noVerifiedContact:
    'Verify your mobile number or e-mail address on the Profile page first: the code that confirms this goes there',
  accountDeleted: 'Your account has been deleted and you have been signed out',
} as const;

/** What deletion keeps, said before the customer confirms (the storefront's dialog and the API docs). */
export const ACCOUNT_DELETION_TERMS =
  'Your profile, addresses, wishlist, cart, reviews, finished applications, newsletter subscription and sign-in history are erased and you are signed out everywhere. Your orders stay in the shop’s books for its accounts and tax records, with your name, e-mail, phone and address removed. This cannot be undone.';

const row = z.record(z.string(), z.unknown());

/**
 * The downloaded file (`shopfront-my-data-<date>.json`): everything the shop holds about the
 * customer, as stored. Orders carry their lines, totals, statuses and the addresses as placed.
 */
export const MyDataExportSchema = z.object({
  exported_at: z.string(),
  shop: z.string(),
  profile: row,
  addresses: z.array(row),
  orders: z.array(row.and(z.object({ items: z.array(row), events: z.array(row) }))),
  reviews: z.array(row),
  /** Services mode: their applications with answers, stage history, messages and the documents' names. */
  applications: z.array(row.and(z.object({ events: z.array(row), messages: z.array(row), documents: z.array(row) }))),
  wishlist: z.array(row),
  newsletter: z.array(row),
  known_devices: z.array(row),
  sessions: z.array(row),
  sign_in_log: z.array(row),
});
export type MyDataExport = z.infer<typeof MyDataExportSchema>;

/** One line of the owner's record of deleted accounts (nothing personal). */
export const AccountDeletionSchema = z.object({
  id: z.number().int(),
  /** A random reference that tells deletions apart; nothing leads from it to the customer. */
  customer_ref: z.string(),
  orders_kept: z.number().int(),
  deleted_at: z.string(),
});
export const AccountDeletionListSchema = z.object({ deletions: z.array(AccountDeletionSchema) });
export type AccountDeletionList = z.infer<typeof AccountDeletionListSchema>;
