import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { allocateMinor, includedTax, type Address, type OrderStatus, type PaymentStatus } from '@shopfront/shared';
import { queryRows, type Db } from '../client.ts';
import { namedQuery } from '../named-query.ts';
import { trackingHashFor } from '../../lib/tracking-token.ts';
import { DEMO_CUSTOMER } from './accounts.ts';

/**
 * The demo customer's order history: one order in every state (awaiting payment, payment
 * failed, confirmed, packed, shipped, out for delivery, delivered, cancelled, refund requested,
 * refunded), with lines from the demo catalog at its prices, Indian addresses, status history
 * over the last weeks, parcels with carrier scans, payments and refund requests. History only:
 * the orders hold no stock (stock_reserved false), so the catalog's stock is the shop's own.
 * Skipped when the demo customer already has orders.
 */

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const TAX_RATE = 12;
const FREE_SHIPPING_FROM = 999_00;
const STANDARD = {
  code: 'standard',
  name: 'Standard delivery',
  price_minor: 79_00,
  delivery_days_min: 3,
  delivery_days_max: 6,
};
const EXPRESS = {
  code: 'express',
  name: 'Express delivery',
  price_minor: 199_00,
  delivery_days_min: 1,
  delivery_days_max: 2,
};
const COD_FEE = 49_00;

interface Pick {
  /** A category slug; the `nth` published product in it (by id), its `variant`th variant. */
  category: string;
  nth?: number;
  variant?: number;
  quantity: number;
}

export interface Place {
  line1: string;
  line2?: string;
  landmark?: string;
  city: string;
  postcode: string;
  state: 'KA' | 'MH' | 'DL' | 'TN';
}

interface ScanSpec {
  /** Hours after the order was shipped. */
  after: number;
  location: string;
  status: string;
  description: string;
}

export interface DemoOrder {
  status: OrderStatus;
  /** Days ago the order was placed. */
  daysAgo: number;
  lines: Pick[];
  method: 'cod' | 'sandbox';
  payment: PaymentStatus;
  shipping?: typeof STANDARD;
  place: Place;
  coupon?: { code: string; amountMinor: number };
  /** Status history after placing: [status, hours after placing, note?]. */
  history: [OrderStatus, number, string?][];
  shipment?: { carrier: string; waybill: string; url?: string; shippedAfterHours: number; scans: ScanSpec[] };
  refund?: { line: number; quantity: number; reason: string; status: 'requested' | 'refunded'; afterHours: number };
  rating?: [number, string | null];
  note?: string;
}

/** The demo customer's home: most orders go there, every order is billed there (and it is their saved address). */
export const HOME: Place = {
  line1: 'Flat 4B, Prestige Lakeside Habitat',
  line2: 'Varthur Main Road, Whitefield',
  landmark: 'Opposite Forum Shantiniketan',
  city: 'Bengaluru',
  postcode: '560066',
  state: 'KA',
};
const OFFICE: Place = {
  line1: '3rd Floor, Embassy Tech Square',
  line2: 'Outer Ring Road, Kadubeesanahalli',
  city: 'Bengaluru',
  postcode: '560103',
  state: 'KA',
};
const MUM: Place = {
  line1: '17 Carter Road',
  line2: 'Bandra West',
  landmark: 'Near Otters Club',
  city: 'Mumbai',
  postcode: '400050',
  state: 'MH',
};
const DELHI: Place = { line1: 'C-42, Defence Colony', city: 'New Delhi', postcode: '110024', state: 'DL' };

