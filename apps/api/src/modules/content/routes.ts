import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MenuSchema, PageSchema, SliderSchema, SlugParamSchema, envelope } from '@shopfront/shared';
import { notFound, ok } from '../../lib/http.ts';
import { getMenu, getPage, getSlider } from './service.ts';

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/menu/:id',
    { schema: { tags: ['content'], summary: 'A menu with nested items', params: SlugParamSchema, response: { 200: envelope(MenuSchema) } } },
    async (req) => {
      const menu = await getMenu(app.db, req.params.id);
      if (!menu) throw notFound('Menu not found');
      return ok(menu);
    },
  );

  app.get(
    '/api/slider/:id',
    { schema: { tags: ['content'], summary: 'A slider with its slides', params: SlugParamSchema, response: { 200: envelope(SliderSchema) } } },
    async (req) => {
      const slider = await getSlider(app.db, req.params.id);
      if (!slider) throw notFound('Slider not found');
      return ok(slider);
    },
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
};
