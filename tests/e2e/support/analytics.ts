import type { Page } from 'playwright-core';
import type { PGlite } from '@electric-sql/pglite';

/**
 * Helpers of the consent and analytics tests. The shop has no owner change for plugins these
 * tests can call without staff credentials, so they write the shop's database before its server
 * starts (a shop's `prepare`: PGlite belongs to one process at a time).
 */

export const GTAG_ID = 'G-SHOPTEST1';
export const PIXEL_ID = '123456789012345';

/** Installs (or reinstalls) plugins with their config. */
export async function installPlugins(db: PGlite, plugins: Record<string, Record<string, unknown>>): Promise<void> {
  for (const [name, config] of Object.entries(plugins)) {
    await db.query(
      `insert into plugins (module_name, config, is_installed) values ($1, $2::jsonb, true)
       on conflict (module_name) do update set config = excluded.config, is_installed = true, updated_at = now()`,
      [name, JSON.stringify(config)],
    );
  }
}

export async function removePlugins(db: PGlite, names: string[]): Promise<void> {
  await db.query(`delete from plugins where module_name = any($1)`, [names]);
}

export async function setCookieWarning(db: PGlite, on: boolean): Promise<void> {
  await db.query('update storefronts set is_cookie_warning_enabled = $1', [on]);
}

/**
 * Aborts every request for a host other than 127.0.0.1 (nothing leaves the machine) and records
 * its URL: the tests check what the page *asked* for.
 */
export async function blockOutsideRequests(page: Page): Promise<string[]> {
  const outside: string[] = [];
  await page.route('**/*', async (route) => {
    const url = route.request().url();
    if (new URL(url).hostname === '127.0.0.1') return route.continue();
    outside.push(url);
    return route.abort('blockedbyclient');
  });
  return outside;
}

/** window.dataLayer, with gtag()'s `arguments` entries as arrays. */
export function dataLayerOf(page: Page): Promise<unknown[] | null> {
  return page.evaluate(() => {
    const layer = (window as unknown as { dataLayer?: unknown[] }).dataLayer;
    if (!layer) return null;
    return JSON.parse(
      JSON.stringify(
        layer.map((e) =>
          e && typeof e === 'object' && !Array.isArray(e) && Object.prototype.toString.call(e) === '[object Arguments]'
            ? Array.from(e as ArrayLike<unknown>)
            : e,
        ),
      ),
    ) as unknown[];
  });
}

/** The Meta Pixel's queue (fbevents.js never ran: the request was blocked). */
export function fbqQueueOf(page: Page): Promise<unknown[][] | null> {
  return page.evaluate(() => {
    const fbq = (window as unknown as { fbq?: { queue: unknown[][] } }).fbq;
    return fbq ? (JSON.parse(JSON.stringify(fbq.queue)) as unknown[][]) : null;
  });
}

/** The nonce of the page's own scripts (React Router's), as the browser keeps it. */
export function pageNonce(page: Page): Promise<string> {
  return page.evaluate(() => {
    const own = [...document.scripts].find((s) => !s.dataset['analytics'] && s.nonce);
    return own?.nonce ?? '';
  });
}

/** The analytics scripts on the page: src and nonce. */
export function analyticsScripts(page: Page): Promise<{ src: string; nonce: string }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLScriptElement>('script[data-analytics]')].map((s) => ({
      src: s.src,
      nonce: s.nonce ?? '',
    })),
  );
}
