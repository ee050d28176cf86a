import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Env } from '../env.ts';
import { getStoreSettings } from '../modules/settings/service.ts';

/** The shop's public origin: PUBLIC_URL when set, else what the request was addressed to. */
export function publicOrigin(req: FastifyRequest, env: Pick<Env, 'PUBLIC_URL'>): string {
  if (env.PUBLIC_URL) return new URL(env.PUBLIC_URL).origin;
  return `${req.protocol}://${req.host}`;
}

/** The origin of a store_url value, or null when it is missing or not an http(s) URL. */
export function originOfStoreUrl(storeUrl: unknown): string | null {
  if (typeof storeUrl !== 'string' || !/^https?:\/\//.test(storeUrl)) return null;
  try {
    return new URL(storeUrl).origin;
  } catch {
    return null;
  }
}

/** The origin of the store_url setting, or null when it is missing or not an http(s) URL. */
export async function storeUrlOrigin(db: Db): Promise<string | null> {
  const { store_url } = await getStoreSettings(db, ['store_url']);
  return originOfStoreUrl(store_url);
}

/**
 * The origin of the shop's absolute links (canonical URLs, sitemap, robots.txt). In production
 * never the Host header, which any client can forge (and a cache in front of the shop would then
 * hand the forged links to everyone): PUBLIC_URL, else the store_url setting. server.ts refuses
 * to start in production with neither; should store_url be broken later, links stay relative.
 */
export async function shopOrigin(app: FastifyInstance, req: FastifyRequest): Promise<string> {
  if (app.env.PUBLIC_URL || app.env.NODE_ENV !== 'production') return publicOrigin(req, app.env);
  return (await storeUrlOrigin(app.db)) ?? '';
}

/** shopOrigin, for a caller that has already read the store_url setting (no extra query). */
export function shopOriginWith(
  env: Pick<Env, 'PUBLIC_URL' | 'NODE_ENV'>,
  req: FastifyRequest,
  storeUrl: unknown,
): string {
  if (env.PUBLIC_URL || env.NODE_ENV !== 'production') return publicOrigin(req, env);
  return originOfStoreUrl(storeUrl) ?? '';
}

/**
 * The origin of links sent by e-mail or SMS (password reset). A forged Host would point a genuine
 * token at someone else's site, so the request's Host is used only outside production and only
 * when neither PUBLIC_URL nor store_url is set; in production with neither, '' (no link).
 */
export async function messageLinkOrigin(app: FastifyInstance, req: FastifyRequest): Promise<string> {
  if (app.env.PUBLIC_URL) return new URL(app.env.PUBLIC_URL).origin;
  const stored = await storeUrlOrigin(app.db);
  if (stored) return stored;
  return app.env.NODE_ENV === 'production' ? '' : publicOrigin(req, app.env);
}

/**
 * The origin of links in messages sent with no request at hand (jobs: order messages, cart
 * reminders): PUBLIC_URL, else the store_url setting, else (outside production) the local server.
 * Null in production with neither: there is no trustworthy origin.
 */
export function backgroundLinkOrigin(
  env: Pick<Env, 'PUBLIC_URL' | 'NODE_ENV' | 'PORT'>,
  storeUrl: unknown,
): string | null {
  if (env.PUBLIC_URL) return new URL(env.PUBLIC_URL).origin;
  const stored = originOfStoreUrl(storeUrl);
  if (stored) return stored;
  return env.NODE_ENV === 'production' ? null : `http://localhost:${env.PORT}`;
}
