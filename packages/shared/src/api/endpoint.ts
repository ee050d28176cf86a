import type { z } from 'zod';
import type { ApiTransport } from '../transport.ts';
import type { Envelope, UndoOffer } from '../envelope.ts';

/**
 * An API endpoint, declared once (ADR 0018): method and path at runtime, its schemas as types
 * only. The declaration costs a browser page nothing (no zod is imported); the API registers the
 * route with the very schemas named here (the compiler checks that they are these), and every
 * client calls it through `callEndpoint`, typed from the same declaration.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The schemas of one endpoint: params (path), query, body and the `data` of the success envelope. */
export interface EndpointSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  data: z.ZodType;
}

export interface Endpoint<S extends EndpointSchemas = EndpointSchemas> {
  readonly method: HttpMethod;
  /** Fastify's syntax: `/api/page/*`, `/api/address/update/:id`. */
  readonly path: string;
  /** Never set at runtime: carries the schema types. */
  readonly _schemas?: S;
}

/** Declares an endpoint: `endpoint<{ body: typeof X; data: typeof Y }>('POST', '/api/...')`. */
export function endpoint<S extends EndpointSchemas>(method: HttpMethod, path: string): Endpoint<S> {
  return { method, path };
}

type SchemasOf<E> = E extends Endpoint<infer S> ? S : never;
type InputOfKey<S, K extends 'params' | 'query' | 'body'> = S extends { [P in K]: infer T }
  ? T extends z.ZodType
    ? z.input<T>
    : never
  : never;
type OutputOfKey<S, K extends keyof EndpointSchemas> = S extends { [P in K]: infer T }
  ? T extends z.ZodType
    ? z.output<T>
    : never
  : never;

/** The success data a client receives. */
export type DataOf<E> = OutputOfKey<SchemasOf<E>, 'data'>;
/** What a client sends. */
export type BodyOf<E> = InputOfKey<SchemasOf<E>, 'body'>;
export type QueryOf<E> = InputOfKey<SchemasOf<E>, 'query'>;
export type ParamsOf<E> = InputOfKey<SchemasOf<E>, 'params'>;
/** What a route handler receives, after validation. */
export type ParsedBodyOf<E> = OutputOfKey<SchemasOf<E>, 'body'>;
export type ParsedQueryOf<E> = OutputOfKey<SchemasOf<E>, 'query'>;
export type ParsedParamsOf<E> = OutputOfKey<SchemasOf<E>, 'params'>;

/**
 * A part a call may leave out: one that accepts undefined, or a query whose fields are all
 * optional (no query string is `{}`).
 */
type Omittable<S, K extends 'params' | 'query' | 'body'> =
  undefined extends InputOfKey<S, K>
    ? true
    : K extends 'query'
      ? object extends InputOfKey<S, K>
        ? true
        : false
      : false;

type Part<S, K extends 'params' | 'query' | 'body'> = S extends { [P in K]: z.ZodType }
  ? Omittable<S, K> extends true
    ? { [P in K]?: InputOfKey<S, K> }
    : { [P in K]: InputOfKey<S, K> }
  : { [P in K]?: never };

/** The arguments of a call: params, query and body where the endpoint has them, plus headers. */
export type CallInput<E> = Part<SchemasOf<E>, 'params'> &
  Part<SchemasOf<E>, 'query'> &
  Part<SchemasOf<E>, 'body'> & {
    /** e.g. `Idempotency-Key`. */
    headers?: Record<string, string>;
  };

/** Has no required part: the input may be left out. */
type OptionalInput<E> = object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/** A failed call: HTTP status (0 when the shop could not be reached), the server's message, field errors of a 422. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A success answer: its data and the server's message (shown as a toast by some callers). */
export interface ApiSuccess<T> {
  data: T;
  message: string | undefined;
  /** Present on an owner's save that can be undone (issue 25). */
  undo?: UndoOffer;
}

/** Text for a failure with no message of its own (network down, HTML error page). */
export const NETWORK_ERROR = 'Could not reach the shop. Please check your connection and try again';

/** Fills `:name` and `*` in the path (each segment encoded; `*` keeps its slashes). */
export function endpointPath(path: string, params: Record<string, unknown> | undefined, query?: unknown): string {
  const filled = path.replace(/:([A-Za-z_]+)|\*/g, (token: string, name?: string) => {
    const value = params?.[name ?? '*'];
    if (value === undefined || value === null) throw new Error(`${path}: missing ${token}`);
    const s = String(value);
    return name ? encodeURIComponent(s) : s.split('/').map(encodeURIComponent).join('/');
  });
  if (!query || typeof query !== 'object') return filled;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query as Record<string, unknown>)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) for (const item of v) qs.append(k, String(item));
    else qs.set(k, String(v));
  }
  const s = qs.toString();
  return s ? `${filled}?${s}` : filled;
}

/**
 * Calls an endpoint through a transport (in-process on the server, fetch in the browser) and
 * unwraps the envelope: resolves with data and message, rejects with an ApiError for anything
 * but `status: 'success'`.
 */
export async function callEndpoint<E extends Endpoint>(
  transport: ApiTransport,
  ep: E,
  ...[input]: OptionalInput<E>
): Promise<ApiSuccess<DataOf<E>>> {
  const i = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: unknown;
    body?: unknown;
    headers?: Record<string, string>;
  };
  const path = endpointPath(ep.path, i.params, i.query);
  const res = await transport({ method: ep.method, path, body: i.body, headers: i.headers });
  const env = res.body as Envelope<DataOf<E>> | null;
  if (env && env.status === 'success' && res.status < 400) {
    return { data: env.data, message: env.message, ...(env.undo ? { undo: env.undo } : {}) };
  }
  throw new ApiError(
    res.status,
    env?.message || NETWORK_ERROR,
    env && env.status === 'error' ? (env.errors ?? {}) : {},
  );
}
