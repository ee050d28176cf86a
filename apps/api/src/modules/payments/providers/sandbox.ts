import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { PaymentNext } from '@shopfront/shared';
import { queryRows, type Db } from '../../../db/client.ts';
import { namedQuery } from '../../../db/named-query.ts';
import type { Env } from '../../../env.ts';
import { shopSecret } from '../../../lib/tracking-token.ts';
import {
  ProviderError,
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentRequest,
  type VerifiedReturn,
} from '../provider.ts';
import { hmacBase64url, hmacBytes, hmacHex, sameSignature } from '../../../lib/signing.ts';

/**
 * The built-in sandbox gateway (ADR 24), as a provider. It plays an outside hosted-payment
 * service: its sessions live in its own table, its payment page is served outside /api
 * (sandbox-gateway.ts), and it talks to the shop only the way a real provider does: a signed
 * return redirect of the shopper's browser and a signed server-to-server webhook.
 */

/** The payment page of a session: `${SANDBOX_PAY_PATH}/${sessionId}`. */
export const SANDBOX_PAY_PATH = '/sandbox-gateway/pay';
/** The webhook's signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** A webhook signed longer ago (or further ahead) than this is refused: a replay of an old capture. */
export const SANDBOX_WEBHOOK_TOLERANCE_S = 300;
/**
 * How long a session's page can be used. Longer than the default reservation (15 minutes), so a
 * payment after the reservation ran out (a late payment: ADR 24) can be made and tested; a shop
 * whose payment_reservation_minutes is longer than this sees the page expire first (a real
 * provider's checkout has its own limit too).
 */
export const SANDBOX_SESSION_MINUTES = 60;

export const SESSION_ID_RE = /^sbs_[A-Za-z0-9_-]{32}$/;

export type SandboxStatus = 'open' | 'paid' | 'failed' | 'cancelled';
type Finished = Exclude<SandboxStatus, 'open'>;

/** The `type` of the return redirect for each outcome. */
const RETURN_TYPES: Record<Finished, string> = { paid: 'success', failed: 'failed', cancelled: 'cancelled' };
/** The webhook event for each outcome. */
const EVENT_TYPES: Record<Finished, string> = {
  paid: 'payment.succeeded',
  failed: 'payment.failed',
  cancelled: 'payment.cancelled',
};
/** The outcome each webhook event reports (EVENT_TYPES read backwards). */
const STATUS_OF_EVENT = new Map(Object.entries(EVENT_TYPES).map(([status, event]) => [event, status as Finished]));

export interface SandboxSession {
  id: string;
  merchant_ref: string;
  order_id: string;
  order_no: string;
  shop_name: string;
  amount_minor: number;
  currency: string;
  return_path: string;
  webhook_path: string;
  status: SandboxStatus;
  payment_ref: string | null;
  refunded_minor: number;
  expired: boolean;
}

/** The columns of a SandboxSession (sessionColumns answers them). */
export const SANDBOX_SESSION_COLUMNS = [
  'id',
  'merchant_ref',
  'order_id',
  'order_no',
  'shop_name',
  'amount_minor',
  'currency',
  'return_path',
  'webhook_path',
  'status',
  'payment_ref',
  'refunded_minor',
  'expired',
] as const;

export const sessionColumns = sql`id, merchant_ref, order_id, order_no, shop_name, amount_minor, currency, return_path,
  webhook_path, status, payment_ref, refunded_minor, expires_at <= now() as expired`;

/** A session as stored. */
const sessionRow = namedQuery<SandboxSession>()({
  name: 'payments.sandbox.session',
  columns: SANDBOX_SESSION_COLUMNS,
  example: { sessionId: 'sbs_example' },
  build: (p: { sessionId: string }) => sql`select ${sessionColumns} from sandbox_sessions where id = ${p.sessionId}`,
});

export async function loadSession(db: Db, sessionId: string): Promise<SandboxSession | null> {
  if (!SESSION_ID_RE.test(sessionId)) return null;
  const [row] = await sessionRow(db, { sessionId });
  return row ?? null;
}

/** A refund of a paid session, once per idempotency key. */
const insertSandboxRefund = namedQuery<{ id: string }>()({
  name: 'payments.sandbox.refund-insert',
  columns: ['id'],
  example: { refundId: 'sbr_example', amountMinor: 100, idempotencyKey: 'k', sessionId: 'sbs_example' },
  build: (p: { refundId: string; amountMinor: number; idempotencyKey: string; sessionId: string }) =>
    sql`insert into sandbox_refunds (id, session_id, amount_minor, idempotency_key)
              select ${p.refundId}, id, ${p.amountMinor}, ${p.idempotencyKey} from sandbox_sessions
               where id = ${p.sessionId} and status = 'paid'
              on conflict (idempotency_key) do nothing returning id`,
});

