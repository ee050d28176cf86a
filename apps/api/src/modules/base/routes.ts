import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  HEARTBEAT_COOKIE,
  HEARTBEAT_COOKIE_MAX_AGE_S,
  HealthSchema,
  HeartBeatSchema,
  HostSchema,
  ErrorEnvelopeSchema,
  envelope,
} from '@shopfront/shared';
import { ok } from '../../lib/http.ts';
import { cookieOptions } from '../../lib/cookies.ts';
import { shopOrigin } from '../../lib/origin.ts';
import { databaseIsUp, recordHeartBeat, today } from './service.ts';

const startedAt = Date.now();

export const baseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/base/host',
    { schema: { tags: ['base'], summary: 'Public origin of the shop', response: { 200: envelope(HostSchema) } } },
    async (req) => ok({ host: await shopOrigin(app, req) }),
  );

  app.post(
    '/api/base/heart-beat',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['base'],
        summary: 'Counts the visitor once per calendar day (7-day cookie holds the last visit date)',
        response: { 200: envelope(HeartBeatSchema) },
      },
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

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['base'],
        summary: 'Liveness and database reachability',
        response: { 200: envelope(HealthSchema), 503: ErrorEnvelopeSchema.extend({ data: HealthSchema }) },
      },
    },
    async (_req, reply) => {
      const up = await databaseIsUp(app.db);
      const data = { ok: up, database: app.database.dialect, uptime_s: Math.round((Date.now() - startedAt) / 1000) };
      if (!up) return reply.code(503).send({ status: 'error' as const, message: 'Database unavailable', data });
      return ok(data);
    },
  );
};
