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

/**
 * The attributes of every cookie the API sets: HttpOnly, SameSite=Lax, the whole site, Secure as
 * above (`npm start` on plain http must still be able to log in), and a lifetime (null: a
 * browser-session cookie).
 */
export function cookieOptions(
  env: Pick<Env, 'PUBLIC_URL'>,
  req: Pick<FastifyRequest, 'protocol'>,
  maxAgeMs: number | null,
) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    secure: secureCookie(env, req),
    ...(maxAgeMs === null ? {} : { maxAge: Math.floor(maxAgeMs / 1000) }),
  };
}
