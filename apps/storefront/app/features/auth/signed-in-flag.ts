import { accountApi, ApiError, callEndpoint, SIGNED_IN_COOKIE, type User } from '@shopfront/shared';
import { browserTransport } from '../../lib/api.client';
import { readCookie } from '../../lib/cookies';

/**
 * Whether this browser says it is signed in: the readable flag the API sets beside the session
 * cookie (ADR 31). A page from the shared cache carries no account; with the flag, the browser
 * loads it after hydration. The flag grants nothing: the session cookie is the authority.
 */
export function hasSignedInFlag(cookieHeader: string | null | undefined): boolean {
  return readCookie(cookieHeader, SIGNED_IN_COOKIE) !== undefined;
}

/**
 * The signed-in customer of this browser's session, or null when the session is gone (then the
 * flag is dropped, so later pages do not ask again). Rejects when the shop cannot be reached.
 */
export async function loadSignedInUser(): Promise<User | null> {
  try {
    const { data } = await callEndpoint(browserTransport, accountApi.get);
    return {
      id: data.id,
      first_name: data.first_name,
      last_name: data.last_name,
      email: data.email,
      phone: data.phone,
      phone_verified_at: data.phone_verified_at,
      email_verified_at: data.email_verified_at,
    };
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      document.cookie = `${SIGNED_IN_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
      return null;
    }
    throw err;
  }
}
