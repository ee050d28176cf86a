import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import { PAYMENT_STATUS_LABELS, money, refundedLabel, type Address, type OrderDetail } from '@shopfront/shared';

/**
 * The order's invoice as a PDF (pdfkit). Prices include tax: the invoice shows the tax each line
 * and the order contain at the order's rate. The text is set in Noto Sans, embedded (only the
 * glyphs used): Latin, Greek, Cyrillic, Devanagari and the rupee sign, so names and amounts
 * print as the shopper typed and saw them. Other scripts (Tamil, Bengali…) show the font's
 * missing-glyph box.
 */
export interface InvoiceShop {
  name: string;
  address: string;
  email: string;
  phone: string;
}

export interface InvoiceInput {
  shop: InvoiceShop;
  order: OrderDetail;
  taxRatePercent: number;
  /** Per line (order item id): the tax its total contains. */
  lineTax: Map<number, number>;
}

const require = createRequire(import.meta.url);

/** A Noto Sans face, parsed once per process. */
function face(file: string): Font {
  const font = create(readFileSync(require.resolve(`@expo-google-fonts/noto-sans/${file}`)));
  if (!('layout' in font)) throw new Error(`${file} is a font collection, not a font`);
  return font;
}
let fonts: { regular: Font; bold: Font } | undefined;
/**
 * The two faces, shared by every invoice: pdfkit accepts a parsed fontkit font and subsets it per
 * document, so the layout tables are read once (~7 ms an invoice instead of ~80 ms).
 */
function invoiceFonts() {
  fonts ??= { regular: face('400Regular/NotoSans_400Regular.ttf'), bold: face('700Bold/NotoSans_700Bold.ttf') };
  return fonts;
}
/** pdfkit's types list file sources only; it takes a parsed fontkit font as well (PDFFontFactory.open). */
const asFontSource = (font: Font) => font as unknown as Uint8Array;
export const REGULAR = 'NotoSans';
export const BOLD = 'NotoSans-Bold';

/** Text as drawn: composed (NFC), without control characters other than line breaks. */
// eslint-disable-next-line no-control-regex
export const printable = (s: string) => s.normalize('NFC').replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, '');

export function addressLines(a: Address): string[] {
  return [
    `${a.first_name} ${a.last_name}`.trim(),
    a.address_line_1,
    a.address_line_2,
    a.landmark,
    `${a.city} ${a.postcode}`.trim(),
    [a.state?.name, a.country?.name].filter(Boolean).join(', '),
    a.phone ? `Phone: ${a.phone}` : null,
    a.email ? `E-mail: ${a.email}` : null,
  ].filter((l): l is string => Boolean(l && l.trim()));
}

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A new A4 PDF with the invoice faces registered, and the promise of its bytes once ended. */
export function newOrderPdf(info: { Title: string; Author: string; Subject?: string }): {
  doc: PDFKit.PDFDocument;
  done: Promise<Buffer>;
} {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { ...info, Author: printable(info.Author) } });
  const faces = invoiceFonts();
  doc.registerFont(REGULAR, asFontSource(faces.regular));
  doc.registerFont(BOLD, asFontSource(faces.bold));
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** Renders the invoice. */
export function renderInvoice(input: InvoiceInput): Promise<Buffer> {
  const { order, shop } = input;
  const { doc, done } = newOrderPdf({
    Title: `Invoice ${order.order_no}`,
    Author: shop.name,
    Subject: `Order ${order.order_no}`,
  });
  drawInvoice(doc, input);
  doc.end();
  return done;
}

