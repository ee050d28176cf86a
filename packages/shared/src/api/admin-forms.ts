import type {
  AdminFormBodySchema,
  AdminFormCreateSchema,
  AdminFormDeletedSchema,
  AdminFormListSchema,
  AdminFormParamsSchema,
  AdminFormSchema,
} from '../schemas/admin-forms.ts';
import { endpoint } from './endpoint.ts';

type Params = typeof AdminFormParamsSchema;
type Form = typeof AdminFormSchema;

/**
 * The forms editor (issue 28), area `content`. A save carries `If-Match: <version>` (the form's
 * `version`, also its ETag): 409 when it changed since.
 */
export const adminFormsApi = {
  list: endpoint<{ data: typeof AdminFormListSchema }>('GET', '/api/admin/forms'),
  create: endpoint<{ body: typeof AdminFormCreateSchema; data: Form }>('POST', '/api/admin/forms'),
  get: endpoint<{ params: Params; data: Form }>('GET', '/api/admin/forms/:id'),
  /** Replaces the whole form; shoppers see it at once. */
  save: endpoint<{ params: Params; body: typeof AdminFormBodySchema; data: Form }>('PUT', '/api/admin/forms/:id'),
  /** 409 while a template shows the form; its submissions are deleted with it. */
  remove: endpoint<{ params: Params; data: typeof AdminFormDeletedSchema }>('DELETE', '/api/admin/forms/:id'),
} as const;
