import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1');

/** Every environment variable Shopfront reads. `.env.example` lists the same set. */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must start with postgres:// or postgresql://' })
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  PUBLIC_URL: z.url({ error: 'must be an absolute URL such as https://shop.example.com' }).optional(),
  TRUST_PROXY: bool.default(false),
  SEED_DEMO: bool.default(true),
  /** smtp(s)://user:pass@host:port: e-mail goes out through it; unset keeps e-mail in the outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'must start with smtp:// or smtps://' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Shopfront <no-reply@localhost>'),
  /** SMS provider endpoint: POST JSON {to, body}; unset keeps SMS in the outbox. */
  SMS_WEBHOOK_URL: z.url({ error: 'must be an absolute URL such as https://sms.example.com/send' }).optional(),
  SMS_WEBHOOK_TOKEN: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});
export type Env = z.infer<typeof EnvSchema>;

/** Parses `source` (process.env by default); throws one line per wrong variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const reasons = result.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${reasons}`);
  }
  return { ...result.data, DATA_DIR: path.resolve(result.data.DATA_DIR) };
}
