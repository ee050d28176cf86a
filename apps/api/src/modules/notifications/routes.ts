import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OutboxListSchema,
  OutboxQuerySchema,
  devApi,
  messages as apiMessages,
  type OutboxMessage,
} from '@shopfront/shared';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { HttpError, ok } from '../../lib/http.ts';
import { fromThisMachine } from './dev-access.ts';
import { listOutbox } from './service.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Escapes a message body and turns its http(s) URLs into links (reset links open in one click). */
function bodyHtml(body: string): string {
  return escapeHtml(body).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

function outboxPage(messages: OutboxMessage[], styleNonce: string | null): string {
  const rows = messages
    .map(
      (m) => `<article class="msg ${m.channel}">
  <header><span class="tag">${m.channel === 'sms' ? 'SMS' : 'E-mail'}</span> to <strong>${escapeHtml(m.recipient)}</strong>
  <span class="status ${m.status}">${m.status}</span><time datetime="${m.created_at}">${m.created_at.replace('T', ' ').slice(0, 19)} UTC</time></header>
  ${m.subject ? `<h2>${escapeHtml(m.subject)}</h2>` : ''}
  <pre>${bodyHtml(m.body)}</pre>${m.last_error ? `\n  <p class="err">${escapeHtml(m.last_error)}</p>` : ''}
</article>`,
    )
    .join('\n');
  const nonce = styleNonce ? ` nonce="${styleNonce}"` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Outbox (development)</title>
<style${nonce}>
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:760px;padding:24px;color:#1d1d1f;background:#f6f6f4}
h1{font-size:22px;margin:0 0 4px}p.lead{color:#555;margin:0 0 20px}
.msg{background:#fff;border:1px solid #ddd;border-radius:8px;padding:12px 16px;margin:0 0 12px}
.msg header{display:flex;gap:8px;align-items:baseline;flex-wrap:wrap}.msg time{margin-left:auto;color:#777;font-size:13px}
.tag{font-size:12px;font-weight:600;background:#eef;border-radius:4px;padding:1px 6px}.sms .tag{background:#efe}
.status{font-size:12px;color:#555;border:1px solid #ccc;border-radius:4px;padding:0 5px}.status.failed{color:#b00;border-color:#b00}
h2{font-size:16px;margin:8px 0 0}pre{white-space:pre-wrap;font:inherit;margin:8px 0 0}.err{color:#b00;margin:6px 0 0}
</style></head>
<body><h1>Outbox</h1><p class="lead">E-mail and SMS the shop has written, newest first (${messages.length}). This page exists only with DEV_OUTBOX=true, and only for this machine.</p>
${rows || '<p>No messages yet.</p>'}
</body></html>`;
}

/**
 * Development outbox: what the shop would have e-mailed or texted (OTP codes, reset links), so
 * whoever reads it can sign in as anyone. Registered only with DEV_OUTBOX=true (npm run dev sets
 * it), whatever NODE_ENV says, and even then it answers 404 to any request not made on this machine.
 */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.env.DEV_OUTBOX) return;
  app.addHook('onRequest', async (req) => {
    if (!fromThisMachine(req)) throw new HttpError(404, apiMessages.notFound);
  });

  registerEndpoint(
    app,
    devApi.outbox,
    {
      schemas: { query: OutboxQuerySchema, data: OutboxListSchema },
      tags: ['development'],
      summary: 'Outgoing e-mail and SMS, newest first (only with DEV_OUTBOX=true, only from loopback; 404 otherwise)',
    },
    async (req) => ok({ messages: await listOutbox(app.db, req.query) }),
  );

  // The same messages as a page to read (HTML, not the JSON envelope): a plain route.
  app.get('/dev/outbox', { schema: { hide: true, querystring: OutboxQuerySchema } }, async (req, reply) => {
    const messages = await listOutbox(app.db, req.query);
    const nonce = (reply as { cspNonce?: { style: string } }).cspNonce?.style ?? null;
    return reply
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(outboxPage(messages, nonce));
  });
};
