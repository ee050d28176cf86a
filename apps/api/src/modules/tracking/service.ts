import { sql, type SQL } from 'drizzle-orm';
import {
  ORDER_STATUS_LABELS,
  TRACKING_STEPS,
  TRACKING_STEP_LABELS,
  trackingProgress,
  type OrderStatus,
  type Tracking,
  type TrackingStep,
} from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import type { OrderShippingSnapshot } from '../../db/order-schema.ts';
import { isoSql } from '../../db/sql-time.ts';
import { BASE64URL_32_BYTES_RE } from '../../lib/signing.ts';
import { orderAccessSql, type OrderAccess } from '../orders/access.ts';
import { shipmentsSql, toShipment, type ShipmentRow } from '../orders/shipments.ts';
import { deliveryEstimate } from '../orders/view.ts';
import { hashTrackingToken, trackingLinkPath } from '../../lib/tracking-token.ts';

/**
 * The tracking page's data (TrackingSchema). An order is found three ways only: its link's
 * secret token, its id by someone who may reach it (orderAccess), or its number together with
 * the phone or e-mail it was placed with. A carrier's waybill alone finds nothing: waybills are
 * printed on parcels and often sequential.
 */

interface TrackingRow {
  id: string;
  order_no: string;
  status: OrderStatus;
  created_at: string;
  paid_at: string | null;
  shipping: OrderShippingSnapshot;
  email: string | null;
  phone: string | null;
  /** The shop's countries' calling codes (digits): a typed phone may carry one. */
  country_codes: string[] | null;
  events: { to_status: OrderStatus; at: string }[];
  items: { name: string; variant_title: string; quantity: number; image: string | null }[];
  shipments: ShipmentRow[];
}

/** The order `where` finds (on `o`), with its history, items and shipments, as one json value. */
const trackingJson = namedQuery<{ result: TrackingRow }>()({
  name: 'tracking.order',
  columns: ['result'],
  example: { where: sql`o.order_no = ${'SO-1'}` as SQL },
  build: ({ where }: { where: SQL }) =>
    sql`select row_to_json(x) as result from (
      select o.id, o.order_no, o.status, ${isoSql(sql`o.created_at`)} as created_at, ${isoSql(sql`o.paid_at`)} as paid_at,
        o.shipping, o.email, o.phone,
        (select array_agg(distinct regexp_replace(mobile_code, '[^0-9]', '', 'g')) from countries) as country_codes,
        (select coalesce(json_agg(e order by e.created_at, e.id), '[]'::json) from (
           select id, to_status, created_at, ${isoSql(sql`created_at`)} as at from order_events where order_id = o.id) e) as events,
        (select coalesce(json_agg(i order by i.id), '[]'::json) from (
           select id, name, variant_title, quantity, image from order_items where order_id = o.id) i) as items,
        ${shipmentsSql(sql`o.id`)} as shipments
        from orders o where ${where} limit 1) x`,
});

async function trackingRow(db: Db, where: SQL): Promise<TrackingRow | null> {
  const [answer] = await trackingJson(db, { where });
  return answer?.result ?? null;
}

/** Which history status completes each tracking step. */
const STEP_STATUS: Record<TrackingStep, OrderStatus> = {
  ordered: 'confirmed',
  packed: 'packed',
  shipped: 'shipped',
  out_for_delivery: 'out_for_delivery',
  delivered: 'delivered',
};

/** The steps of an order in `status` with the time each was reached (from its history). */
function trackingSteps(status: OrderStatus, events: TrackingRow['events']): Tracking['steps'] {
  const progress = trackingProgress(status);
  return TRACKING_STEPS.map((key, i) => {
    const completed = i < progress;
    const reached = events.find((e) => e.to_status === STEP_STATUS[key]);
    return {
      key,
      label: TRACKING_STEP_LABELS[key],
      completed,
      active: completed && i === progress - 1,
      at: completed ? (reached?.at ?? null) : null,
    };
  });
}

