import type { NewsletterSubscriberListSchema, NewsletterSubscribersQuerySchema } from '../schemas/admin.ts';
import { endpoint } from './endpoint.ts';

/**
 * The newsletter's sign-ups (E-mail subscription plugin), area `customers`: newest first,
 * NEWSLETTER_SUBSCRIBERS_PAGE_SIZE a page. Its own object, so only the screen that lists them
 * loads it (the panel's JavaScript budget).
 */
export const adminNewsletterApi = {
  subscribers: endpoint<{
    query: typeof NewsletterSubscribersQuerySchema;
    data: typeof NewsletterSubscriberListSchema;
  }>('GET', '/api/admin/newsletter-subscribers'),
} as const;
