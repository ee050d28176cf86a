import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_HEADER, CSRF_HEADER_VALUE, messages } from '@shopfront/shared';
import type { Env } from '../env.ts';
import { publicOrigin } from './origin.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Rejects cross-site mutations of /api. A browser always sends Origin on a cross-site POST,
 * so an Origin that is not the shop's is refused; a request that carries cookies must also
 * carry the custom header, which a cross-site form cannot set without a CORS preflight.
 */
export function csrfGuard(env: Env) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    // The matched route, not the raw URL: the router decodes the path (/%61pi/… reaches /api/…).
    const route = req.routeOptions.url ?? req.url;
    if (SAFE.has(req.method) || !route.startsWith('/api/')) return;
    const origin = req.headers.origin;
    if (origin && origin !== 'null' && origin !== publicOrigin(req, env)) {
      return reply.code(403).send({ status: 'error', message: messages.forbiddenOrigin });
    }
    if (origin === 'null') return reply.code(403).send({ status: 'error', message: messages.forbiddenOrigin });
    if (req.headers.cookie && req.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE) {
      return reply.code(403).send({ status: 'error', message: messages.forbiddenOrigin });
    }
  };
}
