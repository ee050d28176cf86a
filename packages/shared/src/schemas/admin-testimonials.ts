import { z } from '../zod.ts';
import { shopImageUrl } from './admin.ts';
import { plainText } from './text.ts';

/**
 * The testimonials editor (issue 28): the quotes the testimonials sections show, in position
 * order. Area `content` (owner, manager, content editor). An edit or delete carries the
 * testimonial's version as If-Match; a reorder names every testimonial, so a list that changed
 * meanwhile is refused (409) rather than half reordered.
 */

export const TESTIMONIAL_LIMITS = { authorMax: 80, authorTitleMax: 120, quoteMax: 1000, max: 200 } as const;

export const adminTestimonialMessages = {
  notFound: 'Testimonial not found',
  ifMatch: 'If-Match must be the version of the testimonial you read',
  stale: 'Someone else changed this testimonial since you opened it. Below is what differs: take theirs, or keep yours',
  staleOrder: 'The testimonials changed since you opened them. Reload, then put them in order again',
  order: 'Name every testimonial once, in the order to show them',
  created: 'Testimonial added',
  saved: 'Testimonial saved: shoppers see it now',
  deleted: 'Testimonial deleted',
  reordered: 'Order saved: shoppers see it now',
  author: `Give the customer’s name, 1 to ${TESTIMONIAL_LIMITS.authorMax} characters`,
  authorTitle: `Keep the line under the name to ${TESTIMONIAL_LIMITS.authorTitleMax} characters`,
  quote: `Write what they said, 1 to ${TESTIMONIAL_LIMITS.quoteMax} characters`,
  rating: 'A rating is a whole number of stars from 1 to 5, or none',
  tooMany: `The shop keeps at most ${TESTIMONIAL_LIMITS.max} testimonials`,
} as const;
const msg = adminTestimonialMessages;

const TESTIMONIAL_ID = z.coerce
  .number({ error: msg.notFound })
  .int({ error: msg.notFound })
  .min(1, { error: msg.notFound })
  .max(2_147_483_647, { error: msg.notFound });

/** /api/admin/testimonials/:id */
export const AdminTestimonialParamsSchema = z.object({ id: TESTIMONIAL_ID });

/** POST /api/admin/testimonials, PUT /api/admin/testimonials/:id (If-Match). */
export const AdminTestimonialBodySchema = z.object({
  author: plainText(
    z
      .string({ error: msg.author })
      .trim()
      .min(1, { error: msg.author })
      .max(TESTIMONIAL_LIMITS.authorMax, { error: msg.author }),
  ),
  /** Where the customer is from, or what they bought. */
  author_title: plainText(
    z
      .string({ error: msg.authorTitle })
      .trim()
      .max(TESTIMONIAL_LIMITS.authorTitleMax, { error: msg.authorTitle })
      .default(''),
  ),
  quote: plainText(
    z
      .string({ error: msg.quote })
      .trim()
      .min(1, { error: msg.quote })
      .max(TESTIMONIAL_LIMITS.quoteMax, { error: msg.quote }),
    { multiline: true },
  ),
  rating: z
    .number({ error: msg.rating })
    .int({ error: msg.rating })
    .min(1, { error: msg.rating })
    .max(5, { error: msg.rating })
    .nullable()
    .default(null),
  /** The customer's picture: a /media/… path or an https:// address; null: none. */
  picture: shopImageUrl.nullable().default(null),
  /** false: kept, not shown to shoppers. */
  is_published: z.boolean().default(true),
});
export type AdminTestimonialBody = z.input<typeof AdminTestimonialBodySchema>;

/** PUT /api/admin/testimonials/order: every testimonial's id, in the order to show them. */
export const AdminTestimonialOrderSchema = z.object({
  ids: z.array(TESTIMONIAL_ID, { error: msg.order }).max(TESTIMONIAL_LIMITS.max, { error: msg.order }),
});

export const AdminTestimonialSchema = z.object({
  id: z.number().int(),
  author: z.string(),
  author_title: z.string(),
  quote: z.string(),
  rating: z.number().int().nullable(),
  picture: z.string().nullable(),
  is_published: z.boolean(),
  /** Goes up with every edit: send it as If-Match. */
  version: z.number().int(),
});
export type AdminTestimonial = z.infer<typeof AdminTestimonialSchema>;

/** The shop's testimonials in the order the storefront shows them. */
export const AdminTestimonialListSchema = z.object({ testimonials: z.array(AdminTestimonialSchema) });
export type AdminTestimonialList = z.infer<typeof AdminTestimonialListSchema>;
