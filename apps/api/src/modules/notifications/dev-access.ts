import type { FastifyRequest } from 'fastify';

/** Headers a reverse proxy adds: their presence means the loopback peer is relaying someone else. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'x-real-ip', 'forwarded'];

const isLoopbackAddress = (address: string | undefined) =>
  address !== undefined && (address === '::1' || /^(::ffff:)?127\./.test(address));

/**
 * True only for a request made on this machine itself: a loopback peer, a loopback client address
 * after any trusted proxy, and no forwarding header (a proxy on the same machine is loopback too,
 * but it relays requests from anywhere).
 */
export function fromThisMachine(req: FastifyRequest): boolean {
  return (
    isLoopbackAddress(req.socket.remoteAddress) &&
    isLoopbackAddress(req.ip) &&
    FORWARDING_HEADERS.every((h) => req.headers[h] === undefined)
  );
}
