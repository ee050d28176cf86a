import type { SlugParamSchema } from '../schemas/content.ts';
import type { FormDefinitionSchema, FormSubmitBodySchema, FormSubmitResultSchema } from '../schemas/forms.ts';
import { endpoint } from './endpoint.ts';

/** Forms: a definition, and submissions checked against it (spec section 7, Forms). */
export const formsApi = {
  get: endpoint<{ params: typeof SlugParamSchema; data: typeof FormDefinitionSchema }>('GET', '/api/form/:id'),
  submit: endpoint<{
    params: typeof SlugParamSchema;
    body: typeof FormSubmitBodySchema;
    data: typeof FormSubmitResultSchema;
  }>('POST', '/api/form/submit/:id'),
} as const;
