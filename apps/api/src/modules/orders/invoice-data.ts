import { sql } from 'drizzle-orm';
import { GST_STATE_CODES } from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { readTaxSeller } from '../admin/tax/service.ts';
import { getStoreSettings } from '../settings/service.ts';
import type { InvoiceInput, InvoiceLineTax, InvoiceShop } from './invoice.ts';
import { assignInvoiceNumber } from './invoice-number.ts';
import type { loadInvoiceData } from './view.ts';

/**
 * Per line: its HSN code (as ordered, else the product's now), its GST rate (as ordered; lines
 * placed before rates per class carry the order's one) and the tax its total contains.
 */
async function loadLineTaxes(db: Db, orderId: string, orderRate: number): Promise<Map<number, InvoiceLineTax>> {
  const rows = await queryRows<{ id: number; hsn: string | null; rate: number | null; tax: number }>(
    db,
    sql`select oi.id, coalesce(nullif(oi.hsn_code, ''), nullif(p.hsn_code, '')) as hsn, oi.tax_rate_percent as rate,
               oi.tax_minor as tax
          from order_items oi left join products p on p.id = oi.product_id
         where oi.order_id = ${orderId} order by oi.id`,
  );
  return new Map(rows.map((r) => [r.id, { hsn: r.hsn, ratePercent: r.rate ?? orderRate, tax: r.tax }]));
}

/** The shop's state code as the seller: the invoice setting's, else the store's state ('KA'). */
const sellerStateOf = (sellerState: string, storeState: string | undefined) => sellerState || storeState || '';

type InvoiceData = NonNullable<Awaited<ReturnType<typeof loadInvoiceData>>>;

/**
 * What the tax invoice of a confirmed order prints (the caller checked access and status):
 * numbered on its first issue (invoice-number.ts), the seller, the place of supply (the shipping
 * address's state, deciding CGST + SGST or IGST) and each line's HSN and tax.
 */
export async function invoiceInput(db: Db, data: InvoiceData, at: Date = new Date()): Promise<InvoiceInput> {
  const orderId = data.order.id;
  const [numbered, lines, place, seller, s] = await Promise.all([
    assignInvoiceNumber(db, orderId, at),
    loadLineTaxes(db, orderId, data.taxRatePercent),
    queryRows<{ code: string; name: string }>(
      db,
      sql`select s.code, s.name from orders o
            join states s on s.id = nullif(o.shipping_address->>'state_id', '')::int
            join countries c on c.id = s.country_id and c.iso2 = 'IN'
           where o.id = ${orderId}`,
    ),
    readTaxSeller(db),
    getStoreSettings(db, ['store_name', 'store_address', 'store_email', 'store_phone', 'store_state']),
  ]);
  const shop: InvoiceShop = {
    name: s.store_name ?? '',
    address: s.store_address ?? '',
    email: s.store_email ?? '',
    phone: s.store_phone ?? '',
  };
  const sellerState = sellerStateOf(seller.state_code, s.store_state);
  const supply = place[0] ?? null;
  return {
    ...data,
    shop,
    seller: seller.gstin ? seller : null,
    invoice: { no: numbered!.invoiceNo, issuedAt: numbered!.issuedAt },
    lines,
    placeOfSupply: supply ? { name: supply.name, gst: GST_STATE_CODES[supply.code] ?? null } : null,
    intraState: supply !== null && supply.code === sellerState,
    customerGstin: null,
  };
}
