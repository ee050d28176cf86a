import { ApiError, CSRF_HEADER, CSRF_HEADER_VALUE, NETWORK_ERROR, type ApiTransport } from '@shopfront/shared';

type Listener = (err: ApiError) => void;
const unauthenticatedListeners = new Set<Listener>();

/**
 * Called whenever an API call answers 401 (the session is gone): the auth store subscribes and
 * logs the UI out, because the server session is the authority.
 */
export function onUnauthenticated(listener: Listener): () => void {
  unauthenticatedListeners.add(listener);
  return () => unauthenticatedListeners.delete(listener);
}

/**
 * The browser's transport for `callEndpoint` (ADR 0018): same origin, credentials, the CSRF
 * header that the API requires on cookie-bearing mutations; a network failure answers status 0.
 * A 401 outside /api/auth/ tells the auth store (a wrong password on the login form is not "the
 * session is gone": only signed-in calls count).
 */
export const browserTransport: ApiTransport = async ({ method, path, body, headers }) => {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'include',
      headers: {
        ...headers,
        [CSRF_HEADER]: CSRF_HEADER_VALUE,
        accept: 'application/json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  } catch {
    return { status: 0, body: null };
  }
  let parsed: unknown = null;
  try {
    parsed = await res.json();
  } catch {
    parsed = null;
  }
  if (res.status === 401 && !path.startsWith('/api/auth/')) {
    const env = parsed as { message?: string } | null;
    const err = new ApiError(401, env?.message || NETWORK_ERROR);
    for (const l of unauthenticatedListeners) l(err);
  }
  return { status: res.status, body: parsed };
};
