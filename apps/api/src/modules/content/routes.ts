import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ComponentDataSchema,
  FaqSchema,
  MenuSchema,
  PageListSchema,
  PagePathParamsSchema,
  PageSchema,
  SectionDataBodySchema,
  SliderSchema,
  SlugParamSchema,
  TemplateBothQuerySchema,
  TemplateBothSchema,
  TemplateSchema,
  contentApi,
  contentMessages,
} from '@shopfront/shared';
import { registerEndpoint, sameForChannel } from '../../lib/endpoint-route.ts';
import { notFound, ok } from '../../lib/http.ts';
import {
  getFaq,
  getMenu,
  getPage,
  getSlider,
  getTemplate,
  getTemplateBoth,
  listPages,
  resolveSectionData,
} from './service.ts';

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(
    app,
    contentApi.menu,
    {
      schemas: { params: SlugParamSchema, data: MenuSchema },
      tags: ['content'],
      summary: 'A menu with nested items',
    },
    async (req) => {
      const menu = await getMenu(app.db, req.params.id);
      if (!menu) throw notFound('Menu not found');
      return ok(menu);
    },
  );

  registerEndpoint(
    app,
    contentApi.slider,
    {
      schemas: { params: SlugParamSchema, data: SliderSchema },
      tags: ['content'],
      summary: 'A slider with its slides',
    },
    async (req) => {
      const slider = await getSlider(app.db, req.params.id);
      if (!slider) throw notFound('Slider not found');
      return ok(slider);
    },
  );

  registerEndpoint(
    app,
    contentApi.pages,
    {
      schemas: { data: PageListSchema },
      tags: ['content'],
      summary: 'Every published page: slug, title, storefront url, parent slug and last change (no blocks)',
      description: 'A list of its own, not /api/page/all: `all` could be the slug of a page.',
    },
    async () => ok(await listPages(app.db)),
  );

  registerEndpoint(
    app,
    contentApi.page,
    {
      schemas: { params: PagePathParamsSchema, data: PageSchema },
      tags: ['content'],
      summary: 'A published page by slug (slug may span several segments)',
    },
    async (req) => {
      // A slug that breaks the rules is no page: 404, not 422.
      const parsed = SlugParamSchema.safeParse({ id: req.params['*'] });
      if (!parsed.success) throw notFound('Page not found');
      const page = await getPage(app.db, parsed.data.id);
      if (!page) throw notFound('Page not found');
      return ok(page);
    },
  );

  registerEndpoint(
    app,
    contentApi.faq,
    {
      schemas: { params: SlugParamSchema, data: FaqSchema },
      tags: ['content'],
      summary: 'A FAQ group with its questions in order',
    },
    async (req) => {
      const faq = await getFaq(app.db, req.params.id);
      if (!faq) throw notFound(contentMessages.faqNotFound);
      return ok(faq);
    },
  );

  registerEndpoint(
    app,
    contentApi.template,
    {
      schemas: { params: SlugParamSchema, data: TemplateSchema },
      tags: ['content'],
      summary: 'A template: its sections in order, with their settings (no resolved data)',
    },
    async (req) => {
      const template = await getTemplate(app.db, req.params.id);
      if (!template) throw notFound(contentMessages.templateNotFound);
      return ok(template);
    },
  );

  registerEndpoint(
    app,
    contentApi.templateBoth,
    {
      schemas: { params: SlugParamSchema, query: TemplateBothQuerySchema, data: TemplateBothSchema },
      tags: ['content'],
      summary:
        "Template {id} (or the page's own), the page named by slug/path, page_type and component_data: one entry per section (by key) with its resolved data",
    },
    async (req) => ok(await getTemplateBoth(app.db, req.params.id, req.query, await req.shop())),
  );

  registerEndpoint(
    app,
    contentApi.sectionData,
    {
      schemas: { body: SectionDataBodySchema, data: ComponentDataSchema },
      tags: ['content'],
      sharedAnswer: sameForChannel,
      summary: "One section's data from its settings, as templateBoth resolves it (first page of a paged list)",
      description:
        "The admin panel's preview asks it for a section not saved yet. It shows only what shoppers may see: published categories, collections and testimonials.",
      errors: [422],
    },
    async (req) => ok(await resolveSectionData(app.db, req.body.section, await req.shop())),
  );
};
