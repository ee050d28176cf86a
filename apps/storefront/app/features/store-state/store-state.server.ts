import { data, redirect } from 'react-router';
import {
  MAINTENANCE_RETRY_AFTER_S,
  STORE_STATE_PATHS,
  messages,
  type InitialValues,
  type StoreState,
} from '@shopfront/shared';
import { api } from '../../lib/api.server';
import type { ClosedShopView } from './closed-page';
import { notFound } from '../../lib/errors';
import { STANDALONE_PATHS, normalisePath } from './paths';

/** Headers of every answer of a closed shop: never indexed, never kept by a shared cache. */
export const CLOSED_HEADERS = { 'X-Robots-Tag': 'noindex', 'Cache-Control': 'private, no-store' } as const;

type ClosedState = Exclude<StoreState, 'open'>;

/**
 * Spec section 4, for the root loader: while the shop is closed for this visitor, every page but
 * the special pages and the staff sign-in redirects (302) to the visitor's special page.
 */
export function storeStateRedirect(pathname: string, access: InitialValues['access']): Response | null {
  if (access.state === 'open' || STANDALONE_PATHS.has(normalisePath(pathname))) return null;
  return redirect(STORE_STATE_PATHS[access.state], { status: 302, headers: CLOSED_HEADERS });
}

/** What a standalone page shows about the shop: name, logo, contact and social links. */
export function closedShopView(initial: InitialValues, preview: boolean): ClosedShopView {
  const { storefront, settings } = initial;
  return {
    storeName: settings.store_name || storefront.name,
    storeEmail: settings.store_email || null,
    logo: storefront.logo,
    social: {
      facebook: settings.facebook ?? null,
      instagram: settings.instagram ?? null,
      youtube: settings.youtube ?? null,
      twitter: settings.twitter ?? null,
      pinterest: settings.pinterest ?? null,
      linkedin: settings.linkedin ?? null,
    },
    preview,
  };
}

/** Whether the shop's settings make a special page's condition active (whoever is asking). */
function conditionActive(page: ClosedState, storefront: InitialValues['storefront']): boolean {
  if (page === 'password') return storefront.is_password_protection_enabled;
  if (page === 'coming-soon') return storefront.mode === 'Coming Soon';
  return storefront.mode === 'Under Maintenance';
}

/**
 * The loader of a special page: 404 when its condition is not active (spec section 4); a visitor
 * whose state is another page is sent there (a verified visitor leaves the password page); staff
 * may look at any active one. Under Maintenance answers 503 with Retry-After.
 */
export async function specialPageLoader(context: unknown, request: Request, page: ClosedState) {
  const initial = await api(context).initialValues();
  const { access, storefront } = initial;
  if (!conditionActive(page, storefront)) throw notFound(messages.pageNotFound(new URL(request.url).pathname));
  if (access.state !== page && !access.staff) {
    throw redirect(access.state === 'open' ? '/' : STORE_STATE_PATHS[access.state], {
      status: 302,
      headers: CLOSED_HEADERS,
    });
  }
  const view = { page, ...closedShopView(initial, access.state !== page) };
  const headers: Record<string, string> = { ...CLOSED_HEADERS };
  if (page === 'maintenance') headers['Retry-After'] = String(MAINTENANCE_RETRY_AFTER_S);
  return data(view, { status: page === 'maintenance' ? 503 : 200, headers });
}

export type SpecialPageView = Awaited<ReturnType<typeof specialPageLoader>>['data'];