export const DEMO_ORDERS: DemoOrder[] = [
  {
    status: 'refunded',
    daysAgo: 41,
    method: 'sandbox',
    payment: 'refunded',
    place: HOME,
    lines: [
      { category: 'shirts', quantity: 1 },
      { category: 'cushions-and-throws', quantity: 2 },
    ],
    history: [
      ['confirmed', 0.02],
      ['packed', 20],
      ['shipped', 30],
      ['out_for_delivery', 90],
      ['delivered', 96],
      ['refund_requested', 150, 'The cushion covers are a different shade from the photos'],
      ['refunded', 200, 'Refund approved'],
    ],
    shipment: {
      carrier: 'Delhivery',
      waybill: '1490812233451',
      shippedAfterHours: 30,
      scans: [
        {
          after: 0,
          location: 'Bengaluru, Karnataka',
          status: 'Picked up',
          description: 'Shipment picked up from the seller',
        },
        {
          after: 8,
          location: 'Bengaluru Hub, Karnataka',
          status: 'In transit',
          description: 'Arrived at the sorting hub',
        },
        {
          after: 58,
          location: 'Whitefield, Bengaluru',
          status: 'Out for delivery',
          description: 'With the delivery agent',
        },
        { after: 66, location: 'Whitefield, Bengaluru', status: 'Delivered', description: 'Delivered to the customer' },
      ],
    },
    refund: {
      line: 1,
      quantity: 2,
      reason: 'The cushion covers are a different shade from the photos',
      status: 'refunded',
      afterHours: 150,
    },
  },
  {
    status: 'refund_requested',
    daysAgo: 24,
    method: 'cod',
    payment: 'paid',
    place: OFFICE,
    lines: [
      { category: 'mugs-and-cups', quantity: 4 },
      { category: 'plates-and-bowls', quantity: 2 },
    ],
    history: [
      ['packed', 18],
      ['shipped', 26],
      ['out_for_delivery', 70],
      ['delivered', 75],
      ['refund_requested', 100, 'One mug arrived with a chipped rim'],
    ],
    shipment: {
      carrier: 'Blue Dart',
      waybill: '81234567012',
      shippedAfterHours: 26,
      scans: [
        { after: 0, location: 'Bengaluru, Karnataka', status: 'Picked up', description: 'Shipment picked up' },
        {
          after: 6,
          location: 'Bengaluru Gateway, Karnataka',
          status: 'In transit',
          description: 'Connected to the destination',
        },
        { after: 44, location: 'Marathahalli, Bengaluru', status: 'Out for delivery', description: 'Out for delivery' },
        {
          after: 49,
          location: 'Marathahalli, Bengaluru',
          status: 'Delivered',
          description: 'Delivered; received by the front desk',
        },
      ],
    },
    refund: {
      line: 0,
      quantity: 1,
      reason: 'One mug arrived with a chipped rim',
      status: 'requested',
      afterHours: 100,
    },
  },
  {
    status: 'delivered',
    daysAgo: 17,
    method: 'cod',
    payment: 'paid',
    place: MUM,
    note: 'A gift: please leave out the invoice',
    lines: [
      { category: 'lighting', quantity: 1 },
      { category: 'planters', nth: 1, quantity: 1 },
    ],
    history: [
      ['packed', 22],
      ['shipped', 40],
      ['out_for_delivery', 110],
      ['delivered', 116],
    ],
    shipment: {
      carrier: 'Delhivery',
      waybill: '1490812299007',
      shippedAfterHours: 40,
      scans: [
        {
          after: 0,
          location: 'Bengaluru, Karnataka',
          status: 'Picked up',
          description: 'Shipment picked up from the seller',
        },
        {
          after: 9,
          location: 'Bengaluru Hub, Karnataka',
          status: 'In transit',
          description: 'Departed the origin hub',
        },
        {
          after: 31,
          location: 'Pune Hub, Maharashtra',
          status: 'In transit',
          description: 'Arrived at the transit hub',
        },
        {
          after: 52,
          location: 'Bhiwandi Hub, Maharashtra',
          status: 'In transit',
          description: 'Arrived at the destination hub',
        },
        {
          after: 70,
          location: 'Bandra West, Mumbai',
          status: 'Out for delivery',
          description: 'With the delivery agent',
        },
        { after: 76, location: 'Bandra West, Mumbai', status: 'Delivered', description: 'Delivered; cash collected' },
      ],
    },
    rating: [5, 'Beautifully packed and on time.'],
  },
  {
    status: 'cancelled',
    daysAgo: 12,
    method: 'sandbox',
    payment: 'refunded',
    place: HOME,
    lines: [{ category: 'dresses', quantity: 1 }],
    history: [
      ['confirmed', 0.02],
      ['cancelled', 3, 'Ordered the wrong size'],
    ],
  },
  {
    status: 'out_for_delivery',
    daysAgo: 5,
    method: 'sandbox',
    payment: 'paid',
    place: DELHI,
    shipping: EXPRESS,
    lines: [
      { category: 'bags', quantity: 1 },
      { category: 'caps-and-hats', quantity: 1 },
    ],
    history: [
      ['confirmed', 0.02],
      ['packed', 16],
      ['shipped', 24],
      ['out_for_delivery', 5 * 24 - 6],
    ],
    shipment: {
      carrier: 'Ekart',
      waybill: 'FMPC2093348812',
      shippedAfterHours: 24,
      scans: [
        { after: 0, location: 'Bengaluru, Karnataka', status: 'Picked up', description: 'Shipment picked up' },
        {
          after: 10,
          location: 'Bengaluru Air Hub, Karnataka',
          status: 'In transit',
          description: 'Flown to the destination city',
        },
        {
          after: 30,
          location: 'Gurugram Hub, Haryana',
          status: 'In transit',
          description: 'Arrived at the destination hub',
        },
        {
          after: 50,
          location: 'Lajpat Nagar, New Delhi',
          status: 'In transit',
          description: 'Reached the delivery centre',
        },
        {
          after: 5 * 24 - 30,
          location: 'Lajpat Nagar, New Delhi',
          status: 'Out for delivery',
          description: 'With the delivery agent',
        },
      ],
    },
  },
  {
    status: 'shipped',
    daysAgo: 3,
    method: 'cod',
    payment: 'cod',
    place: OFFICE,
    lines: [
      { category: 't-shirts', quantity: 2 },
      { category: 'trousers', quantity: 1 },
    ],
    coupon: { code: 'FLAT200', amountMinor: 200_00 },
    history: [
      ['packed', 12],
      ['shipped', 28],
    ],
    shipment: {
      carrier: 'Delhivery',
      waybill: '1490812345120',
      shippedAfterHours: 28,
      scans: [
        {
          after: 0,
          location: 'Bengaluru, Karnataka',
          status: 'Picked up',
          description: 'Shipment picked up from the seller',
        },
        {
          after: 7,
          location: 'Bengaluru Hub, Karnataka',
          status: 'In transit',
          description: 'Arrived at the sorting hub',
        },
        {
          after: 20,
          location: 'Kadubeesanahalli, Bengaluru',
          status: 'In transit',
          description: 'Reached the delivery centre',
        },
      ],
    },
  },
  {
    status: 'packed',
    daysAgo: 2,
    method: 'sandbox',
    payment: 'paid',
    place: HOME,
    lines: [{ category: 'knitwear', quantity: 1 }],
    history: [
      ['confirmed', 0.02],
      ['packed', 20],
    ],
  },
  {
    status: 'confirmed',
    daysAgo: 1,
    method: 'cod',
    payment: 'cod',
    place: HOME,
    lines: [
      { category: 'plants', quantity: 1 },
      { category: 'planters', quantity: 1 },
    ],
    history: [],
  },
  {
    status: 'payment_failed',
    daysAgo: 0.5,
    method: 'sandbox',
    payment: 'failed',
    place: HOME,
    lines: [{ category: 'bottles', quantity: 2 }],
    history: [['payment_failed', 0.05, 'The bank declined the payment']],
  },
  {
    status: 'awaiting_payment',
    daysAgo: 0.01,
    method: 'sandbox',
    payment: 'pending',
    place: HOME,
    lines: [{ category: 'shirts', nth: 1, quantity: 1 }],
    history: [],
  },
];

