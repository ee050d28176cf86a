import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import {
  GST_STATE_CODES,
  GST_TIME_ZONE,
  PAYMENT_STATUS_LABELS,
  includedTax,
  money,
  refundedLabel,
  type Address,
  type OrderDetail,
  type OrderItem,
} from '@shopfront/shared';

/**
 * The order's tax invoice as a PDF (pdfkit), as India's GST rules ask: the seller's legal name,
 * GSTIN and registered address with its state; the buyer's business name and GSTIN when given at
 * checkout (issue 26); the invoice's own number and date; the place of
 * supply (the shipping address's state); per line the HSN code, the taxable value and the tax,
 * as CGST + SGST (half each) when the place of supply is the seller's state, else IGST; totals per
 * tax. Prices include tax: each line's tax is the part of its total that is tax, at its rate. The text is set in Noto Sans, embedded (only the
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

/** The seller as registered for GST (the Tax settings); null until the owner saves it. */
export interface InvoiceSeller {
  legal_name: string;
  gstin: string;
  address: string;
  state_code: string;
  state_name: string;
}

export interface InvoiceLineTax {
  hsn: string | null;
  ratePercent: number;
  /** The tax the line's total contains (minor units). */
  tax: number;
}

export interface InvoiceInput {
  shop: InvoiceShop;
  seller: InvoiceSeller | null;
  order: OrderDetail;
  /** The order's rate: that of shipping and the Cash on Delivery fee. */
  taxRatePercent: number;
  invoice: { no: string; issuedAt: string };
  /** Per line (order item id). */
  lines: Map<number, InvoiceLineTax>;
  placeOfSupply: { name: string; gst: string | null } | null;
  /** CGST + SGST (the place of supply is the seller's state), else IGST. */
  intraState: boolean;
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

/** A date as India has it ("1 April 2031"): the day the invoice number's financial year counts (financialYear). */
export const printedDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: GST_TIME_ZONE,
  });

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
    Title: `Tax invoice ${input.invoice.no}`,
    Author: input.seller?.legal_name || shop.name,
    Subject: `Order ${order.order_no}`,
  });
  drawInvoice(doc, input);
  doc.end();
  return done;
}

/** The line's name as bought: the product's title, and its option values when it has variants (never "Default"). */
export function lineName(item: Pick<OrderItem, 'product' | 'options' | 'variant_title'>): string {
  const values = Object.values(item.options ?? {}).filter(Boolean);
  const variant = values.length
    ? values.join(' / ')
    : /^default( title)?$/i.test(item.variant_title.trim())
      ? ''
      : item.variant_title;
  return [item.product.name, variant].filter(Boolean).join(' – ');
}

/** CGST and SGST of a tax: half each, the odd paisa on CGST. */
export const splitTax = (tax: number): [cgst: number, sgst: number] => [tax - Math.floor(tax / 2), Math.floor(tax / 2)];

interface Row {
  name: string;
  detail: string;
  hsn: string;
  qty: string;
  taxable: number;
  rate: number;
  tax: number;
  total: number;
}

/** The invoice's rows: the order's lines, then shipping and the Cash on Delivery fee (at the order's rate). */
function invoiceRows(input: InvoiceInput, amt: (n: number) => string): Row[] {
  const { order } = input;
  const rows: Row[] = order.productchannel.map((item) => {
    const t = input.lines.get(item.id) ?? { hsn: null, ratePercent: input.taxRatePercent, tax: 0 };
    const detail = [
      `${amt(item.unit_price.amount)} each`,
      item.discount.amount ? `discount -${amt(item.discount.amount)}` : '',
      item.sku ? `SKU ${item.sku}` : '',
    ]
      .filter(Boolean)
      .join(' · ');
    return {
      name: lineName(item),
      detail,
      hsn: t.hsn ?? '-',
      qty: String(item.quantity),
      taxable: item.total.amount - t.tax,
      rate: t.ratePercent,
      tax: t.tax,
      total: item.total.amount,
    };
  });
  const charge = (name: string, total: number) => {
    const tax = includedTax(total, input.taxRatePercent);
    rows.push({ name, detail: '', hsn: '-', qty: '', taxable: total - tax, rate: input.taxRatePercent, tax, total });
  };
  const t = order.totals;
  if (t.shipping.amount) charge(`Shipping (${order.shipping_method.name})`, t.shipping.amount);
  if (t.cod_fee.amount) charge('Cash on Delivery fee', t.cod_fee.amount);
  return rows;
}

