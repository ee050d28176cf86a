import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorEnvelopeSchema,
  SearchProductsBodySchema,
  SearchResultsSchema,
  SearchSuggestQuerySchema,
  SearchSuggestionSchema,
  envelope,
} from '@shopfront/shared';
import { ok } from '../../lib/http.ts';
import { searchProducts, searchSuggestions } from './service.ts';

const SEARCH_DOC =
  'Full text (websearch_to_tsquery) on name, brand, categories, tags, skus and colours, or per-word prefix and typo-tolerant trigram matching. ' +
  'query is required, at most 200 characters.';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/search/search',
    {
      schema: {
        tags: ['search'],
        summary: 'Suggestions while typing: up to 8 products (name, slug, image, price) and 5 categories',
        description: SEARCH_DOC,
        querystring: SearchSuggestQuerySchema,
        response: { 200: envelope(SearchSuggestionSchema), 422: ErrorEnvelopeSchema },
      },
    },
    async (req) => ok(await searchSuggestions(app.db, req.query.query)),
  );

  app.post(
    '/api/search/search-products',
    {
      schema: {
        tags: ['search'],
        summary:
          'Search results: products matching query, with the listing filters, sort (relevance = rank), paging and facets',
        description: SEARCH_DOC,
        body: SearchProductsBodySchema,
        response: { 200: envelope(SearchResultsSchema), 422: ErrorEnvelopeSchema },
      },
    },
    async (req) => ok(await searchProducts(app.db, req.body)),
  );
};
