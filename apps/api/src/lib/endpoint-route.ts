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
import { ErrorEnvelopeSchema, envelope, type Endpoint, type EndpointSchemas } from '@shopfront/shared';

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
  app.route({
    method: ep.method,
    url: ep.path,
    schema,
    ...(spec.config ? { config: spec.config } : {}),
    ...(spec.onRequest ? { onRequest: spec.onRequest } : {}),
    ...(spec.preValidation ? { preValidation: spec.preValidation } : {}),
    handler: handler as unknown as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
