import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1');

/** proxy-addr's names for whole ranges, accepted beside addresses and CIDR blocks. */
/** An enum whose error lists its values (the process-wide zod messages are written for shoppers). */
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of ${values.join(', ')}` });

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  // A /0 block trusts every address: the refused `true` by another name.
  return (
    bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) >= 1 && Number(bits) <= (family === 4 ? 32 : 128))
  );
}

/**
 * Which hops in X-Forwarded-For to believe: none (false), the last N, or those sent by the listed
 * proxy addresses. `true` is refused: trusting every hop lets any client choose its own address
 * (and with it rate limits and sign-in throttles) by sending the header itself.
 */
const trustProxy = z.string().transform((value, ctx): false | number | string[] => {
  if (value === 'false' || value === '0') return false;
  // More hops than any real deployment has would believe client-written entries.
  if (/^[1-5]$/.test(value)) return Number(value);
  const list = value.split(',').map((s) => s.trim());
  if (list.every(isProxyAddress)) return list;
  ctx.addIssue({
    code: 'custom',
    message:
      'must be false, the number of proxies in front of the shop (1 to 5) or their addresses (10.0.0.0/8,192.168.1.2)',
  });
  return z.NEVER;
});

const ADMIN_ORIGIN_MESSAGE =
  'must be an origin (scheme, host and optional port, no path) such as https://admin.example.com';

/**
 * An origin exactly as a browser reports it in `MessageEvent.origin` and compares it in CSP:
 * http(s), a host, an optional port and nothing else; written back as the browser writes it
 * (lower-case host, no default port, no trailing slash).
 */
const adminOrigin = z.string().transform((value, ctx) => {
  let url: URL | null = null;
  try {
    // Scheme and authority only: no path, query or fragment (a lone trailing slash is fine).
    if (/^https?:\/\/[^/?#@]+\/?$/i.test(value)) url = new URL(value);
  } catch {
    url = null;
  }
  if (!url) {
    ctx.addIssue({ code: 'custom', message: ADMIN_ORIGIN_MESSAGE });
    return z.NEVER;
  }
  return url.origin;
});

/** Every environment variable Shopfront reads. `.env.example` lists the same set. */
export const EnvSchema = z.object({
  NODE_ENV: oneOf(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Where backups are written and listed (`npm run backup`, the panel's Backups screen, the schedule). */
  BACKUP_DIR: z.string().min(1).default('./backups'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must start with postgres:// or postgresql://' })
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** Memory for whole cached pages per process (ADR 28); 0 turns the page cache off. */
  PAGE_CACHE_MB: z.coerce.number({ error: 'must be a number of megabytes' }).int().min(0).max(4096).default(64),
  /** PostgreSQL only: worker processes on this machine (Node's cluster); 1 runs no cluster. */
  WEB_CONCURRENCY: z.coerce.number({ error: 'must be a number of processes' }).int().min(1).max(64).default(1),
  PUBLIC_URL: z.url({ error: 'must be an absolute URL such as https://shop.example.com' }).optional(),
  TRUST_PROXY: trustProxy.default(false),
  /** The outbox page (/dev/outbox, /api/dev/outbox): off unless set, and even then loopback only. */
  DEV_OUTBOX: bool.default(false),
  /** On SIGTERM, how long requests still arriving (a slow upload) may take before they are cut off. */
  SHUTDOWN_GRACE_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(0)
    .max(600_000)
    .default(10_000),
  /**
   * Seed a demo shop into an empty database on start: true (or products) the product shop,
   * services the services business (issue 27), false none.
   */
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0', 'products', 'services'], { error: 'must be true, false, products or services' })
    .default('true')
    .transform((v): boolean | 'services' =>
      v === 'services' ? 'services' : v === 'true' || v === '1' || v === 'products',
    ),
  /** smtp(s)://user:pass@host:port: e-mail goes out through it; unset keeps e-mail in the outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'must start with smtp:// or smtps://' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Shopfront <no-reply@localhost>'),
  /** SMS provider endpoint: POST JSON {to, body}; unset keeps SMS in the outbox. */
  SMS_WEBHOOK_URL: z.url({ error: 'must be an absolute URL such as https://sms.example.com/send' }).optional(),
  SMS_WEBHOOK_TOKEN: z.string().min(1).optional(),
  /**
   * The admin panel's origin: it may frame the storefront (CSP frame-ancestors) and drive its
   * preview mode with messages; unset, only the shop itself may frame it.
   */
  ADMIN_ORIGIN: adminOrigin.optional(),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The built-in sandbox payment gateway (ADR 24). Fake money: unset, it is on only in the demo shop
   * (SEED_DEMO, where "Pay online" must work) and off otherwise; true or false always wins.
   */
  SANDBOX_GATEWAY: bool.optional(),
  /** Signs the sandbox's return redirects and webhooks; unset: derived from the shop's own secret (ADR 24). */
  SANDBOX_GATEWAY_SECRET: z
    .string()
    .min(32, { error: 'must be at least 32 characters (for example: openssl rand -base64 32)' })
    .optional(),
  /** The sandbox's webhook waits this long before its first delivery (a provider that is late). */
  SANDBOX_WEBHOOK_DELAY_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(0)
    .max(3_600_000)
    .default(0),
  /** Razorpay (ADR 24): offered when both keys are set; its webhooks need the webhook secret too. */
  RAZORPAY_KEY_ID: z
    .string()
    .regex(/^rzp_(test|live)_[A-Za-z0-9]+$/, { error: 'must be a Razorpay key id (rzp_test_… or rzp_live_…)' })
    .optional(),
  RAZORPAY_KEY_SECRET: z.string().min(8, { error: 'must be the key secret from the Razorpay dashboard' }).optional(),
  RAZORPAY_WEBHOOK_SECRET: z
    .string()
    .min(8, { error: 'must be the webhook secret set in the Razorpay dashboard' })
    .optional(),
  /**
   * Where the shop calls Razorpay's API (default https://api.razorpay.com/v1): an https address
   * (a proxy the host requires), or a loopback http one (a local stand-in, as the tests use). The
   * key secret goes with every call, so nothing else is accepted.
   */
  RAZORPAY_API_BASE: z
    .url({ error: 'must be an https:// address, or http:// on 127.0.0.1 or localhost' })
    .refine((u) => /^https:\/\//.test(u) || /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/.test(u), {
      error: 'must be an https:// address, or http:// on 127.0.0.1 or localhost',
    })
    .transform((u) => u.replace(/\/+$/, ''))
    .optional(),
  /**
   * Web Push to staff (issue 25): the VAPID key pair (base64url, as `npx web-push generate-vapid-keys`
   * prints them) and the contact the push services see. Unset: a pair made on first need and kept
   * in the database, so every process of the shop signs with the same one.
   */
  WEB_PUSH_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, { error: 'must be a VAPID public key (87 characters of base64url)' })
    .optional(),
  WEB_PUSH_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'must be a VAPID private key (43 characters of base64url)' })
    .optional(),
  WEB_PUSH_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, { error: 'must be mailto:you@example.com or an https:// URL' })
    .optional(),
  /**
   * Media on S3-compatible object storage (issue 29, ADR 38): set the bucket and its keys and
   * pictures, their resized copies and application documents go there instead of DATA_DIR.
   */
  MEDIA_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      error: 'must be a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)',
    })
    .optional(),
  MEDIA_S3_ENDPOINT: z
    .string()
    .refine((v) => /^https?:\/\/[^/?#\s]+\/?$/i.test(v) && URL.canParse(v), {
      error:
        'must be an http(s) URL of the S3 service with no path, such as https://<account>.r2.cloudflarestorage.com',
    })
    .optional(),
  MEDIA_S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, { error: 'must be a region name such as us-east-1 or auto' })
    .optional(),
  MEDIA_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  MEDIA_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  MEDIA_S3_FORCE_PATH_STYLE: bool.default(false),
  MEDIA_S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\/?$/, { error: 'must be a folder name such as shop1 or shops/shop1' })
    .transform((v) => `${v.replace(/\/$/, '')}/`)
    .optional(),
  /** GET /metrics (Prometheus) answers a scraper sending `Authorization: Bearer <this>`; unset, it is off (404). */
  METRICS_TOKEN: z
    .string()
    .regex(/^\S{16,}$/, { error: 'must be 16 or more characters without spaces (for example: openssl rand -hex 24)' })
    .optional(),
});

/**
 * Half a Razorpay configuration is a mistake to stop at, not a provider to leave off quietly. An
 * unset SANDBOX_GATEWAY follows SEED_DEMO: a shop started without the demo takes no fake money
 * unless asked to.
 */
const CheckedEnvSchema = EnvSchema.superRefine((env, ctx) => {
  if (Boolean(env.RAZORPAY_KEY_ID) !== Boolean(env.RAZORPAY_KEY_SECRET)) {
    ctx.addIssue({
      code: 'custom',
      path: [env.RAZORPAY_KEY_ID ? 'RAZORPAY_KEY_SECRET' : 'RAZORPAY_KEY_ID'],
      message: 'must be set together with the other Razorpay key',
    });
  }
  if (Boolean(env.WEB_PUSH_PUBLIC_KEY) !== Boolean(env.WEB_PUSH_PRIVATE_KEY)) {
    ctx.addIssue({
      code: 'custom',
      path: [env.WEB_PUSH_PUBLIC_KEY ? 'WEB_PUSH_PRIVATE_KEY' : 'WEB_PUSH_PUBLIC_KEY'],
      message: 'must be set together with the other Web Push key',
    });
  }
  const s3Set = (
    [
      'MEDIA_S3_ENDPOINT',
      'MEDIA_S3_REGION',
      'MEDIA_S3_ACCESS_KEY_ID',
      'MEDIA_S3_SECRET_ACCESS_KEY',
      'MEDIA_S3_PREFIX',
    ] as const
  ).filter((k) => env[k] !== undefined);
  if (!env.MEDIA_S3_BUCKET && s3Set.length) {
    ctx.addIssue({ code: 'custom', path: ['MEDIA_S3_BUCKET'], message: `must be set when ${s3Set.join(', ')} is` });
  }
  if (env.MEDIA_S3_BUCKET) {
    for (const key of ['MEDIA_S3_ACCESS_KEY_ID', 'MEDIA_S3_SECRET_ACCESS_KEY'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'must be set with MEDIA_S3_BUCKET' });
    }
  }
  if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['WEB_CONCURRENCY'],
      message: 'above 1 needs DATABASE_URL (the embedded database serves one process)',
    });
  }
}).transform((env) => ({ ...env, SANDBOX_GATEWAY: env.SANDBOX_GATEWAY ?? env.SEED_DEMO !== false }));
export type Env = z.output<typeof CheckedEnvSchema>;

/** Parses `source` (process.env by default); throws one line per wrong variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = CheckedEnvSchema.safeParse(cleaned);
  if (!result.success) {
    const reasons = result.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${reasons}`);
  }
  return {
    ...result.data,
    DATA_DIR: path.resolve(result.data.DATA_DIR),
    BACKUP_DIR: path.resolve(result.data.BACKUP_DIR),
  };
}