/** The refund made earlier with this idempotency key. */
const earlierSandboxRefund = namedQuery<{ id: string }>()({
  name: 'payments.sandbox.refund-earlier',
  columns: ['id'],
  example: { idempotencyKey: 'k' },
  build: (p: { idempotencyKey: string }) =>
    sql`select id from sandbox_refunds where idempotency_key = ${p.idempotencyKey}`,
});

/**
 * The key that signs the sandbox's returns and webhooks: SANDBOX_GATEWAY_SECRET when set, else
 * derived from the shop's own secret (store setting shop_secret, created once per database and
 * shared by every process). Derived, so the sandbox key never reveals the shop secret, and one
 * database's processes all agree on it without configuration.
 */
export async function sandboxKey(db: Db, env: Pick<Env, 'SANDBOX_GATEWAY_SECRET'>): Promise<Buffer> {
  if (env.SANDBOX_GATEWAY_SECRET) return Buffer.from(env.SANDBOX_GATEWAY_SECRET, 'utf8');
  return hmacBytes(await shopSecret(db), 'sandbox-gateway');
}

const returnMessage = (orderId: string, type: string, sessionId: string) => `return\n${orderId}\n${type}\n${sessionId}`;

/** The return redirect's token: `<session id>.<base64url HMAC-SHA256 over order id, type and session>`. */
export function signReturn(key: Buffer, orderId: string, type: string, sessionId: string): string {
  return `${sessionId}.${hmacBase64url(key, returnMessage(orderId, type, sessionId))}`;
}

/** The session a return token was issued for, when its signature over this order id and type holds. */
export function verifyReturnToken(key: Buffer, token: string, orderId: string, type: string): string | null {
  const dot = token.indexOf('.');
  const sessionId = token.slice(0, dot);
  if (dot < 0 || !SESSION_ID_RE.test(sessionId)) return null;
  return sameSignature(token.slice(dot + 1), hmacBase64url(key, returnMessage(orderId, type, sessionId)))
    ? sessionId
    : null;
}

/** Where the sandbox sends the shopper back after `status`: the merchant's return path with the signed query. */
export function returnUrl(
  key: Buffer,
  session: Pick<SandboxSession, 'id' | 'order_id' | 'return_path'>,
  status: Finished,
) {
  const type = RETURN_TYPES[status];
  const query = new URLSearchParams({
    token: signReturn(key, session.order_id, type, session.id),
    order_id: session.order_id,
    type,
  });
  return `${session.return_path}?${query.toString()}`;
}

/** The webhook's signature header for `body` sent at `t` (unix seconds). */
export function signWebhook(key: Buffer, body: string, t: number): string {
  return `t=${t},v1=${hmacHex(key, `${t}.${body}`)}`;
}

/**
 * Whether a webhook's signature header holds for the raw body and was made within the tolerance
 * of `nowS`. Several v1 values are accepted (a provider rotating its key sends both).
 */
export function verifyWebhookSignature(key: Buffer, raw: Buffer, header: unknown, nowS: number): boolean {
  if (typeof header !== 'string' || header.length > 1000) return false;
  let t: number | null = null;
  const v1: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (name === 't' && /^\d{1,12}$/.test(value)) t = Number(value);
    if (name === 'v1') v1.push(value);
  }
  if (t === null || Math.abs(nowS - t) > SANDBOX_WEBHOOK_TOLERANCE_S) return false;
  const expected = hmacHex(key, Buffer.concat([Buffer.from(`${t}.`), raw]));
  return v1.some((s) => sameSignature(s, expected));
}

/** The webhook's body for a finished session (what sandbox-gateway.ts delivers). */
export function webhookEvent(session: SandboxSession, createdS: number) {
  const status = session.status as Finished;
  return {
    id: `evt_${session.id}_${status}`,
    type: EVENT_TYPES[status],
    created: createdS,
    data: {
      session_id: session.id,
      merchant_ref: session.merchant_ref,
      order_id: session.order_id,
      amount_minor: session.amount_minor,
      currency: session.currency,
      payment_id: session.payment_ref,
    },
  };
}

const WebhookBodySchema = z.object({
  id: z.string().max(200),
  type: z.string().max(100),
  data: z.object({
    session_id: z.string().regex(SESSION_ID_RE),
    amount_minor: z.number().int(),
    currency: z.string().max(3),
    payment_id: z.string().max(100).nullable(),
  }),
});

const nextFor = (sessionId: string): PaymentNext => ({ type: 'redirect', url: `${SANDBOX_PAY_PATH}/${sessionId}` });

