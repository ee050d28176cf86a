import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminFaqCreateSchema,
  AdminFaqDeletedSchema,
  AdminFaqItemsBodySchema,
  AdminFaqListSchema,
  AdminFaqParamsSchema,
  AdminFaqRenameSchema,
  AdminFaqSchema,
  FAQ_LIMITS,
  adminFaqMessages as msg,
  adminFaqsApi,
} from '@shopfront/shared';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { ok } from '../../../lib/http.ts';
import { ownerAct, ownerRouteDoc, setVersionTag } from '../if-match.ts';
import { createFaq, deleteFaq, listFaqs, loadFaq, renameFaq, saveFaqItems } from './service.ts';

/**
 * The FAQ editor (issue 28): FAQ groups and their questions. Registered inside the owner API's
 * protected scope; area `content` (owner, manager, content editor).
 */
export const adminFaqRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const doc = ownerRouteDoc('content');
  const ifMatchNote =
    'Send `If-Match: <version>` (the group’s `version`, also its ETag) to be refused with 409 when another editor saved it since.';

  registerEndpoint(
    app,
    adminFaqsApi.list,
    {
      schemas: { data: AdminFaqListSchema },
      ...doc('The FAQ groups: title, question count, version and the templates that show each'),
    },
    async () => ok(await listFaqs(db)),
  );

  registerEndpoint(
    app,
    adminFaqsApi.create,
    {
      schemas: { body: AdminFaqCreateSchema, data: AdminFaqSchema },
      ...doc(
        `A new, empty FAQ group: title (1–${FAQ_LIMITS.titleMax} characters), description, and id (what a faq section names; made from the title when left out, 422 when a given one is taken)`,
      ),
    },
    async (req, reply) => {
      const faq = await createFaq(db, await ownerAct(req, msg.ifMatch), req.body);
      setVersionTag(reply, faq.version);
      return ok(faq, msg.created);
    },
  );

  registerEndpoint(
    app,
    adminFaqsApi.get,
    {
      schemas: { params: AdminFaqParamsSchema, data: AdminFaqSchema },
      ...doc('One FAQ group with its questions in order and its version (ETag)', [404, 422]),
    },
    async (req, reply) => {
      const faq = await loadFaq(db, req.params.id);
      setVersionTag(reply, faq.version);
      return ok(faq);
    },
  );

  registerEndpoint(
    app,
    adminFaqsApi.rename,
    {
      schemas: { params: AdminFaqParamsSchema, body: AdminFaqRenameSchema, data: AdminFaqSchema },
      ...doc(`The group’s title and description. ${ifMatchNote}`, [404, 409, 422]),
    },
    async (req, reply) => {
      const faq = await renameFaq(db, await ownerAct(req, msg.ifMatch), req.params.id, req.body);
      setVersionTag(reply, faq.version);
      return ok(faq, msg.renamed);
    },
  );

  registerEndpoint(
    app,
    adminFaqsApi.saveItems,
    {
      schemas: { params: AdminFaqParamsSchema, body: AdminFaqItemsBodySchema, data: AdminFaqSchema },
      ...doc(
        `Replace the group’s whole question list, in order (shoppers see it at once): question 1–${FAQ_LIMITS.questionMax} characters, answer 1–${FAQ_LIMITS.answerMax} characters of plain text (shown as text, never as HTML), is_published; at most ${FAQ_LIMITS.itemsMax} (422 at items.N.…). Optional title and description (checked as the rename checks them) are saved with it: one save, one History version. ${ifMatchNote}`,
        [404, 409, 422],
      ),
    },
    async (req, reply) => {
      const faq = await saveFaqItems(db, await ownerAct(req, msg.ifMatch), req.params.id, req.body);
      setVersionTag(reply, faq.version);
      return ok(faq, msg.saved);
    },
  );

  registerEndpoint(
    app,
    adminFaqsApi.remove,
    {
      schemas: { params: AdminFaqParamsSchema, data: AdminFaqDeletedSchema },
      ...doc(
        'Delete a FAQ group and its questions; 409 naming the templates while a live or draft section shows it (If-Match optional)',
        [404, 409, 422],
      ),
    },
    async (req) => ok(await deleteFaq(db, await ownerAct(req, msg.ifMatch), req.params.id), msg.deleted),
  );
};
