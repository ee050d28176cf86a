import { accountApi, ApiError, callEndpoint, SIGNED_IN_COOKIE, type User } from '@shopfront/shared';
import { browserTransport } from '../../lib/api.client';
import { readCookie } from '../../lib/cookies';
import { userFromAccount } from './auth-api';

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
    return userFromAccount(data);
  } catch (err) {
    // The API's 401 clears the flag too when the session cookie is gone; a session the server
    // ended (expired, revoked) leaves the cookie, so the browser drops the flag itself.
    if (err instanceof ApiError && err.status === 401) {
      document.cookie = `${SIGNED_IN_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
      return null;
    }
    throw err;
  }
}
