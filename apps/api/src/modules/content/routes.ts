import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FaqSchema,
  MenuSchema,
  PageListSchema,
  PageSchema,
  SliderSchema,
  SlugParamSchema,
  TemplateBothQuerySchema,
  TemplateBothSchema,
  TemplateSchema,
  contentMessages,
  envelope,
} from '@shopfront/shared';
import { notFound, ok } from '../../lib/http.ts';
import { getFaq, getMenu, getPage, getSlider, getTemplate, getTemplateBoth, listPages } from './service.ts';

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/menu/:id',
    {
      schema: {
        tags: ['content'],
        summary: 'A menu with nested items',
        params: SlugParamSchema,
        response: { 200: envelope(MenuSchema) },
      },
    },
    async (req) => {
      const menu = await getMenu(app.db, req.params.id);
      if (!menu) throw notFound('Menu not found');
      return ok(menu);
    },
  );

  app.get(
    '/api/slider/:id',
    {
      schema: {
        tags: ['content'],
        summary: 'A slider with its slides',
        params: SlugParamSchema,
        response: { 200: envelope(SliderSchema) },
      },
    },
    async (req) => {
      const slider = await getSlider(app.db, req.params.id);
      if (!slider) throw notFound('Slider not found');
      return ok(slider);
    },
  );

  app.get(
    '/api/pages',
    {
      schema: {
        tags: ['content'],
        summary: 'Every published page: slug, title, storefront url, parent slug and last change (no blocks)',
        description: 'A list of its own, not /api/page/all: `all` could be the slug of a page.',
        response: { 200: envelope(PageListSchema) },
      },
    },
    async () => ok(await listPages(app.db)),
  );

  app.get(
    '/api/page/*',
    {
      schema: {
        tags: ['content'],
        summary: 'A published page by slug (slug may span several segments)',
        response: { 200: envelope(PageSchema) },
      },
    },
    async (req) => {
      const raw = (req.params as { '*': string })['*'];
      const parsed = SlugParamSchema.safeParse({ id: raw });
      if (!parsed.success) throw notFound('Page not found');
      const page = await getPage(app.db, parsed.data.id);
      if (!page) throw notFound('Page not found');
      return ok(page);
    },
  );

  app.get(
    '/api/faq/:id',
    {
      schema: {
        tags: ['content'],
        summary: 'A FAQ group with its questions in order',
        params: SlugParamSchema,
        response: { 200: envelope(FaqSchema) },
      },
    },
    async (req) => {
      const faq = await getFaq(app.db, req.params.id);
      if (!faq) throw notFound(contentMessages.faqNotFound);
      return ok(faq);
    },
  );

  app.get(
    '/api/template/:id',
    {
      schema: {
        tags: ['content'],
        summary: 'A template: its sections in order, with their settings (no resolved data)',
        params: SlugParamSchema,
        response: { 200: envelope(TemplateSchema) },
      },
    },
    async (req) => {
      const template = await getTemplate(app.db, req.params.id);
      if (!template) throw notFound(contentMessages.templateNotFound);
      return ok(template);
    },
  );

  app.get(
    '/api/templateBoth/:id',
    {
      schema: {
        tags: ['content'],
        summary:
          "Template {id} (or the page's own), the page named by slug/path, page_type and component_data: one entry per section (by key) with its resolved data",
        params: SlugParamSchema,
        querystring: TemplateBothQuerySchema,
        response: { 200: envelope(TemplateBothSchema) },
      },
    },
    async (req) => ok(await getTemplateBoth(app.db, req.params.id, req.query)),
  );
};
