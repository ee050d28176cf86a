import type {
  FaqSchema,
  MenuSchema,
  PageListSchema,
  PagePathParamsSchema,
  PageSchema,
  SectionDataBodySchema,
  ComponentDataSchema,
  SliderSchema,
  SlugParamSchema,
  TemplateBothQuerySchema,
  TemplateBothSchema,
  TemplateSchema,
} from '../schemas/content.ts';
import { endpoint } from './endpoint.ts';

type SlugParams = typeof SlugParamSchema;

/** Menus, sliders, pages, FAQ and templates (spec section 7, Content). */
export const contentApi = {
  menu: endpoint<{ params: SlugParams; data: typeof MenuSchema }>('GET', '/api/menu/:id'),
  slider: endpoint<{ params: SlugParams; data: typeof SliderSchema }>('GET', '/api/slider/:id'),
  pages: endpoint<{ data: typeof PageListSchema }>('GET', '/api/pages'),
  /** A page by slug; `*` may span several segments. */
  page: endpoint<{ params: typeof PagePathParamsSchema; data: typeof PageSchema }>('GET', '/api/page/*'),
  faq: endpoint<{ params: SlugParams; data: typeof FaqSchema }>('GET', '/api/faq/:id'),
  template: endpoint<{ params: SlugParams; data: typeof TemplateSchema }>('GET', '/api/template/:id'),
  templateBoth: endpoint<{
    params: SlugParams;
    query: typeof TemplateBothQuerySchema;
    data: typeof TemplateBothSchema;
  }>('GET', '/api/templateBoth/:id'),
  /** One section's data from its settings (the admin's preview of an unsaved section). */
  sectionData: endpoint<{ body: typeof SectionDataBodySchema; data: typeof ComponentDataSchema }>(
    'POST',
    '/api/section-data',
  ),
} as const;
