import type { FastifyRequest } from 'fastify';

const REDACTED = '[redacted]';

/**
 * Query parameters whose value is a credential: reset tokens (validate-reset), OTP codes,
 * passwords, signatures of payment callbacks. Matched by name, so a new one is covered too.
 */
const SECRET_PARAM = /token|password|passwd|secret|otp|signature|^(code|sig|key|hash)$/i;

/**
 * Paths that carry a credential in a segment: the reset link /account/reset-password/{email}/{token}
 * (and its single-fetch twin …/{token}.data; everything after the e-mail is the token), the
 * abandoned-cart link, the tracking link /track-order/{token} (page and API), the sandbox
 * gateway's payment page /sandbox-gateway/pay/{session}, and the newsletter's links
 * /newsletter/confirm/{token} and /newsletter/unsubscribe/{token} (pages, and the API's
 * /api/plugins/emailSubscription/{confirm,unsubscribe}/{token}).
 */
const SECRET_PATH =
  /(\/reset-password\/[^/?#]*\/|\/cart\/restore\/|\/track-order\/|\/sandbox-gateway\/pay\/|\/(?:newsletter|emailSubscription)\/(?:confirm|unsubscribe)\/)[^?#]*/i;

/** A request URL as it may appear in a log: secret path segments and query values replaced. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const pathPart = (queryAt === -1 ? url : url.slice(0, queryAt)).replace(SECRET_PATH, `$1${REDACTED}`);
  if (queryAt === -1) return pathPart;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // a malformed escape: match on the raw name
      }
      return SECRET_PARAM.test(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${pathPart}?${query}`;
}

/**
 * Error properties that hold the data a failed statement was run with: Drizzle's `params` (seen:
 * an argon2 hash, an e-mail, a phone), PostgreSQL's `detail` ("Key (email)=(…) already exists")
 * and `where` (bound parameter values, when the server is set to report them), Node's
 * `rawPacket` (the bytes of a malformed request, cookies and all).
 */
const DATA_PROPERTIES = new Set(['params', 'parameters', 'detail', 'where', 'rawPacket']);

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/**
 * The message without data: Drizzle's "Failed query: {sql}\nparams: {values}" keeps the statement;
 * PostgreSQL's quotes the offending value (`invalid input syntax for type integer: "…"`), so a
 * database error's quoted parts go (the names they may also quote are in its own fields).
 */
function withoutParams(err: Error & { params?: unknown; severity?: unknown; code?: unknown }): string {
  let message = err.message;
  if (err.params !== undefined) {
    const at = message.indexOf('\nparams: ');
    if (at !== -1) message = message.slice(0, at);
  }
  if (typeof err.severity === 'string' && typeof err.code === 'string')
    message = message.replace(/"[^"]*"/g, `"${REDACTED}"`);
  return message;
}

const MAX_CAUSES = 5;

function serializeValue(value: unknown, depth: number): unknown {
  if (!(value instanceof Error)) return value;
  return depth < MAX_CAUSES ? serializeErrorAt(value, depth) : withoutParams(value);
}

function serializeErrorAt(err: Error, depth: number): LoggedError {
  const message = withoutParams(err);
  const out: LoggedError = {
    type: err.constructor?.name ?? err.name,
    message,
    stack: (err.stack ?? '').replace(err.message, message),
  };
  for (const [key, v] of Object.entries(err)) {
    if (!DATA_PROPERTIES.has(key) && !(key in out)) out[key] = serializeValue(v, depth + 1);
  }
  if (!('cause' in out) && err.cause !== undefined) out.cause = serializeValue(err.cause, depth + 1);
  return out;
}

/** pino's error shape (type, message, stack, own properties, causes) minus statement data. */
export function serializeError(err: Error): LoggedError {
  return serializeErrorAt(err, 0);
}

/** Fastify's request shape in logs, with the URL redacted. */
function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** Logger serializers for the Fastify instance: no credential or statement data reaches a log line. */
export const logSerializers = { req: serializeRequest, err: serializeError };
