/**
 * What the load benchmarks (cart.ts, checkout.ts) share: their command-line numbers, stopping
 * everything they started on a signal, JSON calls to the shop, and the PostgreSQL section (a
 * throwaway cluster with a fresh database).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startCluster, type Cluster } from '../scripts/lib/pg-cluster.mjs';
import { killAllServersNow } from './server.ts';

/** The repository's root (where the shop is started from). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The header that passes the API's CSRF check for cookie-authenticated calls. */
export const CSRF = { 'x-requested-with': 'shopfront' };

/** `--name=N` of the command line as a number, else `fallback`. */
export function numArg(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? Number(arg.split('=')[1]) : fallback;
}

/** Whether `--name` is on the command line. */
export const flagArg = (name: string) => process.argv.includes(`--${name}`);

let cluster: Cluster | null = null;

/** On SIGINT or SIGTERM: kill every server this process started, stop its PostgreSQL cluster, exit. */
export function stopEverythingOnSignals(): void {
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, () => {
      killAllServersNow();
      cluster?.stop();
      process.exit(130);
    });
  }
}

export interface Answer {
  status: number;
  body: { status: string; message?: string; data: Record<string, unknown> };
  /** The cookies the answer set, as one Cookie header value. */
  setCookie: string;
}

/** A JSON call to the shop (with the CSRF header and, when given, the shopper's cookies). */
export async function json(
  baseUrl: string,
  method: string,
  p: string,
  body?: unknown,
  cookie?: string,
): Promise<Answer> {
  const res = await fetch(baseUrl + p, {
    method,
    headers: { ...CSRF, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const setCookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { status: res.status, body: (await res.json()) as Answer['body'], setCookie };
}

/**
 * Starts a throwaway PostgreSQL cluster, creates database `name` on it, runs `section` with its
 * URL and a title naming the server's version, and stops the cluster whatever happens.
 */
export async function withPostgres(name: string, section: (title: string, url: string) => Promise<void>) {
  cluster = await startCluster();
  try {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(cluster.url);
    url.pathname = `/${name}`;
    await section(`PostgreSQL ${cluster.version}`, url.toString());
  } finally {
    cluster.stop();
    cluster = null;
  }
}

/** A shopper's delivery address in India for the benchmarks' checkouts (PUT /api/cart/update-address). */
export function benchAddress(countryId: number, stateId: number) {
  return {
    address_type: 'Shipping',
    first_name: 'Asha',
    last_name: 'Rao',
    phone: '9876543210',
    email: 'asha@example.test',
    address_line_1: '12 Residency Road',
    city: 'Bengaluru',
    postcode: '560025',
    country_id: countryId,
    state_id: stateId,
  };
}
