import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { publicOrigin } from '../../lib/origin.ts';
import { enqueueJob } from '../jobs/queue.ts';
import {
  SANDBOX_PAY_PATH,
  SANDBOX_SESSION_COLUMNS,
  SANDBOX_SIGNATURE_HEADER,
  SESSION_ID_RE,
  loadSession,
  returnUrl,
  sandboxKey,
  sessionColumns,
  signWebhook,
  webhookEvent,
  type SandboxSession,
} from './providers/sandbox.ts';
import { sandboxPage } from './sandbox-page.ts';

/**
 * The sandbox gateway's own side (ADR 24): its payment page, what the shopper chooses there, and
 * the signed webhook it then delivers to the shop, through the jobs queue (retries with back-off,
 * an optional first delay) and `app.inject`, so the shop's real webhook route and its signature
 * check handle it. It lives outside /api, as a provider's page lives on the provider's site: its
 * plain HTML form cannot carry the API's CSRF header.
 */

declare module '../jobs/registry.ts' {
  interface JobPayloads {
    /** Delivers a finished sandbox session's webhook to the shop. */
    'sandbox-webhook': { sessionId: string };
  }
}

export const SandboxWebhookPayload = z.object({ sessionId: z.string().regex(SESSION_ID_RE) });
/** Deliveries of one webhook before the sandbox gives up (like a provider's retry schedule). */
export const SANDBOX_WEBHOOK_ATTEMPTS = 8;
/** Back-off between deliveries: 5 s, doubling, at most 10 minutes. */
export const sandboxWebhookBackoffMs = (attempt: number) => Math.min(5_000 * 2 ** Math.max(0, attempt - 1), 600_000);

const CHOICES = { pay: 'paid', fail: 'failed', cancel: 'cancelled' } as const;
type Choice = keyof typeof CHOICES;

/** Finishes an open session (a payment only before it expires). */
const finishOpenSession = namedQuery<SandboxSession>()({
  name: 'payments.sandbox.finish',
  columns: SANDBOX_SESSION_COLUMNS,
  example: { sessionId: 'sbs_example', status: 'paid', paymentRef: 'sbp_example' as string | null },
  build: (p: { sessionId: string; status: string; paymentRef: string | null }) =>
    sql`update sandbox_sessions set status = ${p.status}, payment_ref = ${p.paymentRef}, completed_at = now()
           where id = ${p.sessionId} and status = 'open' and (${p.status} = 'cancelled' or expires_at > now())
           returning ${sessionColumns}`,
});

/**
 * Records what the shopper chose on the page, once: open → paid, failed or cancelled (paying or
 * failing an expired session is refused; cancelling it is not). The webhook is queued in the same
 * transaction. Answers the session as it now stands (null: no such session).
 */
export async function finishSession(
  db: Db,
  sessionId: string,
  choice: Choice,
  webhookDelayMs: number,
): Promise<{ session: SandboxSession | null; changed: boolean }> {
  if (!SESSION_ID_RE.test(sessionId)) return { session: null, changed: false };
  const status = CHOICES[choice];
  const paymentRef = status === 'paid' ? `sbp_${randomBytes(12).toString('base64url')}` : null;
  const finished = await db.transaction(async (tx) => {
    const [row] = await finishOpenSession(tx, { sessionId, status, paymentRef });
    if (row) {
      await enqueueJob(tx, {
        kind: 'sandbox-webhook',
        payload: { sessionId },
        runAt: new Date(Date.now() + webhookDelayMs),
        dedupeKey: `session:${sessionId}`,
        maxAttempts: SANDBOX_WEBHOOK_ATTEMPTS,
      });
    }
    return row ?? null;
  });
  return finished
    ? { session: finished, changed: true }
    : { session: await loadSession(db, sessionId), changed: false };
}

/**
 * Delivers a finished session's webhook to the shop: signed now (so a retry is never refused as
 * stale), posted through `app.inject` to the session's webhook path. Anything but a 2xx answer
 * throws, so the job retries.
 */
