import type { FastifyRequest } from 'fastify';
import type { Env } from '../env.ts';

/** The shop's public origin: PUBLIC_URL when set, else what the request was addressed to. */
export function publicOrigin(req: FastifyRequest, env: Pick<Env, 'PUBLIC_URL'>): string {
  if (env.PUBLIC_URL) return new URL(env.PUBLIC_URL).origin;
  return `${req.protocol}://${req.host}`;
}
