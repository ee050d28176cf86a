import { useState } from 'react';
import { Link } from 'react-router';
import type { AuditListEntry } from '@shopfront/shared';
import { formatWhen } from '../../lib/format';
import { settingLabel } from '../settings/groups';

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
  'product.picture.add': 'added a picture to',
  'product.picture.update': 'edited a picture of',
  'product.picture.reorder': 'reordered the pictures of',
  'product.picture.delete': 'removed a picture from',
  'product.picture.keep': 'kept in the media library a picture removed from',
  'variant.stock': 'changed the stock of',
  'review.hide': 'hid a review of',
  'review.unhide': 'showed again a review of',
  'category.create': 'added the category',
  'category.update': 'edited the category',
  'category.move': 'moved the category',
  'category.reorder': 'reordered the categories beside',
  'category.delete': 'deleted the category',
  'super-category.create': 'added the category group',
  'super-category.update': 'edited the category group',
  'super-category.reorder': 'reordered the category groups',
  'super-category.delete': 'deleted the category group',
  'collection.create': 'added the collection',
  'collection.update': 'edited the collection',
  'collection.products': 'changed the products of the collection',
  'collection.reorder': 'reordered the collections',
  'collection.delete': 'deleted the collection',
  'coupon.create': 'added the coupon',
  'coupon.update': 'edited the coupon',
  'coupon.disable': 'disabled the coupon',
  'coupon.enable': 'enabled the coupon',
  'coupon.delete': 'deleted the coupon',
  'shipping-zone.create': 'added the shipping zone',
  'shipping-zone.update': 'edited the shipping zone',
  'shipping-zone.delete': 'deleted the shipping zone',
  'shipping-method.create': 'added the shipping method',
  'shipping-method.update': 'edited the shipping method',
  'shipping-method.delete': 'deleted the shipping method',
  'shipping-method.reorder': 'reordered the shipping methods of',
};

type Subject = NonNullable<AuditListEntry['subject']>;

/** Where a record's name leads in the panel. */
function subjectHref(subject: Subject): string | null {
  if (!subject.id) return null;
  const id = encodeURIComponent(subject.id);
  switch (subject.kind) {
    case 'product':
    case 'variant':
      return `/products/${id}`;
    case 'review':
      return '/reviews';
    case 'category':
    case 'super-category':
      return '/categories';
    case 'collection':
      return `/collections/${id}`;
    case 'coupon':
      return `/coupons/${id}`;
    case 'shipping-zone':
    case 'shipping-method':
      return '/shipping';
  }
}

/** A record gone since (deleted): its name as the entry's "before" held it. */
function formerName(e: AuditListEntry): string | null {
  const b = e.before as { name?: unknown; code?: unknown; title?: unknown } | null;
  const name = b?.name ?? b?.code ?? b?.title;
  return typeof name === 'string' && name ? name : null;
}

/** The store settings an entry changed, by their labels on the Settings screens: "Guest checkout, Cart". */
function settingsChanged(e: AuditListEntry): string | null {
  const after = e.after;
  if (!after || typeof after !== 'object') return null;
  const keys = Object.keys(after);
  return keys.length > 0 ? keys.map(settingLabel).join(', ') : null;
}

/** The action an undo took back (its entry's "before" names it). */
const undoneAction = (e: AuditListEntry) => (e.before as { action?: unknown } | null)?.action as string | undefined;

/** A stock change's numbers, from the entry's before and after: "from 7 to 0". */
function stockChange(e: AuditListEntry): string | null {
  const of = (v: unknown) =>
    v && typeof v === 'object' && typeof (v as { stock?: unknown }).stock === 'number'
      ? (v as { stock: number }).stock
      : null;
  const [from, to] = [of(e.before), of(e.after)];
  return from !== null && to !== null ? `from ${from} to ${to}` : null;
}

/** Where content shows a picture the purge kept (the entry's "after"): ", still shown on Page: About us, Slide: Sale". */
function ShownIn({ entry }: { entry: AuditListEntry }) {
  const places = (entry.after as { shown_in?: unknown } | null)?.shown_in;
  return Array.isArray(places) && places.length > 0 ? <>, still shown on {places.join(', ')}</> : null;
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
            {e.action === 'audit.undo'
              ? `undid “${SUBJECT_VERBS[undoneAction(e) ?? ''] ?? describe(undoneAction(e) ?? '')}”`
              : (SUBJECT_VERBS[e.action] ?? describe(e.action))}{' '}
            <SubjectName subject={e.subject} />
            {e.action === 'variant.stock' && stockChange(e) && <> {stockChange(e)}</>}
            {e.action === 'product.picture.keep' && <ShownIn entry={e} />}
          </>
        ) : SUBJECT_VERBS[e.action] && formerName(e) ? (
          <>
            {SUBJECT_VERBS[e.action]} <span className="font-medium">{formerName(e)}</span>
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
        ) : e.action === 'store-settings.update' && settingsChanged(e) ? (
          <>
            changed the store settings: <span className="font-medium">{settingsChanged(e)}</span>
          </>
        ) : e.action === 'catalog.bulk' ? (
          <>{bulkSaved(e)}</>
        ) : e.action === 'audit.undo' && undoneAction(e) === 'catalog.bulk' ? (
          <>undid a save in the bulk editor</>
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

function SubjectName({ subject }: { subject: Subject }) {
  const href = subjectHref(subject);
  return href ? (
    <Link to={href} className="font-medium underline underline-offset-2">
      {subject.label}
    </Link>
  ) : (
    <span className="font-medium">{subject.label}</span>
  );
}
