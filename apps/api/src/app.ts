import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { messages, messagesByField } from '@shopfront/shared';
import type { Database, Db } from './db/client.ts';
import type { Env } from './env.ts';
import { HttpError } from './lib/http.ts';
import { drainOversizedBody, lingerAfterRefusedBody, serverLimits } from './lib/http-limits.ts';
import { refuseMiscasedApiPath } from './lib/api-path-case.ts';
import { contentVersionPlugin } from './lib/content-version.ts';
import { watchScheduledContent } from './lib/scheduled-content.ts';
import { answerFromPageCache } from './ssr/page-cache.ts';
import { lightAssetHeaders } from './lib/asset-headers.ts';
import { csrfGuard } from './lib/csrf.ts';
import { idempotencyPlugin } from './lib/idempotency.ts';
import { logSerializers } from './lib/log-redaction.ts';
import { adoptOuterRequest, requestIdFor } from './lib/in-process.ts';
import { sessionPlugin } from './lib/session.ts';
import { fastifyTrustProxy } from './lib/trust-proxy.ts';
import { databaseRateLimitStore } from './lib/rate-limit-store.ts';
import { setRetryAfter } from './lib/throttle.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { baseRoutes } from './modules/base/routes.ts';
import { healthRoutes } from './modules/base/health.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { blogRoutes } from './modules/blog/routes.ts';
import { formRoutes } from './modules/forms/routes.ts';
import { mediaPlugin } from './modules/media/plugin.ts';
import { mediaRoutes } from './modules/media/routes.ts';
import { jobsPlugin } from './modules/jobs/plugin.ts';
import { metricsPlugin, metricsRoutes } from './modules/metrics/plugin.ts';
import { retentionPlugin } from './modules/maintenance/retention.ts';
import { outboxPlugin } from './modules/notifications/outbox.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { reviewRoutes } from './modules/reviews/routes.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { storefrontRoutes } from './modules/storefront/routes.ts';
import { shellRoutes } from './modules/storefront/shell.ts';
import { addressRoutes } from './modules/addresses/routes.ts';
import { wishlistRoutes } from './modules/wishlist/routes.ts';
import { cartRoutes } from './modules/cart/routes.ts';
import { channelRoutes } from './modules/channels/routes.ts';
import { abandonedCartPlugin } from './modules/cart/abandoned-cart.ts';
import { cartViewFunction } from './modules/cart/load.ts';
import { addLineFunction, cartAddFunction } from './modules/cart/service.ts';
import { storedFacetsFunction } from './modules/catalog/listing-sql.ts';
import { ensureSqlFunctions } from './db/sql-function.ts';
import { catalogFunctions } from './modules/catalog/service.ts';
import { customisationImageRoutes } from './modules/cart/customisation-image.ts';
import { checkoutRoutes } from './modules/checkout/routes.ts';
import { checkoutStepRoutes } from './modules/checkout/step-routes.ts';
import { paymentsPlugin } from './modules/payments/plugin.ts';
import { customisationPrunePlugin } from './modules/cart/customisation-prune.ts';
import { sharingPicturePrunePlugin } from './modules/admin/seo/prune.ts';
import { backupJobsPlugin } from './modules/admin/backups/jobs.ts';
import { ordersPlugin } from './modules/orders/plugin.ts';
import { applicationRoutes } from './modules/applications/routes.ts';
import { trackingRoutes } from './modules/tracking/routes.ts';
import { emailSubscriptionRoutes } from './modules/plugins/email-subscription.ts';
import { galleryRoutes } from './modules/plugins/gallery.ts';
import { pincodeRoutes } from './modules/plugins/pincode.ts';
import { tradeEnquiryRoutes } from './modules/plugins/trade-enquiry.ts';
import { shopAnalyticsRoutes } from './modules/plugins/shop-analytics.ts';
import { analyticsCsp, analyticsCspLookup } from './modules/plugins/analytics-csp.ts';
import { pluginRoutes } from './modules/plugins/routes.ts';
import { staffSessionPlugin } from './modules/staff/session.ts';
import { storeStatePlugin } from './modules/store-state/plugin.ts';
import { adminLinkRoutes } from './modules/store-state/routes.ts';
import { shopContextPlugin } from './lib/shop-context.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    env: Env;
  }
}

export interface AppOptions {
  database: Database;
  env: Env;
  /** Logger on (pino, JSON lines) or off; tests pass false. */
  logger?: boolean;
  /** Where the log lines go (default stdout); tests read them back. */
  logStream?: { write(line: string): void };
  /** Development: Vite serves the storefront, so CSP (which Vite's inline preamble breaks) is off. */
  dev?: boolean;
  /** How long one request may take to arrive (REQUEST_TIMEOUT_MS); tests shorten it. */
  requestTimeoutMs?: number;
}