/** The sandbox as a PaymentProvider over the shop's database (its own tables only). */
export function sandboxProvider(deps: { db: Db; env: Pick<Env, 'SANDBOX_GATEWAY_SECRET'> }): PaymentProvider {
  const { db } = deps;
  const key = () => sandboxKey(db, deps.env);

  return {
    code: 'sandbox',

    async createPayment(req: PaymentRequest) {
      const id = `sbs_${randomBytes(24).toString('base64url')}`;
      await queryRows(
        db,
        sql`insert into sandbox_sessions (id, merchant_ref, order_id, order_no, shop_name, amount_minor, currency,
              return_path, webhook_path, expires_at)
            values (${id}, ${req.paymentId}, ${req.orderId}, ${req.orderNo}, ${req.shopName}, ${req.amountMinor},
              ${req.currency}, ${req.returnPath}, ${req.webhookPath},
              now() + make_interval(mins => ${SANDBOX_SESSION_MINUTES}))`,
      );
      return { providerRef: id, next: nextFor(id) };
    },

    async resume(_req, providerRef) {
      const session = await loadSession(db, providerRef);
      return session?.status === 'open' && !session.expired ? nextFor(providerRef) : null;
    },

    async verifyReturn(query): Promise<VerifiedReturn | null> {
      const sessionId = verifyReturnToken(await key(), query.token, query.order_id, query.type);
      if (!sessionId) return null;
      // As a merchant would fetch the session from its provider: the outcome is the provider's record.
      const session = await loadSession(db, sessionId);
      if (!session || session.order_id !== query.order_id || session.status === 'open') return null;
      if (RETURN_TYPES[session.status] !== query.type) return null;
      return { orderId: session.order_id, outcome: outcomeOf(session) };
    },

    async verifyWebhook(raw: Buffer, headers: IncomingHttpHeaders) {
      const nowS = Math.floor(Date.now() / 1000);
      if (!verifyWebhookSignature(await key(), raw, headers[SANDBOX_SIGNATURE_HEADER], nowS)) return null;
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw.toString('utf8'));
      } catch {
        return [{ kind: 'ignored', reason: 'body is not JSON' }];
      }
      const event = WebhookBodySchema.safeParse(parsed);
      if (!event.success) return [{ kind: 'ignored', reason: 'not a sandbox payment event' }];
      const { type, data } = event.data;
      const status = STATUS_OF_EVENT.get(type);
      if (!status) return [{ kind: 'ignored', reason: `event ${type}` }];
      if (status === 'paid' && !data.payment_id) return [{ kind: 'ignored', reason: 'a capture without a payment id' }];
      return [
        outcomeOf({
          id: data.session_id,
          status,
          payment_ref: data.payment_id,
          amount_minor: data.amount_minor,
          currency: data.currency,
        }),
      ];
    },

    async refund({ payment, amountMinor, idempotencyKey }) {
      // The provider's side of a refund: at most what was captured, once per idempotency key.
      return db.transaction(async (tx) => {
        const refundId = `sbr_${randomBytes(16).toString('base64url')}`;
        const [made] = await insertSandboxRefund(tx, {
          refundId,
          amountMinor,
          idempotencyKey,
          sessionId: payment.providerRef,
        });
        if (!made) {
          const [earlier] = await earlierSandboxRefund(tx, { idempotencyKey });
          if (earlier) return { refundRef: earlier.id };
          throw new ProviderError('sandbox', `session ${payment.providerRef} has no captured payment to refund`);
        }
        const [taken] = await queryRows(
          tx,
          sql`update sandbox_sessions set refunded_minor = refunded_minor + ${amountMinor}
               where id = ${payment.providerRef} and refunded_minor + ${amountMinor} <= amount_minor returning id`,
        );
        if (!taken)
          throw new ProviderError('sandbox', `a refund of ${amountMinor} exceeds what is left of the payment`);
        return { refundRef: made.id };
      });
    },
  };
}

/** What a session (as stored, or as its webhook tells it) says about its attempt. */
function outcomeOf(
  session: Pick<SandboxSession, 'id' | 'status' | 'payment_ref' | 'amount_minor' | 'currency'>,
): PaymentOutcome {
  switch (session.status) {
    case 'paid':
      return {
        kind: 'paid',
        providerRef: session.id,
        providerPaymentId: session.payment_ref ?? session.id,
        amountMinor: session.amount_minor,
        currency: session.currency,
      };
    case 'failed':
      return { kind: 'failed', providerRef: session.id, reason: 'declined' };
    case 'cancelled':
      return { kind: 'cancelled', providerRef: session.id, reason: 'cancelled by the shopper' };
    default:
      return { kind: 'ignored', reason: 'the session is still open' };
  }
}
