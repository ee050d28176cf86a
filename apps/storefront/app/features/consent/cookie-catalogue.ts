import { PLUGINS, type OptionalCookieGroup, type Plugin, type PluginCookie } from '@shopfront/shared';
import { CONSENT_COOKIE } from './preferences';

/**
 * What the preferences dialog lists: the shop's own (necessary) cookies, and for each optional
 * group the installed plugins that need it with their cookies (the plugin catalogue, spec
 * section 3 "Cookie entry").
 */

export const NECESSARY_COOKIES: readonly PluginCookie[] = [
  { name: 'sf_session, sf_signed_in', description: 'Keep you signed in to your account.' },
  { name: 'cart_session, api_cart', description: 'Keep the items in your cart between visits.' },
  { name: 'order_ref', description: 'Lets you see the order you just placed without an account.' },
  { name: 'sf_device', description: 'Recognises a device you signed in from before, for security alerts.' },
  { name: 'heartbeat', description: 'Remembers the day of your last visit (7 days).' },
  { name: 'grid_columns', description: 'Remembers how many products per row you chose.' },
  { name: 'sf_notice_closed', description: 'Remembers that you closed the notice bar.' },
  // CHANNEL_COOKIE, named here: its module builds zod schemas, which browsing pages must not load (ADR 10).
  { name: 'sf_channel', description: 'Remembers the country and currency you chose to shop in (1 year).' },
  {
    name: 'sf_store_access',
    description: 'Lets you into a password-protected shop once you have given its password (30 days).',
  },
  { name: 'sf_staff', description: 'Keeps shop staff signed in while they preview the shop (12 hours).' },
  { name: CONSENT_COOKIE, description: 'Remembers your cookie choice (1 year).' },
];

export const GROUP_TEXT: Record<'necessary' | OptionalCookieGroup, { title: string; description: string }> = {
  necessary: {
    title: 'Necessary',
    description: 'Needed for the shop to work: your session, your cart, checkout and this choice.',
  },
  analytics: {
    title: 'Analytics',
    description: 'Tell us how the shop is used (pages visited, products viewed) so that we can improve it.',
  },
  marketing: {
    title: 'Marketing',
    description: 'Measure our advertising and show you relevant offers on other sites.',
  },
};

export interface GroupPlugin {
  label: string;
  cookies: readonly PluginCookie[];
}

/** The optional groups the installed plugins need, each with those plugins, in a stable order. */
export function optionalGroupsOf(
  plugins: readonly Pick<Plugin, 'module_name'>[],
): Map<OptionalCookieGroup, GroupPlugin[]> {
  const out = new Map<OptionalCookieGroup, GroupPlugin[]>();
  for (const group of ['analytics', 'marketing'] as const) {
    const members = plugins.flatMap(({ module_name }) => {
      const info = (PLUGINS as Record<string, (typeof PLUGINS)[keyof typeof PLUGINS] | undefined>)[module_name];
      return info?.consent === group ? [{ label: info.label, cookies: info.cookies }] : [];
    });
    if (members.length) out.set(group, members);
  }
  return out;
}

/** Removes a declined group's cookies this page can reach (the shop's host and its parent domains). */
export function removeCookies(cookies: readonly PluginCookie[]): void {
  const present = document.cookie.split(';').map((c) => c.split('=')[0]!.trim());
  const names = present.filter((p) =>
    cookies.some((c) => (c.name.endsWith('*') ? p.startsWith(c.name.slice(0, -1)) : p === c.name)),
  );
  const parts = location.hostname.split('.');
  const domains = [''];
  for (let i = 0; i < parts.length - 1; i++) domains.push(`; domain=.${parts.slice(i).join('.')}`);
  for (const name of names) for (const domain of domains) document.cookie = `${name}=; max-age=0; path=/${domain}`;
}