interface Product {
  product_id: string;
  variant_id: string;
  slug: string;
  name: string;
  title: string;
  options: Record<string, string>;
  sku: string;
  price: number;
  image: string | null;
}

/** The `pick`ed variant priced in channel `channelId`. */
const pickedProduct = namedQuery<Product>()({
  name: 'seed.orders.product',
  columns: ['product_id', 'variant_id', 'slug', 'name', 'title', 'options', 'sku', 'price', 'image'],
  example: { channelId: 'ch_example', pick: { category: 'shirts', nth: 1, variant: 1, quantity: 1 } as Pick },
  build: ({ channelId, pick }: { channelId: string; pick: Pick }) =>
    sql`select p.id as product_id, v.id as variant_id, p.slug, p.name, v.title, v.options, vc.sku,
          vc.selling_price_minor as price, p.image_path as image
          from (select p.* from products p
                 where p.is_published
                   and exists (select 1 from product_categories pc join categories c on c.id = pc.category_id
                                where pc.product_id = p.id and c.slug = ${pick.category})
                 order by p.id offset ${pick.nth ?? 0} limit 1) p
          join variants v on v.product_id = p.id
          join variant_channels vc on vc.variant_id = v.id and vc.channel_id = ${channelId}
         order by v.id offset ${pick.variant ?? 0} limit 1`,
});

