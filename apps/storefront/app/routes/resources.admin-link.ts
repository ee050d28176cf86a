import { redirect } from 'react-router';
import { ApiError, adminApi, callEndpoint, messages } from '@shopfront/shared';
import type { Route } from './+types/resources.admin-link';
import { ADMIN_LOGIN_PATH } from '../features/store-state/paths';
import { apiTransport } from '../lib/api.server';
import { isCrossSite } from '../lib/cross-site.server';

const NO_STORE = { 'cache-control': 'no-store' };

/**
 * The Admin Panel button posts here (spec section 2): the API mints a one-time link for the
 * signed-in staff member (POST /api/admin/auth/link-token, the `sf_staff` session) and the
 * browser is sent on to it. The token exists only from this click, and only in this redirect.
 * Without a live staff session (expired, signed out elsewhere) the staff sign-in page opens.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (isCrossSite(request)) return new Response(messages.forbiddenOrigin, { status: 403, headers: NO_STORE });
  try {
    const { data } = await callEndpoint(apiTransport(context), adminApi.linkToken);
    return redirect(data.link, { status: 303, headers: NO_STORE });
  } catch (err) {
    if (err instanceof ApiError && err.status > 0 && err.status < 500) {
      return redirect(ADMIN_LOGIN_PATH, { status: 303, headers: NO_STORE });
    }
    throw err;
  }
}

export function loader() {
  return redirect(ADMIN_LOGIN_PATH);
}
