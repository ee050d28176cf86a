import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProductGridBodySchema, ProductGridSchema, envelope } from '@shopfront/shared';
import { ok } from '../../lib/http.ts';
import { getProductGrid } from './service.ts';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/product/product-grid',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Products for a grid section (items: how many, source: latest or featured)',
        body: ProductGridBodySchema,
        response: { 200: envelope(ProductGridSchema) },
      },
    },
    async (req) => ok(await getProductGrid(app.db, req.body)),
  );
};
