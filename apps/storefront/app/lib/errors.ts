import { data, isRouteErrorResponse } from 'react-router';
import { ApiError, storeStateMessages } from '@shopfront/shared';

/** Which error screen to show (spec section 2 "Error pages" and section 8). */
export type ErrorKind = 'bad-request' | 'not-found' | 'server-error' | 'license-inactive' | 'license-missing';

/** What loaders throw with `data(...)`; the error boundary turns it into a screen. */
export interface ErrorPayload {
  kind: ErrorKind;
  message?: string;
  /** Known on license screens, where the storefront loaded but must not be shown. */
  storeName?: string;
  storeEmail?: string;
}

export interface ErrorView extends ErrorPayload {
  status: number;
}

const STATUS: Record<ErrorKind, number> = {
  // A request the shop cannot answer as asked (a search the API refuses): the client's to fix.
  'bad-request': 400,
  'not-found': 404,
  'server-error': 500,
  // The shop exists but is switched off: temporarily unavailable, not gone.
  'license-inactive': 503,
  'license-missing': 404,
};

/** A thrown answer the root error boundary renders as the matching error screen. */
export function errorResponse(payload: ErrorPayload) {
  return data(payload, { status: STATUS[payload.kind] });
}

export function notFound(message: string) {
  return errorResponse({ kind: 'not-found', message });
}

export function badRequest(message: string) {
  return errorResponse({ kind: 'bad-request', message });
}

function isPayload(value: unknown): value is ErrorPayload {
  return typeof value === 'object' && value !== null && typeof (value as ErrorPayload).kind === 'string';
}

/** Maps anything a loader or render threw onto one of the error screens. */
export function describeError(error: unknown): ErrorView {
  if (isRouteErrorResponse(error)) {
    if (isPayload(error.data)) return { ...error.data, status: error.status };
    if (error.status === 404) {
      const message =
        typeof error.data === 'string' ? error.data : (error.data as { message?: string } | null)?.message;
      return { kind: 'not-found', status: 404, ...(message ? { message } : {}) };
    }
    // Any other 4xx (a 405 for a POST to a page without a form, a 400 for an undecodable URL)
    // is the client's mistake: never dressed up as a server error.
    if (error.status >= 400 && error.status < 500) return { kind: 'bad-request', status: error.status };
    return { kind: 'server-error', status: error.status >= 500 ? error.status : 500 };
  }
  return { kind: 'server-error', status: 500 };
}

const CLOSED_SHOP_MESSAGES: ReadonlySet<string> = new Set([
  storeStateMessages.closedPassword,
  storeStateMessages.closedComingSoon,
  storeStateMessages.closedMaintenance,
]);

/**
 * Logs an API call that failed in a loader or an action. A closed shop's refusal (403/503 while
 * the shop is password-protected, coming soon or under maintenance) is not a failure: the root
 * loader sends those visitors to their special page (spec section 4), and logging it would write
 * stack traces for every visit to a closed shop.
 */
export function logFailure(what: string, err: unknown): void {
  if (err instanceof ApiError && CLOSED_SHOP_MESSAGES.has(err.message)) return;
  console.error(what, err);
}
