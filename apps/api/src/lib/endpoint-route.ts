import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  onRequestHookHandler,
  preValidationHookHandler,
} from 'fastify';
import type { z } from 'zod';
import { ErrorEnvelopeSchema, envelope, type Endpoint, type EndpointSchemas, type UndoOffer } from '@shopfront/shared';
import { ContentMemo } from './content-memo.ts';

/** Error answers a route documents (each an error envelope). */
type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429;

type Out<S, K extends keyof EndpointSchemas> = S extends { [P in K]: infer T }
  ? T extends z.ZodType
    ? z.output<T>
    : unknown
  : unknown;

/** The request a handler receives: params, query and body already validated by the declared schemas. */
export type EndpointRequest<S extends EndpointSchemas> = FastifyRequest<{
  Params: Out<S, 'params'>;
  Querystring: Out<S, 'query'>;
  Body: Out<S, 'body'>;
}>;

/** What a handler answers: the success envelope of the declared data (serialised through its schema). */
export interface EndpointAnswer<S extends EndpointSchemas> {
  status: 'success';
  data: z.input<S['data']>;
  message?: string;
  undo?: UndoOffer;
}

export interface RouteSpec<S extends EndpointSchemas> {
  /** The declaration's own schemas (the compiler checks they are the declared ones). */
  schemas: S;
  tags: string[];
  summary: string;
  description?: string;
  errors?: readonly ErrorStatus[];
  /** Other documented answers, for a handler that sends one itself (a 503 that still carries data). */
  responses?: Record<number, z.ZodType>;
  config?: FastifyContextConfig;
  onRequest?: onRequestHookHandler;
  preValidation?: preValidationHookHandler;
  /**
   * The answer is the same for everyone who sends the same request (ADR 28): name, as a string,
   * everything it depends on besides method and path (params, query, body, the channel…), or
   * null for a request whose answer is its own. The serialised answer is then kept per process
   * until the shop's content changes. The handler must answer an envelope and set no header.
   */
  sharedAnswer?: (req: EndpointRequest<S>) => Promise<string | null> | string | null;
}

/**
 * Registers a declared endpoint (ADR 0018): method and path from the declaration in
 * packages/shared, validation and serialisation from its schemas, the OpenAPI entry from `spec`.
 */
export function registerEndpoint<S extends EndpointSchemas>(
  app: FastifyInstance,
  ep: Endpoint<S>,
  spec: RouteSpec<NoInfer<S>>,
  /** Answers the success envelope, or the reply once it has sent one of `responses` itself. */
  handler: (req: EndpointRequest<S>, reply: FastifyReply) => Promise<EndpointAnswer<S> | FastifyReply>,
): void {
  const { schemas } = spec;
  const response: Record<number, z.ZodType> = { 200: envelope(schemas.data) };
  for (const status of spec.errors ?? []) response[status] = ErrorEnvelopeSchema;
  Object.assign(response, spec.responses);
  const schema: FastifySchema = {
    tags: spec.tags,
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    ...(schemas.params ? { params: schemas.params } : {}),
    ...(schemas.query ? { querystring: schemas.query } : {}),
    ...(schemas.body ? { body: schemas.body } : {}),
    response,
  };
  let run = handler;
  // PAGE_CACHE_MB=0 turns every cache of content off (profiling what a render costs).
  if (spec.sharedAnswer && app.env.PAGE_CACHE_MB > 0) {
    const keyOf = spec.sharedAnswer;
    const success = response[200]!;
    // Each endpoint keeps at most a sixteenth of PAGE_CACHE_MB of answers.
    const memo = new ContentMemo<string>(app.contentVersion, 1000, {
      maxBytes: (app.env.PAGE_CACHE_MB * 1024 * 1024) / 16,
      sizeOf: (json) => json.length,
    });
    run = async (req, reply) => {
      const key = await keyOf(req);
      if (key === null) return handler(req, reply);
      const json = await memo.get(`${ep.method} ${ep.path}\n${key}`, async () => {
        const answer = await handler(req, reply);
        if ((answer as unknown) === reply) throw new Error(`${ep.path}: a shared answer must be an envelope`);
        // What the route's serializer would send: checked against the schema, unknown keys dropped.
        return JSON.stringify(success.parse(answer));
      });
      return reply.type('application/json; charset=utf-8').send(json);
    };
  }
  app.route({
    method: ep.method,
    url: ep.path,
    schema,
    ...(spec.config ? { config: spec.config } : {}),
    ...(spec.onRequest ? { onRequest: spec.onRequest } : {}),
    ...(spec.preValidation ? { preValidation: spec.preValidation } : {}),
    handler: run as unknown as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}

/**
 * The usual `sharedAnswer` of a catalogue read: the same for every visitor of one channel and
 * origin (absolute links) who sends the same params, query and body.
 */
export async function sameForChannel(req: FastifyRequest): Promise<string> {
  const shop = await req.shop();
  return `${req.protocol}://${req.host}\n${shop.channelId}\n${JSON.stringify([req.params, req.query, req.body])}`;
}
