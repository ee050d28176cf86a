import type { SignupListQuerySchema } from '../schemas/admin.ts';
import type { NewsletterSubscriberListSchema } from '../schemas/admin-newsletter.ts';
import { endpoint } from './endpoint.ts';

/**
 * The newsletter's sign-ups (E-mail subscription plugin), area `customers`. JSON: newest first,
 * NEWSLETTER_SUBSCRIBERS_PAGE_SIZE a page (`?page=`). `?format=csv` answers the whole list as
 * text/csv (header NEWSLETTER_SUBSCRIBERS_CSV_HEADER), streamed, instead of the envelope. Its own object, so only the screen that lists them
 * loads it (the panel's JavaScript budget).
 */
export const adminNewsletterApi = {
  subscribers: endpoint<{
    query: typeof SignupListQuerySchema;
    data: typeof NewsletterSubscriberListSchema;
  }>('GET', '/api/admin/newsletter-subscribers'),
} as const;
