import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminFormBodySchema,
  AdminFormCreateSchema,
  AdminFormDeletedSchema,
  AdminFormListSchema,
  AdminFormParamsSchema,
  AdminFormSchema,
  FORM_LIMITS,
  adminFormMessages as msg,
  adminFormsApi,
} from '@shopfront/shared';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { ok } from '../../../lib/http.ts';
import { ownerAct, ownerRouteDoc, setVersionTag } from '../if-match.ts';
import { createForm, deleteForm, listForms, loadForm, saveForm } from './service.ts';

/**
 * The forms editor (issue 28): a form's fields, texts and where its submissions go. Registered
 * inside the owner API's protected scope; area `content` (owner, manager, content editor).
 */
export const adminFormRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const doc = ownerRouteDoc('content');

  registerEndpoint(
    app,
    adminFormsApi.list,
    {
      schemas: { data: AdminFormListSchema },
      ...doc(
        'The forms: name, on or off, field and submission counts, notified addresses, version, templates showing each',
      ),
    },
    async () => ok(await listForms(db)),
  );

  registerEndpoint(
    app,
    adminFormsApi.create,
    {
      schemas: { body: AdminFormCreateSchema, data: AdminFormSchema },
      ...doc(
        `A new form with one required message field: name (1–${FORM_LIMITS.nameMax} characters) and id (what a form section names; made from the name when left out, 422 when a given one is taken)`,
      ),
    },
    async (req, reply) => {
      const form = await createForm(db, await ownerAct(req, msg.ifMatch), req.body);
      setVersionTag(reply, form.version);
      return ok(form, msg.created);
    },
  );

  registerEndpoint(
    app,
    adminFormsApi.get,
    {
      schemas: { params: AdminFormParamsSchema, data: AdminFormSchema },
      ...doc('One form whole with its version (ETag)', [404, 422]),
    },
    async (req, reply) => {
      const form = await loadForm(db, req.params.id);
      setVersionTag(reply, form.version);
      return ok(form);
    },
  );

  registerEndpoint(
    app,
    adminFormsApi.save,
    {
      schemas: { params: AdminFormParamsSchema, body: AdminFormBodySchema, data: AdminFormSchema },
      ...doc(
        `Replace the whole form (shoppers see it at once): name, description, 1–${FORM_LIMITS.fieldsMax} fields (key unique in the form, label, type, required, choices for a select: at least one, each once; shortest ≤ longest length, placeholder), submit label, success message, is_active, and notify_emails: 0–${FORM_LIMITS.notifyMax} addresses e-mailed each submission besides the panel's inbox (422 at fields.N.… or notify_emails.N). Send \`If-Match: <version>\` to be refused with 409 when another editor saved it since.`,
        [404, 409, 422],
      ),
    },
    async (req, reply) => {
      const form = await saveForm(db, await ownerAct(req, msg.ifMatch), req.params.id, req.body);
      setVersionTag(reply, form.version);
      return ok(form, msg.saved);
    },
  );

  registerEndpoint(
    app,
    adminFormsApi.remove,
    {
      schemas: { params: AdminFormParamsSchema, data: AdminFormDeletedSchema },
      ...doc(
        'Delete a form and every submission it received (the inbox loses them); 409 naming the templates while a live or draft section shows it (If-Match optional)',
        [404, 409, 422],
      ),
    },
    async (req) => ok(await deleteForm(db, await ownerAct(req, msg.ifMatch), req.params.id), msg.deleted),
  );
};
