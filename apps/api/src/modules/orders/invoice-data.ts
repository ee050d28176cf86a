import { sql } from 'drizzle-orm';
import {
  GST_STATE_CODES,
  isUnpaid,
  orderMessages,
  wasConfirmed,
  type OrderDetail,
  type OrderStatus,
} from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { readTaxSeller } from '../admin/tax/service.ts';
import { getStoreSettings } from '../settings/service.ts';
import type { InvoiceInput, InvoiceLineTax, InvoiceSeller, InvoiceShop } from './invoice.ts';
import { assignInvoiceNumber } from './invoice-number.ts';
import type { loadInvoiceData } from './view.ts';

/** Each line's HSN code, GST rate as ordered and tax. */
const lineTaxRows = namedQuery<{ id: number; hsn: string | null; rate: number | null; tax: number }>()({
  name: 'orders.invoice.line-taxes',
  columns: ['id', 'hsn', 'rate', 'tax'],
  example: { orderId: 'o_example' },
  build: (p: { orderId: string }) =>
    sql`select oi.id, coalesce(nullif(oi.hsn_code, ''), nullif(p.hsn_code, '')) as hsn, oi.tax_rate_percent as rate,
               oi.tax_minor as tax
          from order_items oi left join products p on p.id = oi.product_id
         where oi.order_id = ${p.orderId} order by oi.id`,
});

/**
 * Per line: its HSN code (as ordered, else the product's now), its GST rate (as ordered; lines
 * placed before rates per class carry the order's one) and the tax its total contains.
 */
async function loadLineTaxes(db: Db, orderId: string, orderRate: number): Promise<Map<number, InvoiceLineTax>> {
  const rows = await lineTaxRows(db, { orderId });
  return new Map(rows.map((r) => [r.id, { hsn: r.hsn, ratePercent: r.rate ?? orderRate, tax: r.tax }]));
}

type InvoiceData = NonNullable<Awaited<ReturnType<typeof loadInvoiceData>>>;

/** Who issues the invoices: the shop, the seller registered for GST (null until saved) and its state code. */
export interface InvoiceIssuer {
  shop: InvoiceShop;
  seller: InvoiceSeller | null;
  sellerState: string;
}

/** The issuer as the settings say now: read once for a batch of invoices. */
export async function loadInvoiceIssuer(db: Db): Promise<InvoiceIssuer> {
  const [seller, s] = await Promise.all([
    readTaxSeller(db),
    getStoreSettings(db, ['store_name', 'store_address', 'store_email', 'store_phone', 'store_state']),
  ]);
  return {
    shop: {
      name: s.store_name ?? '',
      address: s.store_address ?? '',
      email: s.store_email ?? '',
      phone: s.store_phone ?? '',
    },
    seller: seller.gstin ? seller : null,
    // The seller's state: the tax setting's, else the store's ('KA').
    sellerState: seller.state_code || s.store_state || '',
  };
}

/** The state the order was cancelled from. */
const cancelledFrom = namedQuery<{ from: OrderStatus | null }>()({
  name: 'orders.invoice.cancelled-from',
  columns: ['from'],
  example: { orderId: 'o_example' },
  build: (p: { orderId: string }) =>
    sql`select from_status as "from" from order_events
         where order_id = ${p.orderId} and to_status = 'cancelled' order by id desc limit 1`,
});

/**
 * Why the order has no tax invoice (the message of a 409), null when it has one: only an order
 * that was confirmed (paid, or placed with Cash on Delivery; wasConfirmed) is invoiced.
 */
export async function invoiceRefusal(db: Db, order: OrderDetail): Promise<string | null> {
  if (isUnpaid(order.status)) return orderMessages.invoiceNotYet;
  if (order.status !== 'cancelled') return null;
  const [cancelled] = await cancelledFrom(db, { orderId: order.id });
  return wasConfirmed(order.status, cancelled?.from ?? null) ? null : orderMessages.invoiceNever;
}

/** The Indian state the order ships to (its place of supply), if it names one. */
const placeOfSupply = namedQuery<{ code: string; name: string }>()({
  name: 'orders.invoice.place-of-supply',
  columns: ['code', 'name'],
  example: { orderId: 'o_example' },
  build: (p: { orderId: string }) =>
    sql`select s.code, s.name from orders o
          join states s on s.id = nullif(o.shipping_address->>'state_id', '')::int
          join countries c on c.id = s.country_id and c.iso2 = 'IN'
         where o.id = ${p.orderId}`,
});

/**
 * What the tax invoice of a confirmed order prints (the caller checked access and invoiceRefusal):
 * numbered on its first issue (invoice-number.ts), the issuer (`issuer`, else read now), the place
 * of supply (the shipping address's state, deciding CGST + SGST or IGST) and each line's HSN and tax.
 */
export async function invoiceInput(
  db: Db,
  data: InvoiceData,
  opts: { at?: Date; issuer?: InvoiceIssuer } = {},
): Promise<InvoiceInput> {
  const orderId = data.order.id;
  const [numbered, lines, place, issuer] = await Promise.all([
    assignInvoiceNumber(db, orderId, opts.at ?? new Date()),
    loadLineTaxes(db, orderId, data.taxRatePercent),
    placeOfSupply(db, { orderId }),
    opts.issuer ?? loadInvoiceIssuer(db),
  ]);
  const supply = place[0] ?? null;
  return {
    ...data,
    shop: issuer.shop,
    seller: issuer.seller,
    invoice: { no: numbered!.invoiceNo, issuedAt: numbered!.issuedAt },
    lines,
    placeOfSupply: supply ? { name: supply.name, gst: GST_STATE_CODES[supply.code] ?? null } : null,
    intraState: supply !== null && supply.code === issuer.sellerState,
  };
}
