import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminTestimonialBodySchema,
  AdminTestimonialListSchema,
  AdminTestimonialOrderSchema,
  AdminTestimonialParamsSchema,
  TESTIMONIAL_LIMITS,
  adminTestimonialMessages as msg,
  adminTestimonialsApi,
} from '@shopfront/shared';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { ok } from '../../../lib/http.ts';
import { ownerAct, ownerRouteDoc } from '../if-match.ts';
import {
  createTestimonial,
  deleteTestimonial,
  listAdminTestimonials,
  reorderTestimonials,
  updateTestimonial,
} from './service.ts';

/**
 * The testimonials editor (issue 28). Registered inside the owner API's protected scope; area
 * `content` (owner, manager, content editor). Every write answers the whole list in order.
 */
export const adminTestimonialRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const doc = ownerRouteDoc('content');
  const fields = `author (1–${TESTIMONIAL_LIMITS.authorMax} characters), author_title, quote (1–${TESTIMONIAL_LIMITS.quoteMax} characters of plain text), rating (1–5 or null), picture (a /media/… path or an https:// address, or null), is_published`;
  const ifMatchNote =
    'Send `If-Match: <version>` (the testimonial’s `version`) to be refused with 409 when another editor changed it since.';
  const data = { data: AdminTestimonialListSchema };

  registerEndpoint(
    app,
    adminTestimonialsApi.list,
    { schemas: data, ...doc('The testimonials in the order the storefront shows them, each with its version') },
    async () => ok(await listAdminTestimonials(db)),
  );

  registerEndpoint(
    app,
    adminTestimonialsApi.create,
    {
      schemas: { body: AdminTestimonialBodySchema, ...data },
      ...doc(`Add a testimonial at the end of the list: ${fields}`),
    },
    async (req) => ok(await createTestimonial(db, await ownerAct(req, msg.ifMatch), req.body), msg.created),
  );

  registerEndpoint(
    app,
    adminTestimonialsApi.reorder,
    {
      schemas: { body: AdminTestimonialOrderSchema, ...data },
      ...doc(
        'Put the testimonials in order: every id once (422 for a repeated one; 409 when one was added or deleted since the list was read)',
        [409, 422],
      ),
    },
    async (req) => ok(await reorderTestimonials(db, await ownerAct(req, msg.ifMatch), req.body.ids), msg.reordered),
  );

  registerEndpoint(
    app,
    adminTestimonialsApi.update,
    {
      schemas: { params: AdminTestimonialParamsSchema, body: AdminTestimonialBodySchema, ...data },
      ...doc(`Replace a testimonial’s fields: ${fields}. ${ifMatchNote}`, [404, 409, 422]),
    },
    async (req) =>
      ok(await updateTestimonial(db, await ownerAct(req, msg.ifMatch), req.params.id, req.body), msg.saved),
  );

  registerEndpoint(
    app,
    adminTestimonialsApi.remove,
    {
      schemas: { params: AdminTestimonialParamsSchema, ...data },
      ...doc(`Delete a testimonial. ${ifMatchNote}`, [404, 409, 422]),
    },
    async (req) => ok(await deleteTestimonial(db, await ownerAct(req, msg.ifMatch), req.params.id), msg.deleted),
  );
};
