import type {
  AdminTestimonialBodySchema,
  AdminTestimonialListSchema,
  AdminTestimonialOrderSchema,
  AdminTestimonialParamsSchema,
} from '../schemas/admin-testimonials.ts';
import { endpoint } from './endpoint.ts';

type Params = typeof AdminTestimonialParamsSchema;
type List = typeof AdminTestimonialListSchema;

/**
 * The testimonials editor (issue 28), area `content`. Every write answers the whole list in
 * order. An update or delete carries `If-Match: <version>` (the testimonial's): 409 when it
 * changed since.
 */
export const adminTestimonialsApi = {
  list: endpoint<{ data: List }>('GET', '/api/admin/testimonials'),
  create: endpoint<{ body: typeof AdminTestimonialBodySchema; data: List }>('POST', '/api/admin/testimonials'),
  /** Every testimonial's id in the new order; 409 when the list changed since it was read. */
  reorder: endpoint<{ body: typeof AdminTestimonialOrderSchema; data: List }>('PUT', '/api/admin/testimonials/order'),
  update: endpoint<{ params: Params; body: typeof AdminTestimonialBodySchema; data: List }>(
    'PUT',
    '/api/admin/testimonials/:id',
  ),
  remove: endpoint<{ params: Params; data: List }>('DELETE', '/api/admin/testimonials/:id'),
} as const;
