import { money } from '@shopfront/shared';
import type { SandboxSession } from './providers/sandbox.ts';

/**
 * The sandbox gateway's payment page: plain HTML and CSS, no script (works without JavaScript
 * and under the shop's CSP: the one style element carries the request's nonce). One form, three
 * buttons; a finished session shows its result and the way back to the shop.
 */

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
  :root { color-scheme: light; --ink: #1c1917; --muted: #57534e; --line: #e7e5e4; --ok: #15803d; --bad: #b91c1c; }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 16px;
    font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink);
    background: linear-gradient(160deg, #eef2ff 0%, #f5f5f4 60%); }
  main { width: 100%; max-width: 420px; background: #fff; border: 1px solid var(--line); border-radius: 16px;
    box-shadow: 0 10px 30px rgb(0 0 0 / 0.08); overflow: hidden; }
  header { padding: 20px 24px; border-bottom: 1px solid var(--line); display: flex; justify-content: space-between;
    align-items: center; gap: 12px; }
  header h1 { margin: 0; font-size: 1.05rem; }
  .badge { font-size: 0.75rem; font-weight: 600; letter-spacing: 0.04em; text-transform: uppercase; color: #92400e;
    background: #fef3c7; border-radius: 999px; padding: 2px 10px; white-space: nowrap; }
  section { padding: 24px; }
  .label { margin: 0; color: var(--muted); font-size: 0.875rem; }
  .amount { margin: 4px 0 16px; font-size: 2rem; font-weight: 700; }
  dl { margin: 0 0 24px; display: grid; grid-template-columns: auto 1fr; gap: 4px 16px; font-size: 0.9rem; }
  dt { color: var(--muted); }
  dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; }
  form { display: grid; gap: 10px; margin: 0; }
  button, .back { display: block; width: 100%; min-height: 48px; border-radius: 10px; font: inherit; font-weight: 600;
    cursor: pointer; border: 1px solid var(--line); background: #fff; color: var(--ink); text-align: center;
    text-decoration: none; padding: 12px; }
  button:focus-visible, .back:focus-visible { outline: 3px solid #6366f1; outline-offset: 2px; }
  .pay { background: var(--ok); border-color: var(--ok); color: #fff; }
  .pay:hover { background: #166534; }
  .fail { color: var(--bad); }
  .fail:hover, .cancel:hover { background: #fafaf9; }
  .notice { margin: 0 0 16px; padding: 12px; border-radius: 10px; background: #f5f5f4; font-size: 0.9rem; }
  .notice.ok { background: #dcfce7; color: #14532d; }
  .notice.bad { background: #fee2e2; color: #7f1d1d; }
  footer { padding: 12px 24px 20px; color: var(--muted); font-size: 0.8rem; }
`;

const RESULT: Record<Exclude<SandboxSession['status'], 'open'>, { text: string; tone: 'ok' | 'bad' }> = {
  paid: { text: 'Payment successful.', tone: 'ok' },
  failed: { text: 'The payment was declined.', tone: 'bad' },
  cancelled: { text: 'The payment was cancelled.', tone: 'bad' },
};

export interface SandboxPageInput {
  session: SandboxSession;
  /** Where the form posts (the page's own address). */
  action: string;
  /** A finished session's way back to the shop (its signed return). */
  returnHref: string | null;
  /** The CSP nonce of style elements (null when the shop runs without CSP: development). */
  styleNonce: string | null;
}

/** The page for a session: buttons while it is open, its result once finished. */
export function sandboxPage({ session, action, returnHref, styleNonce }: SandboxPageInput): string {
  const amount = money(session.amount_minor, session.currency).formatted;
  const shop = escape(session.shop_name);
  let body: string;
  if (session.status !== 'open') {
    const result = RESULT[session.status];
    body = `<p class="notice ${result.tone}" role="status">${result.text}</p>
      ${returnHref ? `<a class="back" href="${escape(returnHref)}">Return to ${shop}</a>` : ''}`;
  } else if (session.expired) {
    body = `<p class="notice" role="status">This payment page has expired. No money was taken.</p>
      <form method="post" action="${escape(action)}">
        <button class="cancel" type="submit" name="outcome" value="cancel">Return to ${shop}</button>
      </form>`;
  } else {
    body = `<form method="post" action="${escape(action)}">
        <button class="pay" type="submit" name="outcome" value="pay">Pay ${escape(amount)}</button>
        <button class="fail" type="submit" name="outcome" value="fail">Fail the payment</button>
        <button class="cancel" type="submit" name="outcome" value="cancel">Cancel and return to ${shop}</button>
      </form>`;
  }
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<link rel="icon" href="data:,">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Pay ${escape(amount)} to ${shop} · Sandbox gateway</title>
<style${styleNonce ? ` nonce="${escape(styleNonce)}"` : ''}>${STYLE}</style>
</head>
<body>
<main>
  <header><h1>${shop}</h1><span class="badge">Sandbox</span></header>
  <section>
    <p class="label">Amount to pay</p>
    <p class="amount">${escape(amount)}</p>
    <dl>
      <dt>Order</dt><dd>${escape(session.order_no)}</dd>
      <dt>Currency</dt><dd>${escape(session.currency)}</dd>
    </dl>
    ${body}
  </section>
  <footer>Test payment page: no real money moves. Pay, fail or cancel to see how the shop answers each.</footer>
</main>
</body>
</html>`;
}