/** Draws the invoice from the top of the current page (a new page for each order of a batch). */
export function drawInvoice(doc: PDFKit.PDFDocument, input: InvoiceInput): void {
  const { order, shop } = input;
  const cur = order.currency;
  /** As the shop shows amounts everywhere: ₹1,299.00. */
  const amt = (n: number) => money(n, cur).formatted;
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;
  const bottom = doc.page.height - doc.page.margins.bottom;
  const text = (s: string, x: number, y: number, w: number, align: 'left' | 'right' = 'left') =>
    doc.text(printable(s), x, y, { width: w, align, lineBreak: true });

  // Shop and invoice heading.
  doc.font(BOLD).fontSize(18);
  text(shop.name || 'Invoice', left, 50, width / 2);
  doc.font(REGULAR).fontSize(9);
  const shopLines = [shop.address, shop.email, shop.phone].filter(Boolean).join('\n');
  text(shopLines, left, doc.y + 4, width / 2);
  const shopBottom = doc.y;
  doc.font(BOLD).fontSize(16);
  text('TAX INVOICE', left + width / 2, 50, width / 2, 'right');
  doc.font(REGULAR).fontSize(9);
  text(
    `Order no: ${order.order_no}\nDate: ${dateOf(order.created_at)}\nPayment: ${order.payment_method.name} (${PAYMENT_STATUS_LABELS[order.payment_status]})\nStatus: ${order.status_label}`,
    left + width / 2,
    doc.y + 4,
    width / 2,
    'right',
  );
  let y = Math.max(shopBottom, doc.y) + 20;

  // Addresses.
  doc.font(BOLD).fontSize(10);
  text('Billed to', left, y, width / 2 - 10);
  text('Shipped to', left + width / 2, y, width / 2);
  doc.font(REGULAR).fontSize(9);
  text(addressLines(order.billing_address).join('\n'), left, y + 14, width / 2 - 10);
  const billBottom = doc.y;
  text(addressLines(order.shipping_address).join('\n'), left + width / 2, y + 14, width / 2);
  y = Math.max(billBottom, doc.y) + 20;

  // Lines.
  const cols = [
    { title: 'Item', w: 0.38, align: 'left' as const },
    { title: 'Qty', w: 0.07, align: 'right' as const },
    { title: 'Unit price', w: 0.14, align: 'right' as const },
    { title: 'Discount', w: 0.13, align: 'right' as const },
    { title: 'Tax incl.', w: 0.13, align: 'right' as const },
    { title: 'Total', w: 0.15, align: 'right' as const },
  ];
  const row = (cells: string[], yy: number, bold = false) => {
    doc.font(bold ? BOLD : REGULAR).fontSize(9);
    let x = left;
    let lowest = yy;
    cells.forEach((c, i) => {
      const col = cols[i]!;
      const w = col.w * width;
      text(c, x + (i === 0 ? 0 : 4), yy, w - (i === 0 ? 4 : 4), col.align);
      lowest = Math.max(lowest, doc.y);
      x += w;
    });
    return lowest;
  };
  const header = (yy: number) => {
    const end = row(
      cols.map((c) => c.title),
      yy,
      true,
    );
    doc
      .moveTo(left, end + 3)
      .lineTo(right, end + 3)
      .lineWidth(0.5)
      .stroke();
    return end + 8;
  };
  y = header(y);
  for (const item of order.productchannel) {
    if (y > bottom - 60) {
      doc.addPage();
      y = header(doc.page.margins.top);
    }
    const name = [item.product.name, item.variant_title, item.sku ? `SKU ${item.sku}` : ''].filter(Boolean).join('\n');
    y =
      row(
        [
          name,
          String(item.quantity),
          amt(item.unit_price.amount),
          item.discount.amount ? `-${amt(item.discount.amount)}` : '-',
          amt(input.lineTax.get(item.id) ?? 0),
          amt(item.total.amount),
        ],
        y,
      ) + 6;
  }
  doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).stroke();
  y += 10;

  // Totals.
  const t = order.totals;
  const totals: [string, string, boolean?][] = [
    ['Subtotal', amt(t.subtotal.amount)],
    ...(t.coupon_discount.amount
      ? [
          [`Coupon${order.coupon_code ? ` (${order.coupon_code})` : ''}`, `-${amt(t.coupon_discount.amount)}`] as [
            string,
            string,
          ],
        ]
      : []),
    [`Shipping (${order.shipping_method.name})`, t.shipping.amount ? amt(t.shipping.amount) : 'Free'],
    ...(t.cod_fee.amount ? [['Cash on Delivery fee', amt(t.cod_fee.amount)] as [string, string]] : []),
    ['Grand total', amt(t.grand_total.amount), true],
    [`Tax included (GST ${input.taxRatePercent}%)`, amt(t.tax_included.amount)],
    ...(t.refunded.amount ? [[refundedLabel(order), `-${amt(t.refunded.amount)}`] as [string, string]] : []),
  ];
  if (y > bottom - totals.length * 16 - 40) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  for (const [label, value, bold] of totals) {
    doc.font(bold ? BOLD : REGULAR).fontSize(bold ? 11 : 9);
    text(label, left + width * 0.45, y, width * 0.35, 'right');
    text(value, left + width * 0.8, y, width * 0.2, 'right');
    y = doc.y + 4;
  }
  doc.font(REGULAR).fontSize(8);
  text(
    `All prices include GST at ${input.taxRatePercent}%. The tax shown is the part of each amount that is tax.`,
    left,
    y + 16,
    width,
  );
}
