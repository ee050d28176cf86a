import type {
  AdminTemplateChoicesSchema,
  AdminTemplateDraftBodySchema,
  AdminTemplateListSchema,
  AdminTemplateParamsSchema,
  AdminTemplateSchema,
  AdminTemplateVersionListSchema,
  AdminTemplateVersionParamsSchema,
  AdminTemplateVersionSchema,
} from '../schemas/admin-templates.ts';
import { endpoint } from './endpoint.ts';

type One = { params: typeof AdminTemplateParamsSchema; data: typeof AdminTemplateSchema };

/**
 * The home page and template editor (issue 28), area `content`. Writes carry `If-Match: <version>`
 * (the template's `version`, also its ETag): 409 when it changed since. Publishing and restoring
 * answer the template as it is then.
 */
export const adminTemplatesApi = {
  list: endpoint<{ data: typeof AdminTemplateListSchema }>('GET', '/api/admin/templates'),
  /** What the section pickers offer. */
  choices: endpoint<{ data: typeof AdminTemplateChoicesSchema }>('GET', '/api/admin/templates/choices'),
  get: endpoint<One>('GET', '/api/admin/templates/:id'),
  saveDraft: endpoint<One & { body: typeof AdminTemplateDraftBodySchema }>('PUT', '/api/admin/templates/:id/draft'),
  discardDraft: endpoint<One>('DELETE', '/api/admin/templates/:id/draft'),
  /** The draft becomes what shoppers see, and a new version in the history. */
  publish: endpoint<One>('POST', '/api/admin/templates/:id/publish'),
  versions: endpoint<{ params: typeof AdminTemplateParamsSchema; data: typeof AdminTemplateVersionListSchema }>(
    'GET',
    '/api/admin/templates/:id/versions',
  ),
  version: endpoint<{ params: typeof AdminTemplateVersionParamsSchema; data: typeof AdminTemplateVersionSchema }>(
    'GET',
    '/api/admin/templates/:id/versions/:version',
  ),
  /** The version's sections become the draft (publish to show them). */
  restore: endpoint<{ params: typeof AdminTemplateVersionParamsSchema; data: typeof AdminTemplateSchema }>(
    'POST',
    '/api/admin/templates/:id/versions/:version/restore',
  ),
} as const;