function toTracking(row: TrackingRow, trackingPath: string): Tracking {
  return {
    order_no: row.order_no,
    status: row.status,
    status_label: ORDER_STATUS_LABELS[row.status],
    placed_at: row.created_at,
    steps: trackingSteps(row.status, row.events),
    shipments: row.shipments.map(toShipment),
    delivery_estimate: deliveryEstimate(row),
    items: row.items.map((i) => ({
      name: i.name,
      variant_title: i.variant_title,
      quantity: i.quantity,
      image: i.image ? { url: i.image, alt: i.name } : null,
    })),
    tracking_path: trackingPath,
  };
}

/**
 * GET /api/track-order/{slug}: the slug is the link's token (43 characters; only its sha-256 is
 * stored), or the id or order number of an order the requester may reach (their account's, or
 * the guest order of their browser). Null for anything else: a number alone reaches nobody else's.
 */
export async function trackBySlug(db: Db, access: OrderAccess, slug: string): Promise<Tracking | null> {
  if (BASE64URL_32_BYTES_RE.test(slug)) {
    const row = await trackingRow(db, sql`o.tracking_token_hash = ${hashTrackingToken(slug)}`);
    if (row) return toTracking(row, `/track-order/${slug}`);
  }
  const row = await trackingRow(
    db,
    sql`(o.id = ${slug} or o.order_no = ${normaliseOrderNo(slug)}) and ${orderAccessSql(access, 'o')}`,
  );
  return row ? toTracking(row, `/track-order/${row.id}`) : null;
}

/** Digits of a phone number without a trunk prefix (0…). */
const phoneDigits = (s: string) => s.replace(/\D/g, '').replace(/^0+/, '');

/** A phone's digits, and those digits without each country code they may start with. */
function nationalForms(digits: string, countryCodes: readonly string[]): Set<string> {
  const forms = new Set([digits]);
  for (const cc of countryCodes) {
    if (cc && digits.startsWith(cc) && digits.length - cc.length >= 7) forms.add(digits.slice(cc.length));
  }
  return forms;
}

/**
 * Whether `typed` is the order's phone or e-mail. E-mail: case-insensitive. Phone: the digits,
 * with or without one of the shop's country codes (+91 98765 43210, 919876543210, 09876543210
 * and 9876543210 are one number); at least 7 digits on each side.
 */
export function contactMatches(
  typed: string,
  order: { email: string | null; phone: string | null },
  countryCodes: readonly string[] = ['91'],
): boolean {
  const t = typed.trim();
  if (t.includes('@')) return order.email !== null && order.email.trim().toLowerCase() === t.toLowerCase();
  if (!order.phone || /[^\d\s+().-]/.test(t)) return false;
  const a = phoneDigits(t);
  const b = phoneDigits(order.phone);
  if (a.length < 7 || b.length < 7) return false;
  const theirs = nationalForms(b, countryCodes);
  return [...nationalForms(a, countryCodes)].some((f) => theirs.has(f));
}

/** An order number as typed (sf-100001, SF 100001, 100001) in its stored form (SF-100001). */
export function normaliseOrderNo(typed: string): string {
  const t = typed.trim().toUpperCase().replace(/\s+/g, '');
  if (/^\d+$/.test(t)) return `SF-${t}`;
  return t.replace(/^SF(?=\d)/, 'SF-');
}

/**
 * POST /api/track-order: the order with this number whose phone or e-mail is `contact`. Null
 * for every miss (no number, wrong contact), so the answer tells nothing about which part was
 * wrong. The tracking path answered is the order's secret link (the one its messages carry):
 * whoever proved the number and contact may follow the order from any device.
 */
export async function trackByNumber(db: Db, orderNo: string, contact: string): Promise<Tracking | null> {
  const row = await trackingRow(db, sql`o.order_no = ${normaliseOrderNo(orderNo)}`);
  if (!row || !contactMatches(contact, row, row.country_codes ?? [])) return null;
  return toTracking(row, await trackingLinkPath(db, row.id));
}
