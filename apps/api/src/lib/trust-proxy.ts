import type { Env } from '../env.ts';

type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

/**
 * Fastify's trustProxy for TRUST_PROXY. A hop count becomes "trust the N nearest hops": Fastify
 * itself treats a number as "trust nothing", since a client that reaches the port directly could
 * then name its own address; the README says to list the proxies' addresses in that case.
 */
export function fastifyTrustProxy(value: Env['TRUST_PROXY']): TrustProxy {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value;
}
