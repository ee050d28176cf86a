import type { FastifyRequest } from 'fastify';
import type { Env } from '../env.ts';

/**
 * Whether a cookie set in answer to `req` gets the Secure attribute: when the shopper reached the
 * shop over https (the protocol as the trusted proxy reports it) or the shop's public URL is https.
 * Never decided by NODE_ENV, so a shop started without it still keeps its cookies off plain http.
 */
export function secureCookie(env: Pick<Env, 'PUBLIC_URL'>, req: Pick<FastifyRequest, 'protocol'>): boolean {
  return req.protocol === 'https' || Boolean(env.PUBLIC_URL?.startsWith('https://'));
}
