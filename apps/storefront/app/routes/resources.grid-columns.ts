import { redirect } from 'react-router';
import { messages } from '@shopfront/shared';
import type { Route } from './+types/resources.grid-columns';
import { GRID_COOKIE, GRID_COOKIE_MAX_AGE, parseGridColumns } from '../features/catalog/listing/grid-columns';
import { isCrossSite } from '../lib/cross-site.server';
import { safeReturnPath } from '../lib/safe-return-path';

/**
 * The grid-size toggle without JavaScript: a plain form posts here, the cookie is set and the
 * shopper lands back on the listing. With JavaScript the toggle writes the cookie itself.
 */
export async function action({ request }: Route.ActionArgs) {
  if (isCrossSite(request)) {
    return new Response(messages.forbiddenOrigin, { status: 403, headers: { 'cache-control': 'no-store' } });
  }
  const form = await request.formData();
  const columns = parseGridColumns(String(form.get('columns') ?? ''));
  const url = new URL(request.url);
  const secure = url.protocol === 'https:' ? '; Secure' : '';
  return redirect(safeReturnPath(form.get('return_to'), url.origin), {
    status: 303,
    headers: {
      'Set-Cookie': `${GRID_COOKIE}=${columns}; Path=/; Max-Age=${GRID_COOKIE_MAX_AGE}; SameSite=Lax${secure}`,
    },
  });
}

export function loader() {
  return redirect('/shop-online');
}