const demoCustomer = namedQuery<{ id: number; has_orders: boolean }>()({
  name: 'seed.orders.customer',
  columns: ['id', 'has_orders'],
  example: {},
  build: () =>
    sql`select id, exists (select 1 from orders o where o.customer_id = c.id) as has_orders
          from customers c where email = ${DEMO_CUSTOMER.email}`,
});

const indianStates = namedQuery<{
  code: string;
  state_id: number;
  state: string;
  country_id: number;
  country: string;
}>()({
  name: 'seed.orders.states',
  columns: ['code', 'state_id', 'state', 'country_id', 'country'],
  example: {},
  build: () =>
    sql`select s.code, s.id as state_id, s.name as state, c.id as country_id, c.name as country
          from states s join countries c on c.id = s.country_id where c.iso2 = 'IN'`,
});

const channelCurrency = namedQuery<{ currency: string }>()({
  name: 'seed.orders.channel-currency',
  columns: ['currency'],
  example: { channelId: 'ch_example' },
  build: ({ channelId }: { channelId: string }) =>
    sql`select currency_code as currency from channels where id = ${channelId}`,
});

/** An order line of product `p` with its amounts (minor units) and refunded / asked quantities. */
const insertItem = namedQuery<{ id: number }>()({
  name: 'seed.orders.item',
  columns: ['id'],
  example: {
    orderId: 'ord_example',
    p: {
      product_id: 'prd_example',
      variant_id: 'var_example',
      slug: 's',
      name: 'n',
      title: 't',
      options: {},
      sku: 'sku',
      price: 1,
      image: null,
      quantity: 1,
    } as Product & { quantity: number },
    discount: 0,
    total: 1,
    tax: 0,
    refunded: 0,
    requested: 0,
  },
  build: (x: {
    orderId: string;
    p: Product & { quantity: number };
    discount: number;
    total: number;
    tax: number;
    refunded: number;
    requested: number;
  }) =>
    sql`insert into order_items (order_id, product_id, variant_id, slug, name, variant_title, options, sku, image,
          quantity, unit_price_minor, discount_minor, total_minor, tax_minor, refunded_quantity, refund_requested_quantity)
        values (${x.orderId}, ${x.p.product_id}, ${x.p.variant_id}, ${x.p.slug}, ${x.p.name}, ${x.p.title},
          ${JSON.stringify(x.p.options)}::jsonb, ${x.p.sku ?? ''}, ${x.p.image}, ${x.p.quantity}, ${x.p.price},
          ${x.discount}, ${x.total}, ${x.tax}, ${x.refunded}, ${x.requested})
        returning id`,
});

const insertShipment = namedQuery<{ id: number }>()({
  name: 'seed.orders.shipment',
  columns: ['id'],
  example: {
    orderId: 'ord_example',
    carrier: 'c',
    waybill: 'w',
    url: null as string | null,
    at: '2026-01-01T00:00:00.000Z',
  },
  build: (s: { orderId: string; carrier: string; waybill: string; url: string | null; at: string }) =>
    sql`insert into shipments (order_id, carrier, waybill, tracking_url, created_at)
        values (${s.orderId}, ${s.carrier}, ${s.waybill}, ${s.url}, ${s.at}) returning id`,
});

