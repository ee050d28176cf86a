import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FormDefinitionSchema,
  FormSubmitBodySchema,
  FormSubmitResultSchema,
  SlugParamSchema,
  formMessages,
  formsApi,
} from '@shopfront/shared';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { notFound, ok } from '../../lib/http.ts';
import { IDEMPOTENCY_NOTE } from '../../lib/idempotency.ts';
import { submitAndNotify } from './notify.ts';
import { getForm } from './service.ts';

/** Submissions allowed per visitor address and minute, across all forms. */
export const FORM_SUBMIT_LIMIT = { max: 5, timeWindow: '1 minute' } as const;

export const formRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(
    app,
    formsApi.get,
    {
      schemas: { params: SlugParamSchema, data: FormDefinitionSchema },
      tags: ['forms'],
      summary:
        'A form definition: fields (name, label, type, required, options, lengths), submit label, success message',
    },
    async (req) => {
      const form = await getForm(app.db, req.params.id);
      if (!form) throw notFound(formMessages.formNotFound);
      return ok(form);
    },
  );

  registerEndpoint(
    app,
    formsApi.submit,
    {
      // The body is checked against the form's own field definitions in the service.
      schemas: { params: SlugParamSchema, body: FormSubmitBodySchema, data: FormSubmitResultSchema },
      tags: ['forms'],
      summary:
        "Submit a form: a JSON object of field values. 422 with a message per field; unknown fields are dropped; 5 a minute per address. Stored for the panel's inbox and e-mailed to the form's notification addresses" +
        IDEMPOTENCY_NOTE,
      config: { rateLimit: FORM_SUBMIT_LIMIT, idempotent: true },
    },
    async (req) => {
      const result = await submitAndNotify(app, req.params.id, req.body, {
        ip: req.ip ?? null,
        userAgent: req.headers['user-agent'] ?? null,
      });
      if (!result) throw notFound(formMessages.formNotFound);
      return ok({ form_id: req.params.id }, result.successMessage);
    },
  );
};
