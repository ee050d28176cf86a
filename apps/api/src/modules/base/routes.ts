import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  HEARTBEAT_COOKIE,
  HEARTBEAT_COOKIE_MAX_AGE_S,
  HealthSchema,
  HeartBeatSchema,
  HostSchema,
  ErrorEnvelopeSchema,
  baseApi,
} from '@shopfront/shared';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { ok } from '../../lib/http.ts';
import { cookieOptions } from '../../lib/cookies.ts';
import { shopOrigin } from '../../lib/origin.ts';
import { databaseIsUp, recordHeartBeat, today } from './service.ts';

const startedAt = Date.now();

export const baseRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(
    app,
    baseApi.host,
    { schemas: { data: HostSchema }, tags: ['base'], summary: 'Public origin of the shop' },
    async (req) => ok({ host: await shopOrigin(app, req) }),
  );

  registerEndpoint(
    app,
    baseApi.heartBeat,
    {
      schemas: { data: HeartBeatSchema },
      tags: ['base'],
      summary: 'Counts the visitor once per calendar day (7-day cookie holds the last visit date)',
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      const day = today();
      const recorded = await recordHeartBeat(app.db, req.cookies[HEARTBEAT_COOKIE], day);
      if (recorded) {
        reply.setCookie(HEARTBEAT_COOKIE, day, cookieOptions(app.env, req, HEARTBEAT_COOKIE_MAX_AGE_S * 1000));
      }
      return ok({ recorded, date: day });
    },
  );

  registerEndpoint(
    app,
    baseApi.health,
    {
      schemas: { data: HealthSchema },
      tags: ['base'],
      summary: 'Liveness and database reachability',
      responses: { 503: ErrorEnvelopeSchema.extend({ data: HealthSchema }) },
    },
    async (_req, reply) => {
      const up = await databaseIsUp(app.db);
      const data = { ok: up, database: app.database.dialect, uptime_s: Math.round((Date.now() - startedAt) / 1000) };
      if (!up) return reply.code(503).send({ status: 'error' as const, message: 'Database unavailable', data });
      return ok(data);
    },
  );
};