async function productFor(tx: Db, channelId: string, pick: Pick): Promise<Product> {
  const [row] = await pickedProduct(tx, { channelId, pick });
  if (!row) throw new Error(`seedDemoOrders: no product in ${pick.category}`);
  return row;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Seeds the demo customer's orders (see above); the catalog, shipping and customer must be seeded. */
export async function seedDemoOrders(tx: Db, channelId: string): Promise<number> {
  const [customer] = await demoCustomer(tx, {});
  if (!customer || customer.has_orders) return 0;
  const states = await indianStates(tx, {});
  const [channel] = await channelCurrency(tx, { channelId });
  const currency = channel!.currency;
  const now = Date.now();

  for (const spec of DEMO_ORDERS) {
    const placedAt = now - spec.daysAgo * DAY;
    const at = (hours: number) => iso(placedAt + hours * HOUR);
    const stateOf = (code: Place['state']) => states.find((s) => s.code === code)!;
    const address = (type: 'Shipping' | 'Billing'): Address => {
      const place = type === 'Billing' ? HOME : spec.place;
      const st = stateOf(place.state);
      return {
        id: 0,
        address_id: 0,
        default: false,
        address_type: type,
        first_name: DEMO_CUSTOMER.firstName,
        last_name: DEMO_CUSTOMER.lastName,
        phone: DEMO_CUSTOMER.phone,
        email: DEMO_CUSTOMER.email,
        address_line_1: place.line1,
        address_line_2: place.line2 ?? null,
        landmark: place.landmark ?? null,
        city: place.city,
        postcode: place.postcode,
        country_id: st.country_id,
        state_id: st.state_id,
        country: { id: st.country_id, name: st.country },
        state: { id: st.state_id, name: st.state },
      };
    };

    const products = [];
    for (const pick of spec.lines)
      products.push({ ...(await productFor(tx, channelId, pick)), quantity: pick.quantity });
    const gross = products.map((p) => p.price * p.quantity);
    const subtotal = gross.reduce((a, b) => a + b, 0);
    const discount = Math.min(spec.coupon?.amountMinor ?? 0, subtotal);
    const lineDiscounts = discount ? allocateMinor(discount, gross) : gross.map(() => 0);
    const goods = subtotal - discount;
    const method = spec.shipping ?? STANDARD;
    const shippingMinor = method === STANDARD && goods >= FREE_SHIPPING_FROM ? 0 : method.price_minor;
    const codFee = spec.method === 'cod' ? COD_FEE : 0;
    const grand = goods + shippingMinor + codFee;
    const refundLine = spec.refund ? products[spec.refund.line]! : null;
    const refundAmount =
      spec.refund && refundLine
        ? allocateMinor(gross[spec.refund.line]! - lineDiscounts[spec.refund.line]!, [
            spec.refund.quantity,
            refundLine.quantity - spec.refund.quantity,
          ])[0]!
        : 0;
    const refunded =
      spec.status === 'cancelled' && spec.payment === 'refunded'
        ? grand
        : spec.refund?.status === 'refunded'
          ? refundAmount
          : 0;
    const paid = spec.payment === 'paid' || spec.payment === 'refunded' || spec.payment === 'refund_pending';
    const paidAt =
      spec.method === 'sandbox' && paid
        ? at(0.02)
        : spec.method === 'cod' && paid
          ? at(spec.history.find(([s]) => s === 'delivered')?.[1] ?? 0)
          : null;

    const id = `ord_${randomBytes(16).toString('base64url')}`;
    const cartId = `cart_${randomBytes(12).toString('base64url')}`;
    const lastChange = spec.history.at(-1)?.[1] ?? 0;
    await queryRows(
      tx,
      sql`insert into carts (id, customer_id, channel_id, status, created_at, updated_at)
          values (${cartId}, ${customer.id}, ${channelId}, 'ordered', ${at(-0.5)}, ${at(0)})`,
    );
    await queryRows(
      tx,
      sql`insert into orders (id, order_no, cart_id, customer_id, channel_id, currency, status, payment_status,
            payment_method_code, email, phone, shipping_address, billing_address, shipping, note, coupon_code,
            subtotal_minor, discount_minor, shipping_minor, cod_fee_minor, tax_rate_percent, tax_minor, grand_total_minor,
            refunded_minor, stock_reserved, reserved_until, tracking_token_hash, paid_at, rating, rating_comment, rated_at,
            google_gtag_event_tracked, google_gtm_event_tracked, facebook_pixel_event_tracked, created_at, updated_at)
          values (${id}, 'SF-' || nextval('order_number_seq'), ${cartId}, ${customer.id}, ${channelId}, ${currency},
            ${spec.status}, ${spec.payment}, ${spec.method}, ${DEMO_CUSTOMER.email}, ${DEMO_CUSTOMER.phone},
            ${JSON.stringify(address('Shipping'))}::jsonb, ${JSON.stringify(address('Billing'))}::jsonb,
            ${JSON.stringify(method)}::jsonb, ${spec.note ?? null}, ${spec.coupon?.code ?? null},
            ${subtotal}, ${discount}, ${shippingMinor}, ${codFee}, ${TAX_RATE}, ${includedTax(grand, TAX_RATE)}, ${grand},
            ${refunded}, false, null, ${await trackingHashFor(tx, id)}, ${paidAt},
            ${spec.rating?.[0] ?? null}, ${spec.rating?.[1] ?? null}, ${spec.rating ? at(lastChange + 2) : null},
            ${spec.status !== 'awaiting_payment' && spec.status !== 'payment_failed'},
            ${spec.status !== 'awaiting_payment' && spec.status !== 'payment_failed'},
            ${spec.status !== 'awaiting_payment' && spec.status !== 'payment_failed'},
            ${at(0)}, ${at(lastChange)})`,
    );
    const itemIds: number[] = [];
    for (const [i, p] of products.entries()) {
      const total = gross[i]! - lineDiscounts[i]!;
      const isRefundLine = spec.refund?.line === i;
      const [item] = await insertItem(tx, {
        orderId: id,
        p,
        discount: lineDiscounts[i]!,
        total,
        tax: includedTax(total, TAX_RATE),
        refunded: isRefundLine && spec.refund!.status === 'refunded' ? spec.refund!.quantity : 0,
        requested: isRefundLine ? spec.refund!.quantity : 0,
      });
      itemIds.push(item!.id);
    }

    // History: placed (awaiting payment online, else confirmed), then each change; all already told.
    const first: OrderStatus = spec.method === 'sandbox' ? 'awaiting_payment' : 'confirmed';
    const events: [OrderStatus | null, OrderStatus, string, string | null, string][] = [];
    let prev: OrderStatus | null = null;
    for (const [status, hours, note] of [[first, 0] as [OrderStatus, number], ...spec.history]) {
      const actor =
        status === first && prev === null
          ? 'shopper'
          : status === 'confirmed' || status === 'payment_failed'
            ? 'gateway'
            : status === 'cancelled' || status === 'refund_requested'
              ? 'shopper'
              : 'staff';
      events.push([prev, status, actor, note ?? null, at(hours)]);
      prev = status;
    }
    for (const [from, to, actor, note, when] of events) {
      await queryRows(
        tx,
        sql`insert into order_events (order_id, from_status, to_status, actor, note, notified_at, created_at)
            values (${id}, ${from}, ${to}, ${actor}, ${note}, ${to === 'awaiting_payment' ? null : when}, ${when})`,
      );
    }

    if (spec.method === 'sandbox') {
      const paymentStatus =
        spec.payment === 'failed'
          ? 'failed'
          : spec.payment === 'pending'
            ? 'created'
            : spec.status === 'cancelled'
              ? 'refunded'
              : 'paid';
      const paymentId = `pay_${randomBytes(12).toString('base64url')}`;
      await queryRows(
        tx,
        sql`insert into payments (id, order_id, provider, provider_ref, provider_payment_id, amount_minor, currency, status,
              refunded_minor, failure_reason, created_at, updated_at)
            values (${paymentId}, ${id}, 'sandbox', ${`sbx_${randomBytes(10).toString('hex')}`},
              ${paymentStatus === 'paid' || paymentStatus === 'refunded' ? `sbx_pay_${randomBytes(8).toString('hex')}` : null},
              ${grand}, ${currency}, ${paymentStatus}, ${refunded},
              ${paymentStatus === 'failed' ? 'The bank declined the payment' : null}, ${at(0)}, ${at(0.05)})`,
      );
      // As markPaid records it: the payment that paid the order is the one its refunds come from.
      if (paymentStatus === 'paid' || paymentStatus === 'refunded') {
        await queryRows(tx, sql`update orders set paid_payment_id = ${paymentId} where id = ${id}`);
      }
    }

    if (spec.shipment) {
      const s = spec.shipment;
      const [shipment] = await insertShipment(tx, {
        orderId: id,
        carrier: s.carrier,
        waybill: s.waybill,
        url: s.url ?? null,
        at: at(s.shippedAfterHours),
      });
      for (const scan of s.scans) {
        await queryRows(
          tx,
          sql`insert into shipment_scans (shipment_id, scanned_at, location, status, description)
              values (${shipment!.id}, ${at(s.shippedAfterHours + scan.after)}, ${scan.location}, ${scan.status}, ${scan.description})`,
        );
      }
    }

    if (spec.refund) {
      const r = spec.refund;
      await queryRows(
        tx,
        sql`insert into refund_requests (order_id, order_item_id, quantity, reason, status, amount_minor, created_at, updated_at)
            values (${id}, ${itemIds[r.line]!}, ${r.quantity}, ${r.reason}, ${r.status}, ${refundAmount},
              ${at(r.afterHours)}, ${at(r.status === 'refunded' ? lastChange : r.afterHours)})`,
      );
    }
  }
  // As place-order counts them: every order placed (the first-order coupon no longer applies).
  await queryRows(
    tx,
    sql`update customers set orders_count = orders_count + ${DEMO_ORDERS.length} where id = ${customer.id}`,
  );
  return DEMO_ORDERS.length;
}
