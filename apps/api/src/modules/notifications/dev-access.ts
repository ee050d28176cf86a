import type { FastifyRequest } from 'fastify';

/** Headers a reverse proxy adds: their presence means the loopback peer is relaying someone else. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'x-real-ip', 'forwarded'];

const isLoopbackAddress = (address: string | undefined) =>
  address !== undefined && (address === '::1' || /^(::ffff:)?127\./.test(address));

/** A Host naming this machine: a page on another site (DNS rebinding) cannot send one. */
const isLoopbackHost = (host: string | undefined) =>
  host !== undefined && /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/i.test(host);

/**
 * True only for a request made on this machine itself: a loopback peer, a loopback client address
 * after any trusted proxy, no forwarding header (a proxy on the same machine is loopback too, but
 * it relays requests from anywhere), and a Host that names this machine (a rebound DNS name in a
 * local browser reaches the loopback port with its own Host).
 */
export function fromThisMachine(req: FastifyRequest): boolean {
  return (
    isLoopbackAddress(req.socket.remoteAddress) &&
    isLoopbackAddress(req.ip) &&
    isLoopbackHost(req.headers.host) &&
    FORWARDING_HEADERS.every((h) => req.headers[h] === undefined)
  );
}
