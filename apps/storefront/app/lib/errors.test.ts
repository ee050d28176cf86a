import { describe, expect, it } from 'vitest';
import { isRouteErrorResponse } from 'react-router';
import { badRequest, describeError, errorResponse, notFound } from './errors';

/** What the error boundary receives for a thrown `data(...)`. */
function asRouteError(thrown: ReturnType<typeof errorResponse>) {
  return { status: thrown.init?.status ?? 200, statusText: '', internal: false, data: thrown.data };
}

describe('errors', () => {
  it('maps each screen to the status the spec asks for', () => {
    expect(errorResponse({ kind: 'not-found' }).init?.status).toBe(404);
    expect(errorResponse({ kind: 'server-error' }).init?.status).toBe(500);
    expect(errorResponse({ kind: 'license-missing' }).init?.status).toBe(404);
    expect(errorResponse({ kind: 'license-inactive' }).init?.status).toBe(503);
  });

  it('describes thrown answers, plain 404s and unexpected exceptions', () => {
    const routeError = asRouteError(notFound('Page not found: /nope'));
    expect(isRouteErrorResponse(routeError)).toBe(true);
    expect(describeError(routeError)).toEqual({ kind: 'not-found', message: 'Page not found: /nope', status: 404 });
    expect(describeError({ status: 404, statusText: 'Not Found', internal: true, data: 'gone' })).toEqual({
      kind: 'not-found',
      status: 404,
      message: 'gone',
    });
    expect(describeError(new Error('boom'))).toEqual({ kind: 'server-error', status: 500 });
    expect(describeError({ status: 503, statusText: '', internal: true, data: null })).toEqual({
      kind: 'server-error',
      status: 503,
    });
  });

  it('shows a client mistake as a bad request with its own status, never as a server error', () => {
    expect(badRequest('Search text is not valid').init?.status).toBe(400);
    expect(describeError(asRouteError(badRequest('Search text is not valid')))).toEqual({
      kind: 'bad-request',
      message: 'Search text is not valid',
      status: 400,
    });
    expect(describeError({ status: 405, statusText: '', internal: true, data: null })).toEqual({
      kind: 'bad-request',
      status: 405,
    });
  });
});
