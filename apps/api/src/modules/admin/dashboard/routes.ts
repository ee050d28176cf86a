import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DashboardQuerySchema, DashboardSchema, adminDashboardApi } from '@shopfront/shared';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { ok } from '../../../lib/http.ts';
import { getDashboard } from './service.ts';

/** The owner's dashboard (issue 25), inside the owner API's protected scope. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(
    app,
    adminDashboardApi.dashboard,
    {
      schemas: { query: DashboardQuerySchema, data: DashboardSchema },
      tags: ['admin'],
      summary:
        'Sales, orders and average order value for today, 7 and 30 days against the period before (same stretch one period earlier), Cash on Delivery against online, the top products of 30 days and the orders waiting to ship. utc_offset: minutes ahead of UTC of the owner’s clock (India: 330), so today starts at their midnight. Sales: orders confirmed onwards (not cancelled), grand total less refunds, in the default channel’s currency',
      description:
        'Owner API (ADR 26): a staff session (Bearer token, or the sf_staff cookie). Owners and managers (the dashboard area).',
      errors: [401, 403, 422, 429],
      config: { staffArea: 'dashboard' },
    },
    async (req) => ok(await getDashboard(app.db, req.query.utc_offset)),
  );
};