/** Builds the Fastify instance: plugins, error handling and every API module. Not listening yet. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { env } = opts;
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : { level: env.LOG_LEVEL, serializers: logSerializers, ...(opts.logStream ? { stream: opts.logStream } : {}) },
    genReqId: requestIdFor,
    trustProxy: fastifyTrustProxy(env.TRUST_PROXY),
    ...serverLimits(opts.requestTimeoutMs),
    // What Fastify refuses before routing (a path it cannot decode such as %ff, a path parameter
    // over its length limit): no hook runs for these, so the request id and nosniff are set here.
    frameworkErrors: (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
      const status = err.statusCode ?? 400;
      const failed = status >= 500;
      if (failed) req.log.error({ err }, 'framework error');
      const message = failed ? messages.unexpected : messages.badUrl;
      reply
        .code(status)
        .header('x-request-id', req.id)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store');
      if (req.url.startsWith('/api/')) {
        return reply.send({ status: 'error', message, ...(failed ? { request_id: req.id } : {}) });
      }
      return reply.type('text/plain; charset=utf-8').send(message);
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', opts.database.db);
  app.decorate('database', opts.database);
  app.decorate('env', env);
  app.decorate('ownerRoutes', []);
  // Hot statements as functions whose plans each connection caches (ADR 0020): the cart's, the
  // stored facets, the product page's.
  await ensureSqlFunctions(opts.database, [
    cartViewFunction,
    addLineFunction,
    cartAddFunction,
    storedFacetsFunction,
    ...catalogFunctions,
  ]);

  // First of all: an in-process call from a storefront loader becomes its page request's client.
  app.addHook('onRequest', adoptOuterRequest);
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  app.addHook('onRequest', refuseMiscasedApiPath);
  // Counts every request by its route's pattern (METRICS_TOKEN set); before any route is declared.
  await app.register(metricsPlugin);
  // A body over the limit is read and dropped before its 413, so the client sees the answer (ADR 15).
  app.addHook('preParsing', drainOversizedBody);
  // A body refused while it still arrives: the 413, then a lingering close (ADR 15).
  app.addHook('onSend', lingerAfterRefusedBody);
  // Cached pages and shell data: a generation moved on by every change they show (ADR 28).
  await app.register(contentVersionPlugin, { database: opts.database });
  // …and by the clock, when a scheduled page or post comes out.
  watchScheduledContent(app);
  // Whole pages for visitors with nothing personal, answered before every hook below.
  app.decorate('pageCache', null);
  app.addHook('onRequest', answerFromPageCache);

  await app.register(cookie);
  // Before any route: it attaches its hooks to routes marked idempotent as they are declared.
  // Before compression too, so it keeps the answer uncompressed and a replay is compressed anew.
  await app.register(idempotencyPlugin);
  // Brotli or gzip for every text answer (JSON, pages) of 1 kB or more; hashed assets come
  // precompressed from the build instead (ssr/storefront.ts).
  // Answers up to 64 kB (every API answer and most pages) are compressed in one synchronous call:
  // a zlib stream per answer cost more CPU to set up than compressing (add-item: ~0.4 of 3.9 ms on
  // PostgreSQL, bench/cpu-per-op.ts), and the plugin's default for 2 cores streams from 8 kB.
  await app.register(compress, { global: true, threshold: 1024, syncThreshold: 65_536 });
  await app.register(sessionPlugin);
  await app.register(staffSessionPlugin);
  await app.register(shopContextPlugin);
  await app.register(jobsPlugin);
  await app.register(outboxPlugin);
  await app.register(retentionPlugin);
  const razorpay = Boolean(env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET);
  // The installed analytics plugins' hosts, per page request (read by the directives below).
  if (!opts.dev) app.addHook('onRequest', analyticsCspLookup(app));
  await app.register(helmet, {
    enableCSPNonces: !opts.dev,
    contentSecurityPolicy: opts.dev
      ? false
      : {
          directives: {
            defaultSrc: ["'self'"],
            // Razorpay's in-page checkout (ADR 24), only when the shop takes Razorpay payments:
            // its script, its payment frame and the calls they make.
            scriptSrc: [analyticsCsp('script', ["'self'", ...(razorpay ? ['https://checkout.razorpay.com'] : [])])],
            // …and the contact page's Google map: on that page only, while google_embed_url is set.
            frameSrc: [analyticsCsp('frame', ["'self'", ...(razorpay ? ['https://api.razorpay.com'] : [])])],
            styleSrc: ["'self'"],
            // React's style={} props become attributes; nonces cannot cover those.
            styleSrcAttr: ["'unsafe-inline'"],
            imgSrc: [analyticsCsp('img', ["'self'", 'data:', 'blob:'])],
            fontSrc: ["'self'", 'data:'],
            connectSrc: [
              analyticsCsp('connect', [
                "'self'",
                ...(razorpay ? ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'] : []),
              ]),
            ],
            // The admin panel frames the shop for its preview (docs/preview-protocol.md); no one else.
            frameAncestors: ["'self'", ...(env.ADMIN_ORIGIN ? [env.ADMIN_ORIGIN] : [])],
            formAction: ["'self'"],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            upgradeInsecureRequests: null,
          },
        },
    // The storefront links product pages across origins (social shares); keep referrers useful.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // X-Frame-Options can name no other origin; CSP frame-ancestors decides when an admin may frame.
    ...(env.ADMIN_ORIGIN ? { xFrameOptions: false } : {}),
  });
  lightAssetHeaders(app);
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(opts.database.db),
    skipOnError: false,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: ctx.statusCode,
      status: 'error',
      message: messages.tooManyRequests,
    }),
  });
  app.addHook('onRequest', csrfGuard(env));
  // Store states (spec section 4): closes the API to visitors of a closed shop, before any route.
  await app.register(storeStatePlugin);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Shopfront API', version: '0.1.0', description: 'The storefront contract (spec section 7).' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // Pictures and documents on local disk or S3 (ADR 38); on S3, mediaRoutes serves the originals.
  await app.register(mediaPlugin);
  if (!app.media.bucket)
    await app.register(fastifyStatic, {
      root: path.join(env.DATA_DIR, 'media'),
      prefix: '/media/',
      decorateReply: false,
      immutable: true,
      maxAge: '365d',
      // Resized copies live in media/.cache and are served by mediaRoutes only.
      dotfiles: 'ignore',
    });

  app.addHook('onError', setRetryAfter);
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = messagesByField(
        err.validation.map((v) => {
          const issuePath = (v.params as { issue?: { path?: PropertyKey[] } }).issue?.path ?? [];
          const field = issuePath.length
            ? issuePath.map(String).join('.')
            : v.instancePath.replace(/^\//, '').replaceAll('/', '.') || err.validationContext || 'body';
          return [field, v.message ?? messages.fallback] as const;
        }),
      );
      return reply.code(422).send({ status: 'error', message: messages.invalidData, errors });
    }
    if (err instanceof HttpError) {
      return reply
        .code(err.statusCode)
        .send({ status: 'error', message: err.message, ...(err.errors ? { errors: err.errors } : {}) });
    }
    const code = err.statusCode ?? 500;
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({ status: 'error', message: messages.bodyTooLarge });
    }
    if (code >= 400 && code < 500) {
      return reply.code(code).send({ status: 'error', message: err.message });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ status: 'error', message: messages.unexpected, request_id: req.id });
  });

  await app.register(baseRoutes);
  await app.register(healthRoutes);
  await app.register(metricsRoutes);
  await app.register(settingsRoutes);
  await app.register(storefrontRoutes);
  await app.register(shellRoutes);
  await app.register(adminLinkRoutes);
  await app.register(contentRoutes);
  await app.register(catalogRoutes);
  await app.register(searchRoutes);
  await app.register(reviewRoutes);
  await app.register(adminRoutes);
  await app.register(blogRoutes);
  await app.register(formRoutes);
  await app.register(mediaRoutes);
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(notificationRoutes);
  await app.register(addressRoutes);
  await app.register(wishlistRoutes);
  await app.register(cartRoutes);
  await app.register(checkoutStepRoutes);
  await app.register(channelRoutes);
  await app.register(abandonedCartPlugin);
  await app.register(customisationImageRoutes);
  await app.register(checkoutRoutes);
  await app.register(paymentsPlugin);
  await app.register(customisationPrunePlugin);
  await app.register(sharingPicturePrunePlugin);
  await app.register(backupJobsPlugin);
  await app.register(ordersPlugin);
  await app.register(trackingRoutes);
  await app.register(applicationRoutes);
  // Shopper-facing plugins: pincode check, trade enquiry, newsletter, galleries.
  await app.register(pincodeRoutes);
  await app.register(tradeEnquiryRoutes);
  await app.register(shopAnalyticsRoutes);
  await app.register(emailSubscriptionRoutes);
  await app.register(galleryRoutes);
  await app.register(pluginRoutes);

  // Unknown API paths answer the JSON envelope; everything else belongs to the storefront.
  app.all('/api/*', { schema: { hide: true } }, async () => {
    throw new HttpError(404, messages.notFound);
  });
  app.setNotFoundHandler((_req, reply) => reply.code(404).send({ status: 'error', message: messages.notFound }));

  return app;
}
