import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminLinkExchangeBodySchema,
  AdminLinkExchangeResultSchema,
  adminLinkApi,
  storeStateMessages,
} from '@shopfront/shared';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { HttpError, ok } from '../../lib/http.ts';
import { startStaffSession } from '../staff/session.ts';
import { consumeAdminLinkToken } from './service.ts';

/** Admin Panel link exchanges per client address and minute (the token itself is 256 bits). */
export const ADMIN_LINK_EXCHANGE_LIMIT = { max: 10, timeWindow: '1 minute' } as const;

/**
 * POST /api/admin/auth/exchange: public, in its own scope (outside the owner API's staff check),
 * since the link's token is what signs the staff member in.
 */
export const adminLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(
    app,
    adminLinkApi.exchange,
    {
      schemas: { body: AdminLinkExchangeBodySchema, data: AdminLinkExchangeResultSchema },
      tags: ['admin'],
      summary: 'Sign in through an Admin Panel link: spends its token (10 minutes, good once) for a cookie session',
      description:
        "Public. The token comes from the link `/admin/login?token=…` the storefront shows signed-in staff. Success sets the `sf_staff` cookie; a used, expired or unknown token answers 401 'This admin link has expired'. 10 a minute per address.",
      errors: [401, 422, 429],
      config: { rateLimit: ADMIN_LINK_EXCHANGE_LIMIT },
    },
    async (req, reply) => {
      const staff = await consumeAdminLinkToken(app.db, req.body.token);
      if (!staff) throw new HttpError(401, storeStateMessages.adminLinkExpired);
      const session = await startStaffSession(app.db, staff.id, 'cookie', req, reply);
      return ok({ staff, expires_at: session.expiresAt.toISOString() }, `Signed in as ${staff.name}`);
    },
  );
};
