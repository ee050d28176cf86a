import { useState } from 'react';
import { Link } from 'react-router';
import type { AuditListEntry } from '@shopfront/shared';
import { formatWhen } from '../../lib/format';

/** What was done to an order, as a sentence reads: "packed SF-100002". */
const ORDER_VERBS: Record<string, string> = {
  confirm: 'confirmed',
  pack: 'packed',
  ship: 'shipped',
  scan: 'added a tracking scan to',
  deliver: 'marked delivered',
  cancel: 'cancelled',
  'mark-paid': 'marked as paid',
  'refund-approve': 'refunded',
  'refund-reject': 'declined the refund request on',
  note: 'added a note to',
};

const VERBS: Record<string, string> = {
  create: 'added',
  update: 'changed',
  remove: 'removed',
  delete: 'deleted',
  add: 'added',
  configure: 'configured',
  install: 'installed',
  password: 'changed the password of',
  set: 'set',
  hide: 'hid',
  unhide: 'showed again',
  block: 'blocked',
  unblock: 'unblocked',
  undo: 'undid',
  export: 'exported',
};

/** What was done to a customer: "blocked Asha Verma". */
const CUSTOMER_VERBS: Record<string, string> = {
  'customer.block': 'blocked',
  'customer.unblock': 'unblocked',
  'customer.note.add': 'added a note on',
  'customer.note.delete': 'removed a note on',
};

/** What was done to a catalogue record: "changed the stock of Sage Kurta · M / Sage". */
const SUBJECT_VERBS: Record<string, string> = {
  'product.create': 'added',
  'product.update': 'edited',
  'product.archive': 'archived',
  'variant.stock': 'changed the stock of',
  'review.hide': 'hid a review of',
  'review.unhide': 'showed again a review of',
};

/** A stock change's numbers, from the entry's before and after: "from 7 to 0". */
function stockChange(e: AuditListEntry): string | null {
  const of = (v: unknown) =>
    v && typeof v === 'object' && typeof (v as { stock?: unknown }).stock === 'number'
      ? (v as { stock: number }).stock
      : null;
  const [from, to] = [of(e.before), of(e.after)];
  return from !== null && to !== null ? `from ${from} to ${to}` : null;
}

/** A bulk editor's batch: "saved 4 changes in the bulk editor". */
function bulkSaved(e: AuditListEntry): string {
  const cells = (e.after as { cells?: unknown[] } | null)?.cells;
  const n = Array.isArray(cells) ? cells.length : 0;
  return `saved ${n} ${n === 1 ? 'change' : 'changes'} in the bulk editor`;
}

/** `staff.update` → "changed staff"; `customer.note.add` → "added customer note". */
function describe(action: string): string {
  const parts = action.split('.');
  const verb = parts.length > 1 ? parts.pop()! : '';
  const thing = parts.join(' ').replaceAll(/[-_]/g, ' ');
  return `${VERBS[verb] ?? verb.replaceAll(/[-_]/g, ' ')} ${thing}`.trim();
}

/** `customer:12` → "customer 12"; `store-settings` stays as it reads. */
const readableTarget = (target: string) => target.replace(/[-_]/g, ' ').replace(':', ' ');

/**
 * One audit entry as a sentence: "Meera refunded ₹549 on SF-100002", the order number a link
 * to the order. The e-mail, the IP address and the raw target show only when expanded.
 */
export function AuditRow({ entry: e, index, current }: { entry: AuditListEntry; index: number; current: boolean }) {
  const [open, setOpen] = useState(false);
  const who = e.actor_name ?? e.actor;
  const orderVerb = e.order ? ORDER_VERBS[e.action.replace(/^order\./, '')] : undefined;
  return (
    <li
      data-list-index={index}
      aria-current={current || undefined}
      data-testid="activity-row"
      className="px-4 py-3 break-words aria-[current]:bg-stone-50 sm:px-5"
    >
      <p>
        <span className="font-medium">{who}</span>{' '}
        {e.customer ? (
          <>
            {CUSTOMER_VERBS[e.action] ?? describe(e.action)}{' '}
            <Link to={`/customers/${e.customer.id}`} className="font-medium underline underline-offset-2">
              {e.customer.name || `customer ${e.customer.id}`}
            </Link>
          </>
        ) : e.subject ? (
          <>
            {SUBJECT_VERBS[e.action] ?? describe(e.action)}{' '}
            {e.subject.product_id ? (
              <Link
                to={e.subject.kind === 'review' ? '/reviews' : `/products/${encodeURIComponent(e.subject.product_id)}`}
                className="font-medium underline underline-offset-2"
              >
                {e.subject.label}
              </Link>
            ) : (
              <span className="font-medium">{e.subject.label}</span>
            )}
            {e.action === 'variant.stock' && stockChange(e) && <> {stockChange(e)}</>}
          </>
        ) : e.order ? (
          <>
            {orderVerb ?? describe(e.action)}{' '}
            {e.amount && (
              <>
                <span className="font-medium tabular-nums">{e.amount.formatted}</span> on{' '}
              </>
            )}
            <Link to={`/orders/${encodeURIComponent(e.order.id)}`} className="font-medium underline underline-offset-2">
              {e.order.order_no}
            </Link>
          </>
        ) : e.action === 'catalog.bulk' ? (
          <>{bulkSaved(e)}</>
        ) : (
          <>
            {describe(e.action)}
            {e.target && <span className="text-muted"> · {readableTarget(e.target)}</span>}
          </>
        )}
      </p>
      <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-muted">
        <time dateTime={e.created_at}>{formatWhen(e.created_at)}</time>
        <button
          type="button"
          className="-my-2 min-h-11 px-1 underline underline-offset-2"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Less' : 'Details'}
        </button>
      </p>
      {open && (
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-xs text-muted" data-testid="activity-details">
          <dt>By</dt>
          <dd className="break-all">{e.actor}</dd>
          <dt>Action</dt>
          <dd>{e.action}</dd>
          <dt>Record</dt>
          <dd className="break-all">{e.target}</dd>
          {e.ip && (
            <>
              <dt>IP address</dt>
              <dd>{e.ip}</dd>
            </>
          )}
        </dl>
      )}
    </li>
  );
}
