import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SearchProductsBodySchema,
  SearchResultsSchema,
  SearchSuggestQuerySchema,
  SearchSuggestionSchema,
  searchApi,
} from '@shopfront/shared';
import { registerEndpoint, sameForChannel } from '../../lib/endpoint-route.ts';
import { ok } from '../../lib/http.ts';
import { searchProducts, searchSuggestions } from './service.ts';

const SEARCH_DOC =
  'Full text (websearch_to_tsquery) on name, brand, categories, tags, skus and colours, or per-word prefix and typo-tolerant trigram matching. ' +
  'query is required, at most 200 characters.';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(
    app,
    searchApi.suggestions,
    {
      schemas: { query: SearchSuggestQuerySchema, data: SearchSuggestionSchema },
      tags: ['search'],
      summary: 'Suggestions while typing: up to 8 products (name, slug, image, price) and 5 categories',
      description: SEARCH_DOC,
      errors: [422],
      sharedAnswer: sameForChannel,
    },
    async (req) => ok(await searchSuggestions(app.db, req.query.query, await req.shop())),
  );

  registerEndpoint(
    app,
    searchApi.products,
    {
      schemas: { body: SearchProductsBodySchema, data: SearchResultsSchema },
      tags: ['search'],
      summary:
        'Search results: products matching query, with the listing filters, sort (relevance = rank), paging and facets',
      description: SEARCH_DOC,
      errors: [422],
      sharedAnswer: sameForChannel,
    },
    async (req) => ok(await searchProducts(app.db, req.body, await req.shop())),
  );
};
