import type {
  AdminFaqCreateSchema,
  AdminFaqDeletedSchema,
  AdminFaqItemsBodySchema,
  AdminFaqListSchema,
  AdminFaqParamsSchema,
  AdminFaqRenameSchema,
  AdminFaqSchema,
} from '../schemas/admin-faqs.ts';
import { endpoint } from './endpoint.ts';

type Params = typeof AdminFaqParamsSchema;
type Faq = typeof AdminFaqSchema;

/**
 * The FAQ editor (issue 28), area `content`. A rename or items save carries `If-Match: <version>`
 * (the group's `version`, also its ETag): 409 when it changed since.
 */
export const adminFaqsApi = {
  list: endpoint<{ data: typeof AdminFaqListSchema }>('GET', '/api/admin/faqs'),
  create: endpoint<{ body: typeof AdminFaqCreateSchema; data: Faq }>('POST', '/api/admin/faqs'),
  get: endpoint<{ params: Params; data: Faq }>('GET', '/api/admin/faqs/:id'),
  rename: endpoint<{ params: Params; body: typeof AdminFaqRenameSchema; data: Faq }>('PATCH', '/api/admin/faqs/:id'),
  /**
   * Replaces the group's whole question list, and its title and description when given (one
   * History version); shoppers see it at once.
   */
  saveItems: endpoint<{ params: Params; body: typeof AdminFaqItemsBodySchema; data: Faq }>(
    'PUT',
    '/api/admin/faqs/:id/items',
  ),
  /** 409 while a template shows the group. */
  remove: endpoint<{ params: Params; data: typeof AdminFaqDeletedSchema }>('DELETE', '/api/admin/faqs/:id'),
} as const;
