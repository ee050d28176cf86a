import type { OrderDetail } from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http.ts';
import {
  BOLD,
  REGULAR,
  addressLines,
  drawInvoice,
  newOrderPdf,
  printable,
  printedDate,
  type InvoiceInput,
  type InvoiceShop,
} from './invoice.ts';
import { loadInvoiceData } from './view.ts';
import { invoiceInput, invoiceRefusal, loadInvoiceIssuer } from './invoice-data.ts';

/**
 * The owner's printouts for the orders picked in the inbox: their invoices (invoice.ts, one
 * after the other) or packing slips, as one PDF, each order starting on a new page, in the order
 * asked. An invoice is numbered on its first issue (invoice-number.ts). An unknown id is 404; an
 * invoice of an order never confirmed (awaiting its payment, or cancelled before it was paid) is
 * 409, as for the shopper. The shop and the seller are read once for the whole batch.
 */
export async function orderDocuments(
  db: Db,
  kind: 'invoice' | 'packing_slip',
  ids: readonly string[],
): Promise<Buffer> {
  const unique = [...new Set(ids)];
  const orders = [];
  for (const id of unique) {
    const data = await loadInvoiceData(db, id);
    if (!data) throw new HttpError(404, `Order not found: ${id}`);
    const refusal = kind === 'invoice' ? await invoiceRefusal(db, data.order) : null;
    if (refusal) throw new HttpError(409, `${data.order.order_no}: ${refusal}`);
    orders.push(data);
  }
  const issuer = await loadInvoiceIssuer(db);
  const { shop } = issuer;
  // Numbered only once every order asked for is known and confirmed, one after the other in the order asked.
  const invoices: InvoiceInput[] = [];
  if (kind === 'invoice') for (const data of orders) invoices.push(await invoiceInput(db, data, { issuer }));
  const title = kind === 'invoice' ? 'Invoices' : 'Packing slips';
  const { doc, done } = newOrderPdf({
    Title: `${title}: ${orders.map((o) => o.order.order_no).join(', ')}`,
    Author: shop.name,
  });
  orders.forEach((data, i) => {
    if (i > 0) doc.addPage();
    if (kind === 'invoice') drawInvoice(doc, invoices[i]!);
    else drawPackingSlip(doc, shop, data.order);
  });
  doc.end();
  return done;
}

/** A packing slip: who it goes to, and each line with its quantity and a box to tick (no prices). */
function drawPackingSlip(doc: PDFKit.PDFDocument, shop: InvoiceShop, order: OrderDetail): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const bottom = doc.page.height - doc.page.margins.bottom;
  const text = (s: string, x: number, y: number, w: number, align: 'left' | 'right' = 'left') =>
    doc.text(printable(s), x, y, { width: w, align });

  doc.font(BOLD).fontSize(16);
  text(shop.name || 'Packing slip', left, 50, width / 2);
  text('PACKING SLIP', left + width / 2, 50, width / 2, 'right');
  doc.font(REGULAR).fontSize(10);
  text(
    `Order ${order.order_no}\n${printedDate(order.created_at)}\n${order.shipping_method.name}`,
    left + width / 2,
    doc.y + 4,
    width / 2,
    'right',
  );
  let y = doc.y + 16;
  doc.font(BOLD).fontSize(11);
  text('Ship to', left, y, width);
  doc.font(REGULAR).fontSize(11);
  text(addressLines(order.shipping_address).join('\n'), left, y + 16, width / 2);
  y = doc.y + 20;

  const header = (yy: number) => {
    doc.font(BOLD).fontSize(10);
    text('Item', left + 24, yy, width * 0.6);
    text('SKU', left + width * 0.65, yy, width * 0.2);
    text('Qty', left + width * 0.85, yy, width * 0.15, 'right');
    doc
      .moveTo(left, doc.y + 3)
      .lineTo(left + width, doc.y + 3)
      .lineWidth(0.5)
      .stroke();
    return doc.y + 8;
  };
  y = header(y);
  for (const item of order.productchannel) {
    if (y > bottom - 40) {
      doc.addPage();
      y = header(doc.page.margins.top);
    }
    doc.rect(left, y, 12, 12).lineWidth(0.8).stroke();
    doc.font(REGULAR).fontSize(10);
    const name = [item.product.name, item.variant_title, item.additonal_data?.custom_text ?? '']
      .filter(Boolean)
      .join('\n');
    text(name, left + 24, y, width * 0.6);
    const lowest = doc.y;
    text(item.sku || '-', left + width * 0.65, y, width * 0.2);
    doc.font(BOLD);
    text(String(item.quantity), left + width * 0.85, y, width * 0.15, 'right');
    y = Math.max(lowest, doc.y) + 8;
  }
  if (order.note) {
    doc.font(BOLD).fontSize(10);
    text('Note from the customer', left, y + 8, width);
    doc.font(REGULAR);
    text(order.note, left, doc.y + 2, width);
  }
}
