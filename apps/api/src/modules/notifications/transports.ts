import nodemailer from 'nodemailer';
import type { Env } from '../../env.ts';

export interface OutgoingMessage {
  recipient: string;
  subject: string;
  body: string;
}

/** Delivers one message or throws; the dispatcher retries on a throw. */
export type Transport = (message: OutgoingMessage) => Promise<void>;

/** A transport per channel, or null where the environment configures none (messages are then only stored). */
export interface Transports {
  email: Transport | null;
  sms: Transport | null;
}

const SMS_TIMEOUT_MS = 10_000;

/** E-mail through SMTP_URL (nodemailer); SMS as `POST SMS_WEBHOOK_URL {to, body}` with an optional bearer token. */
const SMTP_TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 };

export function createTransports(
  env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'SMS_WEBHOOK_URL' | 'SMS_WEBHOOK_TOKEN'>,
): Transports {
  let email: Transport | null = null;
  if (env.SMTP_URL) {
    // Bounded waits (nodemailer's defaults run to minutes): a send must end inside its claim's
    // lease. Given as URL options, so SMTP_URL can still set its own (`?socketTimeout=30000`).
    const url = new URL(env.SMTP_URL);
    for (const [key, ms] of Object.entries(SMTP_TIMEOUTS_MS)) {
      if (!url.searchParams.has(key)) url.searchParams.set(key, String(ms));
    }
    const mailer = nodemailer.createTransport(url.toString());
    email = async (m) => {
      await mailer.sendMail({ from: env.MAIL_FROM, to: m.recipient, subject: m.subject, text: m.body });
    };
  }
  let sms: Transport | null = null;
  if (env.SMS_WEBHOOK_URL) {
    const url = env.SMS_WEBHOOK_URL;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (env.SMS_WEBHOOK_TOKEN) headers.authorization = `Bearer ${env.SMS_WEBHOOK_TOKEN}`;
    sms = async (m) => {
      const res = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ to: m.recipient, body: m.body }),
        signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
      });
      // Drain the body so the connection is reusable; its text helps when the provider refuses.
      const text = await res.text().catch(() => '');
      if (!res.ok) throw new Error(`SMS provider answered ${res.status}${text ? `: ${text.slice(0, 200)}` : ''}`);
    };
  }
  return { email, sms };
}