export async function deliverSandboxWebhook(app: FastifyInstance, sessionId: string): Promise<void> {
  const session = await loadSession(app.db, sessionId);
  if (!session || session.status === 'open') return;
  const nowS = Math.floor(Date.now() / 1000);
  const body = JSON.stringify(webhookEvent(session, nowS));
  const res = await app.inject({
    method: 'POST',
    url: session.webhook_path,
    headers: {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: signWebhook(await sandboxKey(app.db, app.env), body, nowS),
      'user-agent': 'Shopfront-Sandbox-Gateway/1',
    },
    payload: body,
  });
  if (res.statusCode < 200 || res.statusCode >= 300) {
    throw new Error(`sandbox webhook: the shop answered ${res.statusCode}`);
  }
}

const ParamsSchema = z.object({ sessionId: z.string().max(100) });
const BodySchema = z.object({ outcome: z.enum(['pay', 'fail', 'cancel']) });

const styleNonce = (reply: FastifyReply) => (reply as { cspNonce?: { style?: string } }).cspNonce?.style ?? null;

const NOT_FOUND_PAGE =
  '<!doctype html><html lang="en"><meta charset="utf-8"><title>Payment not found</title><p>This payment page does not exist.</p></html>';

/** A form posted from another site (a browser says so in Origin or Sec-Fetch-Site) is refused. */
function crossSite(req: FastifyRequest, env: FastifyInstance['env']): boolean {
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== publicOrigin(req, env)) return true;
  return req.headers['sec-fetch-site'] === 'cross-site';
}

/** The page and its form (only when the sandbox is configured). */
export async function sandboxGatewayRoutes(app: FastifyInstance): Promise<void> {
  // An HTML form's body, small: the one field it has.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const page = async (reply: FastifyReply, session: SandboxSession, status = 200) => {
    const key = await sandboxKey(app.db, app.env);
    const returnHref = session.status === 'open' ? null : returnUrl(key, session, session.status);
    return (
      reply
        .code(status)
        .header('cache-control', 'no-store')
        // The address holds the session's secret id: never pass it to another site. (Not
        // no-referrer: with it browsers post the page's own form with `Origin: null`, which
        // crossSite() must refuse.)
        .header('referrer-policy', 'same-origin')
        .type('text/html; charset=utf-8')
        .send(
          sandboxPage({
            session,
            action: `${SANDBOX_PAY_PATH}/${session.id}`,
            returnHref,
            styleNonce: styleNonce(reply),
          }),
        )
    );
  };
  const notFound = (reply: FastifyReply) =>
    reply.code(404).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(NOT_FOUND_PAGE);

  app.get(`${SANDBOX_PAY_PATH}/:sessionId`, { schema: { hide: true, params: ParamsSchema } }, async (req, reply) => {
    const { sessionId } = req.params as z.infer<typeof ParamsSchema>;
    const session = await loadSession(app.db, sessionId);
    return session ? page(reply, session) : notFound(reply);
  });

  app.post(`${SANDBOX_PAY_PATH}/:sessionId`, { schema: { hide: true, params: ParamsSchema } }, async (req, reply) => {
    const { sessionId } = req.params as z.infer<typeof ParamsSchema>;
    if (crossSite(req, app.env)) return reply.code(403).type('text/plain; charset=utf-8').send('Forbidden');
    const body = BodySchema.safeParse(req.body);
    const existing = await loadSession(app.db, sessionId);
    if (!existing) return notFound(reply);
    if (!body.success) return page(reply, existing, 422);
    const { session } = await finishSession(app.db, sessionId, body.data.outcome, app.env.SANDBOX_WEBHOOK_DELAY_MS);
    if (!session || session.status === 'open') return page(reply, session ?? existing, 409);
    // Back to the shop with the signed outcome, as a hosted page does (a repeated post goes the same way).
    return reply
      .header('cache-control', 'no-store')
      .redirect(returnUrl(await sandboxKey(app.db, app.env), session, session.status), 303);
  });
}
