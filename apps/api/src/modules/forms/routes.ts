import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FormDefinitionSchema,
  FormSubmitResultSchema,
  SlugParamSchema,
  envelope,
  formMessages,
  messages,
} from '@shopfront/shared';
import { notFound, ok } from '../../lib/http.ts';
import { IDEMPOTENCY_NOTE } from '../../lib/idempotency.ts';
import { getForm, submitForm } from './service.ts';

/** Submissions allowed per visitor address and minute, across all forms. */
export const FORM_SUBMIT_LIMIT = { max: 5, timeWindow: '1 minute' } as const;

const FormIdParamsSchema = z.object({ id: SlugParamSchema.shape.id });

export const formRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/form/:id',
    {
      schema: {
        tags: ['forms'],
        summary:
          'A form definition: fields (name, label, type, required, options, lengths), submit label, success message',
        params: FormIdParamsSchema,
        response: { 200: envelope(FormDefinitionSchema) },
      },
    },
    async (req) => {
      const form = await getForm(app.db, req.params.id);
      if (!form) throw notFound(formMessages.formNotFound);
      return ok(form);
    },
  );

  app.post(
    '/api/form/submit/:id',
    {
      config: { rateLimit: FORM_SUBMIT_LIMIT, idempotent: true },
      schema: {
        tags: ['forms'],
        summary:
          'Submit a form: a JSON object of field values. 422 with a message per field; unknown fields are dropped; 5 a minute per address' +
          IDEMPOTENCY_NOTE,
        params: FormIdParamsSchema,
        // Checked against the form's own field definitions in the service.
        body: z.record(z.string(), z.unknown(), { error: messages.fallback }).optional(),
        response: { 200: envelope(FormSubmitResultSchema) },
      },
    },
    async (req) => {
      const result = await submitForm(app.db, req.params.id, req.body, {
        ip: req.ip ?? null,
        userAgent: req.headers['user-agent'] ?? null,
      });
      if (!result) throw notFound(formMessages.formNotFound);
      return ok({ form_id: req.params.id }, result.successMessage);
    },
  );
};
