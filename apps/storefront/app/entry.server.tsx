import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext, type HandleErrorFunction } from 'react-router';
import type { StorefrontLoadContext } from '@shopfront/shared';
import { isPreviewRequest } from './features/preview/preview.server';
import { NonceContext } from './lib/nonce';
import { lowPriorityModulePreloads } from './lib/script-priority.server';

export const streamTimeout = 5_000;

const BOT_FATAL_TEXT: Record<number, string> = {
  404: 'Not Found',
  500: 'Server Error',
  503: 'Service Unavailable',
};

/**
 * Crawlers never get the fatal error screen (spec section 2): when the shop itself could not be
 * loaded they get a minimal page with the right status, which they will not index.
 */
function botFatalResponse(status: number, headers: Headers): Response {
  const text = BOT_FATAL_TEXT[status] ?? 'Unavailable';
  headers.set('Content-Type', 'text/html; charset=utf-8');
  headers.set('X-Robots-Tag', 'noindex');
  headers.set('Cache-Control', 'no-store');
  if (status >= 500) headers.set('Retry-After', '1800');
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${status} ${text}</title></head><body><h1>${status} ${text}</h1></body></html>`;
  return new Response(body, { status, headers });
}

/** Streams the page; crawlers get the whole document at once. Scripts carry the CSP nonce. */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: StorefrontLoadContext,
) {
  // The admin panel's preview (?preview=1) must show the shop as it is now, never a kept copy.
  if (isPreviewRequest(request)) responseHeaders.set('Cache-Control', 'private, no-store');
  const userAgent = request.headers.get('user-agent');
  const bot = !!userAgent && isbot(userAgent);
  // Errors are keyed by the boundary that renders them; without root loader data the error
  // came from the root loader itself, so there is no shop to render at all.
  const { errors, loaderData } = routerContext.staticHandlerContext;
  if (bot && errors?.['root'] !== undefined && loaderData['root'] === undefined) {
    return botFatalResponse(responseStatusCode, responseHeaders);
  }

  const nonce = loadContext.cspNonce?.script;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let left = false;
    const readyOption = bot || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={loadContext.cspNonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          const head = lowPriorityModulePreloads();
          head.pipe(body);
          // A shopper who leaves closes `body`: closing `head` tells React, which stops rendering.
          body.on('close', () => {
            if (!body.readableEnded) left = true;
            head.destroy();
          });
          // Its errors are the shopper's connection failing: the close above deals with them.
          body.on('error', () => {});
          // React destroys `head` with an error when the render fails after the shell was sent:
          // the answer ends there (its headers are gone), and nothing is left unhandled.
          head.on('error', () => body.destroy());
          pipe(head);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // A shopper closing the tab is not an error.
          if (shellRendered && !left) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

/** Loader and render errors, logged once; a shopper closing the tab is not an error. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  console.error(error);
};

/**
 * The build's own React Router request handler: server.ts serves the production build with it, so
 * the handler and the routes it renders are one (production) copy of React Router (vite.config.ts).
 */
export { createRequestHandler } from 'react-router';
