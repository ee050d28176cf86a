import { CSRF_HEADER, CSRF_HEADER_VALUE, type ApiTransport, type Envelope } from '@shopfront/shared';

/** A failed browser-side API call: HTTP status, the server's message, and 422 field errors. */
export class ClientApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = 'ClientApiError';
  }
}

export interface ApiSuccess<T> {
  data: T;
  message: string | undefined;
}

type Listener = (err: ClientApiError) => void;
const unauthenticatedListeners = new Set<Listener>();

/**
 * Called whenever an API call answers 401 (the session is gone): the auth store subscribes and
 * logs the UI out, because the server session is the authority.
 */
export function onUnauthenticated(listener: Listener): () => void {
  unauthenticatedListeners.add(listener);
  return () => unauthenticatedListeners.delete(listener);
}

/** Text for a failure with no message of its own (network down, HTML error page). */
export const NETWORK_ERROR = 'Could not reach the shop. Please check your connection and try again';

/**
 * Browser-side call to the shop's API: same origin, with credentials and the CSRF header that
 * the API requires on cookie-bearing mutations. Resolves with data and the success message;
 * rejects with a ClientApiError for anything but `status: 'success'`.
 */
export async function apiFetch<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<ApiSuccess<T>> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'include',
      headers: {
        [CSRF_HEADER]: CSRF_HEADER_VALUE,
        accept: 'application/json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  } catch {
    throw new ClientApiError(0, NETWORK_ERROR);
  }
  let env: Envelope<T> | null = null;
  try {
    env = (await res.json()) as Envelope<T>;
  } catch {
    env = null;
  }
  if (env && env.status === 'success' && res.ok) return { data: env.data, message: env.message };
  const err = new ClientApiError(
    res.status,
    env?.message || NETWORK_ERROR,
    env && env.status === 'error' ? (env.errors ?? {}) : {},
  );
  // A wrong password on the login form is not "the session is gone": only signed-in calls count.
  if (res.status === 401 && !path.startsWith('/api/auth/')) for (const l of unauthenticatedListeners) l(err);
  throw err;
}

/**
 * The browser's transport for `callEndpoint` (ADR 0018): same origin, credentials, the CSRF
 * header; a network failure answers status 0. A 401 outside /api/auth/ tells the auth store.
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
    const err = new ClientApiError(401, env?.message || NETWORK_ERROR);
    for (const l of unauthenticatedListeners) l(err);
  }
  return { status: res.status, body: parsed };
};
