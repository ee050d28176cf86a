import { z } from '../zod.ts';
import { ContentPaginationSchema } from './blog.ts';
import { SUBSCRIPTION_SOURCES } from './plugins-shopper-messages.ts';

/*
 * The newsletter's sign-ups for the owner (GET /api/admin/newsletter-subscribers). A module of its
 * own: the panel only reads its types, so no screen's JavaScript carries these schemas (the
 * setup screen is at its budget, tests/e2e/admin-budget.spec.ts). Its query is
 * SignupListQuerySchema, as the shop-opening list's.
 */

/** A newsletter sign-up (E-mail subscription plugin): pending until the e-mailed link is followed. */
export const NewsletterSubscriberSchema = z.object({
  email: z.string(),
  status: z.enum(['pending', 'confirmed', 'unsubscribed']),
  /** Where they signed up: footer, page (/newsletter), section (a page's newsletter section), account. */
  source: z.enum(SUBSCRIPTION_SOURCES),
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
});
export type NewsletterSubscriber = z.infer<typeof NewsletterSubscriberSchema>;
/** JSON answers come in pages of this many, newest first. */
export const NEWSLETTER_SUBSCRIBERS_PAGE_SIZE = 100;
export const NewsletterSubscriberListSchema = z.object({
  subscribers: z.array(NewsletterSubscriberSchema),
  pagination: ContentPaginationSchema,
});
/** The header row of the CSV export (`?format=csv`: the whole list, oldest first; docs/csv-formats.md). */
export const NEWSLETTER_SUBSCRIBERS_CSV_HEADER = 'email,status,source,created_at,confirmed_at';
