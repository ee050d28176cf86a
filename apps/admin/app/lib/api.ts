import {
  ApiError,
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  NETWORK_ERROR,
  callEndpoint,
  type ApiTransport,
  type CallInput,
  type Endpoint,
} from '@shopfront/shared';

/** Where a signed-out panel sends the staff member (the page they wanted as `next`). */
export function signInPath(next?: string): string {
  return next && next !== '/' && !next.startsWith('/login') ? `/login?next=${encodeURIComponent(next)}` : '/login';
}

type Listener = () => void;
const signedOutListeners = new Set<Listener>();

/** Called when a signed-in call answers 401: the session is gone, the frame sends the user to sign in. */
export function onSignedOut(listener: Listener): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

/**
 * A 401 from these is not "the session is gone": a wrong password, a spent link, or the sign-in
 * page asking whether someone is still signed in.
 */
const SIGN_IN_PATHS = ['/api/admin/auth/login', '/api/admin/auth/exchange', '/api/admin/auth/me'];

/**
 * The panel's only way to the API (ADR 0018 declarations): same origin, the `sf_staff` cookie,
 * and the CSRF header on writes; a network failure answers status 0.
 */
export const panelTransport: ApiTransport = (req) => send(req);

async function send({ method, path, body, headers }: Parameters<ApiTransport>[0], signal?: AbortSignal) {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      signal,
      credentials: 'same-origin',
      headers: {
        ...headers,
        ...(method === 'GET' ? {} : { [CSRF_HEADER]: CSRF_HEADER_VALUE }),
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
  if (res.status === 401 && !SIGN_IN_PATHS.some((p) => path.startsWith(p))) {
    for (const l of signedOutListeners) l();
  }
  return { status: res.status, body: parsed };
}

/** callEndpoint over the panel's transport. */
export function call<E extends Endpoint>(ep: E, input?: CallInput<E>) {
  return callEndpoint(panelTransport, ep, ...([input] as [never]));
}

/** callEndpoint that TanStack Query can abort (its `signal`): a stale search stops downloading. */
export function callAbortable<E extends Endpoint>(ep: E, input: CallInput<E>, signal: AbortSignal) {
  const transport: ApiTransport = (req) => send(req, signal);
  return callEndpoint(transport, ep, ...([input] as [never]));
}

/** The text to show for a failed call. */
export function errorText(err: unknown): string {
  return err instanceof ApiError ? err.message : NETWORK_ERROR;
}

/** A refused write's messages by field (`items.2.link`, `theme.primary`), the first of each. */
export function fieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError)) return {};
  return Object.fromEntries(Object.entries(err.errors).flatMap(([k, list]) => (list[0] ? [[k, list[0]]] : [])));
}

/** Whether an editor's form still equals what the server has (its JSON, key order as built). */
export const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The header a write sends with the version it was made against (a 409 when it is stale). */
export const ifMatch = (version: number) => ({ 'If-Match': `"${version}"` });
