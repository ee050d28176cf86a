import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OptionSwatchListSchema,
  OptionSwatchSchema,
  SwatchKeySchema,
  SwatchSetBodySchema,
  swatchApi,
  swatchMessages,
} from '@shopfront/shared';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { ok } from '../../lib/http.ts';
import { requireStaff } from './auth.ts';
import { listSwatches, removeSwatch, setSwatch } from './swatches.ts';

/**
 * The owner's colour swatches. Registered inside the owner API's protected scope (its staff check
 * runs first); owners and managers may change them (the catalogue area).
 */
export const swatchRoutes: FastifyPluginAsyncZod = async (app) => {
  const doc = (summary: string, errors: readonly (404 | 422)[] = []) => ({
    tags: ['admin'],
    summary,
    description:
      'Owner API (ADR 26): a staff session (Bearer token, or the sf_staff cookie with the X-Requested-With header on writes). Owners and managers (catalogue). Swatches are shop-wide, keyed by option name and value without regard to case; listing filters (facet values’ `swatch`) and product pages (`options[].swatches`) show them, on every process at once.',
    errors: [401, 403, ...errors, 429] as const,
    config: { staffArea: 'catalog' as const },
  });

  registerEndpoint(
    app,
    swatchApi.list,
    { schemas: { data: OptionSwatchListSchema }, ...doc('Every colour swatch, by option name and value') },
    async (req) => {
      await requireStaff(req);
      return ok(await listSwatches(app.db));
    },
  );

  registerEndpoint(
    app,
    swatchApi.set,
    {
      schemas: { body: SwatchSetBodySchema, data: OptionSwatchSchema },
      ...doc(
        'Set the swatch of an option value ({option_name, value, colour}): adds it or replaces its colour. colour is a hex code (#rrggbb or #rgb; answered as #rrggbb in lower case); anything else is 422 "A colour is a hex code such as #1f6f5c"',
        [422],
      ),
    },
    async (req) => {
      const member = await requireStaff(req);
      const swatch = await setSwatch(app.db, { id: member.id, email: member.email }, req.body, req.ip ?? null);
      return ok(swatch, swatchMessages.saved);
    },
  );

  registerEndpoint(
    app,
    swatchApi.remove,
    {
      schemas: { query: SwatchKeySchema, data: OptionSwatchSchema },
      ...doc('Remove the swatch of an option value (?option_name=&value=); answers what was removed', [404, 422]),
    },
    async (req) => {
      const member = await requireStaff(req);
      const swatch = await removeSwatch(app.db, { id: member.id, email: member.email }, req.query, req.ip ?? null);
      return ok(swatch, swatchMessages.removed);
    },
  );
};