/** Draws the invoice from the top of the current page (a new page for each order of a batch). */
export function drawInvoice(doc: PDFKit.PDFDocument, input: InvoiceInput): void {
  const { order, shop, seller } = input;
  const cur = order.currency;
  /** As the shop shows amounts everywhere: ₹1,299.00. */
  const amt = (n: number) => money(n, cur).formatted;
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;
  const bottom = doc.page.height - doc.page.margins.bottom;
  const text = (s: string, x: number, y: number, w: number, align: 'left' | 'right' = 'left') =>
    doc.text(printable(s), x, y, { width: w, align, lineBreak: true });
  const intra = input.intraState;

  // Seller and invoice heading.
  doc.font(BOLD).fontSize(15);
  text(seller?.legal_name || shop.name || 'Tax invoice', left, 50, width * 0.55);
  doc.font(REGULAR).fontSize(8.5);
  const sellerState = seller?.state_code
    ? `State: ${seller.state_name} (code ${GST_STATE_CODES[seller.state_code] ?? '-'})`
    : '';
  const sellerLines = [
    seller && shop.name && shop.name !== seller.legal_name ? `Trading as ${shop.name}` : '',
    seller?.address || shop.address,
    sellerState,
    seller ? `GSTIN: ${seller.gstin}` : '',
    [shop.email, shop.phone].filter(Boolean).join(' · '),
  ].filter(Boolean);
  text(sellerLines.join('\n'), left, doc.y + 3, width * 0.55);
  const sellerBottom = doc.y;
  doc.font(BOLD).fontSize(15);
  text('TAX INVOICE', left + width * 0.55, 50, width * 0.45, 'right');
  doc.font(REGULAR).fontSize(8.5);
  const place = input.placeOfSupply
    ? `${input.placeOfSupply.name}${input.placeOfSupply.gst ? ` (${input.placeOfSupply.gst})` : ''}`
    : (order.shipping_address.country?.name ?? '-');
  text(
    [
      `Invoice no: ${input.invoice.no}`,
      `Invoice date: ${printedDate(input.invoice.issuedAt)}`,
      `Order no: ${order.order_no} of ${printedDate(order.created_at)}`,
      `Payment: ${order.payment_method.name} (${PAYMENT_STATUS_LABELS[order.payment_status]})`,
      `Place of supply: ${place}`,
    ].join('\n'),
    left + width * 0.55,
    doc.y + 3,
    width * 0.45,
    'right',
  );
  let y = Math.max(sellerBottom, doc.y) + 16;

  // Addresses.
  doc.font(BOLD).fontSize(9.5);
  text('Billed to', left, y, width / 2 - 10);
  text('Shipped to', left + width / 2, y, width / 2);
  doc.font(REGULAR).fontSize(8.5);
  // A business buyer (its GSTIN given at checkout): its registered name heads the block, its GSTIN ends it.
  const billed = addressLines(order.billing_address);
  if (order.buyer_gstin) billed.unshift(order.buyer_business_name ?? '');
  if (order.buyer_gstin) billed.push(`Buyer GSTIN: ${order.buyer_gstin}`);
  text(billed.join('\n'), left, y + 13, width / 2 - 10);
  const billBottom = doc.y;
  text(addressLines(order.shipping_address).join('\n'), left + width / 2, y + 13, width / 2);
  y = Math.max(billBottom, doc.y) + 16;

  // Lines.
  type Col = { title: string; w: number; align: 'left' | 'right' };
  const cols: Col[] = [
    { title: 'Item', w: intra ? 0.27 : 0.33, align: 'left' },
    { title: 'HSN', w: 0.09, align: 'left' },
    { title: 'Qty', w: 0.05, align: 'right' },
    { title: 'Taxable value', w: 0.14, align: 'right' },
    { title: 'GST', w: 0.07, align: 'right' },
    ...(intra
      ? [
          { title: 'CGST', w: 0.12, align: 'right' as const },
          { title: 'SGST', w: 0.12, align: 'right' as const },
        ]
      : [{ title: 'IGST', w: 0.16, align: 'right' as const }]),
    { title: 'Total', w: intra ? 0.14 : 0.16, align: 'right' },
  ];
  const row = (cells: string[], yy: number, bold = false) => {
    let x = left;
    let lowest = yy;
    cells.forEach((c, i) => {
      const col = cols[i]!;
      const w = col.w * width;
      doc.font(bold ? BOLD : REGULAR).fontSize(8);
      if (i === 0 && !bold && c.includes('\n')) {
        const [name, ...rest] = c.split('\n');
        text(name!, x, yy, w - 4);
        doc.fontSize(7).fillColor('#555555');
        text(rest.join('\n'), x, doc.y, w - 4);
        doc.fillColor('black');
      } else text(c, x + (i === 0 ? 0 : 4), yy, w - 4, col.align);
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
  const rows = invoiceRows(input, amt);
  for (const r of rows) {
    if (y > bottom - 60) {
      doc.addPage();
      y = header(doc.page.margins.top);
    }
    const [cgst, sgst] = splitTax(r.tax);
    y =
      row(
        [
          [r.name, r.detail].filter(Boolean).join('\n'),
          r.hsn,
          r.qty,
          amt(r.taxable),
          `${r.rate}%`,
          ...(intra ? [amt(cgst), amt(sgst)] : [amt(r.tax)]),
          amt(r.total),
        ],
        y,
      ) + 6;
  }
  doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).stroke();
  y += 10;

  // Totals, per tax.
  const sum = (f: (r: Row) => number) => rows.reduce((n, r) => n + f(r), 0);
  const t = order.totals;
  const taxTotals: [string, string][] = intra
    ? [
        ['CGST', amt(sum((r) => splitTax(r.tax)[0]))],
        ['SGST', amt(sum((r) => splitTax(r.tax)[1]))],
      ]
    : [['IGST', amt(sum((r) => r.tax))]];
  const totals: [string, string, boolean?][] = [
    ['Taxable value', amt(sum((r) => r.taxable))],
    ...taxTotals,
    ...(t.coupon_discount.amount
      ? [
          [
            `Coupon${order.coupon_code ? ` (${order.coupon_code})` : ''}, in the lines above`,
            `-${amt(t.coupon_discount.amount)}`,
          ] as [string, string],
        ]
      : []),
    ['Grand total', amt(t.grand_total.amount), true],
    ...(t.refunded.amount ? [[refundedLabel(order), `-${amt(t.refunded.amount)}`] as [string, string]] : []),
  ];
  if (y > bottom - totals.length * 16 - 40) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  for (const [label, value, bold] of totals) {
    doc.font(bold ? BOLD : REGULAR).fontSize(bold ? 11 : 9);
    text(label, left + width * 0.3, y, width * 0.5, 'right');
    text(value, left + width * 0.8, y, width * 0.2, 'right');
    y = doc.y + 4;
  }
  doc.font(REGULAR).fontSize(7.5);
  text(
    `Prices include GST. ${intra ? 'Supply within the state: CGST and SGST, half the rate each.' : 'Supply across states: IGST.'} Tax payable on reverse charge: No.`,
    left,
    y + 14,
    width,
  );
}
