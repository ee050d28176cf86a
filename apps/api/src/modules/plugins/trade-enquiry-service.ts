import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  TRADE_ENQUIRY_FORM_ID,
  TRADE_PRODUCT_SLUG,
  formMessages,
  tradeEnquiryMessages,
  type FormDefinition,
  type TradeEnquiryProduct,
  type TradeEnquiryResult,
} from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { fieldError, notFound } from '../../lib/http.ts';
import { submitForm } from '../forms/service.ts';
import type { NewMessage } from '../notifications/service.ts';
import { getStoreSettings, storeNameOf } from '../settings/service.ts';

/**
 * The TradeEnquiry plugin (spec section 7: POST /api/plugins/TradeEnquiry/submit). An enquiry is
 * a submission of the existing `trade-enquiry` form: the forms module validates it against the
 * form's own field definitions and stores it (form_submissions), here with the product it was
 * sent from. The shop is told by e-mail (the plugin's notify_email, else the store e-mail, and
 * the form's own notification addresses),
 * through the outbox in the same transaction as the submission.
 */

const publishedProduct = namedQuery<TradeEnquiryProduct>()({
  name: 'plugins.trade-enquiry.product',
  columns: ['slug', 'name'],
  example: { slug: 's' },
  build: ({ slug }: { slug: string }) => sql`select slug, name from products where slug = ${slug} and is_published`,
});

/** The published product with slug `slug` (its slug and name), or null. */
export async function tradeProduct(db: Db, slug: string): Promise<TradeEnquiryProduct | null> {
  const [row] = await publishedProduct(db, { slug });
  return row ?? null;
}

/** The published product a `product` value names, or a 422 on `product`. */
async function productOf(db: Db, value: unknown): Promise<TradeEnquiryProduct | null> {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || !TRADE_PRODUCT_SLUG.test(value.trim())) {
    throw fieldError('product', tradeEnquiryMessages.productNotFound);
  }
  const row = await tradeProduct(db, value.trim());
  if (!row) throw fieldError('product', tradeEnquiryMessages.productNotFound);
  return row;
}

/** The notification of one enquiry: every field by its label, and the product it came from. */
function enquiryMessage(
  to: string,
  storeName: string,
  form: FormDefinition,
  data: Record<string, string>,
  product: TradeEnquiryProduct | null,
  origin: string,
): NewMessage {
  const lines = form.fields.filter((f) => data[f.name]).map((f) => `${f.label}: ${data[f.name]}`);
  const business = data.business_name ?? data.contact_name ?? 'a trade buyer';
  return {
    channel: 'email',
    recipient: to,
    subject: `Trade enquiry from ${business}${product ? ` about ${product.name}` : ''}`,
    body:
      `A new trade enquiry came in through ${storeName}.\n\n${lines.join('\n')}` +
      (product ? `\n\nSent from the product page of ${product.name}: ${origin}/product/${product.slug}` : '') +
      `\n\nReply to the buyer directly${data.email ? ` at ${data.email}` : ''}.`,
  };
}

/**
 * Validates and stores an enquiry (the trade-enquiry form's fields plus an optional product
 * slug) and queues the notification, in one transaction. 404 when the form is switched off.
 */
export async function submitTradeEnquiry(
  app: FastifyInstance,
  body: Record<string, unknown> | undefined,
  meta: { ip: string | null; userAgent: string | null; notifyEmail: string | undefined; origin: string },
): Promise<TradeEnquiryResult> {
  const db = app.db;
  const { product: productValue, ...fields } = body ?? {};
  const product = await productOf(db, productValue);
  const settings = await getStoreSettings(db, ['store_name', 'store_email']);
  const to = meta.notifyEmail || (typeof settings.store_email === 'string' ? settings.store_email : '');
  await db.transaction(async (tx) => {
    const result = await submitForm(tx, TRADE_ENQUIRY_FORM_ID, fields, {
      ip: meta.ip,
      userAgent: meta.userAgent,
      ...(product ? { extra: { product: product.slug, product_name: product.name } } : {}),
    });
    if (!result) throw notFound(formMessages.formNotFound);
    // The plugin's address (else the store's) and the form's own notification addresses, each once.
    for (const recipient of new Set([to, ...result.notify].filter(Boolean))) {
      const msg = enquiryMessage(
        recipient,
        storeNameOf(settings.store_name),
        result.form,
        result.data,
        product,
        meta.origin,
      );
      await app.outbox.enqueue(tx, msg);
    }
  });
  return { form_id: TRADE_ENQUIRY_FORM_ID, product };
}
