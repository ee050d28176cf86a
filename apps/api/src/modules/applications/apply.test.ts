import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPLICATION_FORM_FILES_MAX,
  APPLICATION_TEXT_MAX_CHARS,
  applicationTexts,
  cartMessages,
  messages,
  type Application,
  type ProductGrid,
} from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { testBrowser } from '../../test/browser.ts';
import { setStoreSetting } from '../../test/orders.ts';
import { outboxTo } from '../../test/outbox.ts';
import { uniquePhone } from '../../test/auth.ts';
import type { FilePart } from '../../test/form-data.ts';
import { pruneEndedApplicationDocuments } from '../maintenance/retention.ts';
import { GOOD_FIELDS, GOOD_FILES, JPEG, PDF, apply, field, makeService } from './testing.ts';

let t: TestApp;
let service: { id: string; slug: string };
let quoted: { id: string; slug: string };

beforeAll(async () => {
  t = await createTestApp();
  service = await makeService(t.database.db, 0);
  quoted = await makeService(t.database.db, 1, { fee_kind: 'quote' });
});
afterAll(() => t.close());

describe('POST /api/applications', () => {
  it('takes a guest application with two documents, stored privately, and tells the applicant once', async () => {
    const phone = uniquePhone();
    const res = await apply(t, { service: service.slug, name: 'Asha Rao', phone, ...GOOD_FIELDS });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ data: Application; message: string }>();
    const a = body.data;
    expect(body.message).toBe(applicationTexts.created);
    expect(a.application_no).toMatch(/^AP-\d{6}$/);
    expect(a.stage).toBe('awaiting_payment');
    expect(a.fee).not.toBeNull();
    expect(a.tracking_path).toMatch(/^\/track-application\/[A-Za-z0-9_-]{43}$/);
    expect(a.answers.find((x) => x.key === 'turnover')?.value).toBe('2500000');
    expect(a.documents.map((d) => [d.original_name, d.mime, d.field_key])).toEqual([
      ['pan.pdf', 'application/pdf', 'pan_card'],
      ['rent agreement.pdf', 'application/pdf', 'address_proof'],
    ]);
    expect(a.answers.find((x) => x.key === 'pan_card')?.document_id).toBe(a.documents[0]!.id);
    expect(a.steps.map((s) => s.key)).toEqual([
      'awaiting_payment',
      'submitted',
      'verified',
      'in_progress',
      'filed',
      'completed',
    ]);

    // The files are under DATA_DIR/private, none under the public media folder.
    const dataDir = t.app.env.DATA_DIR;
    const privateFiles = readdirSync(path.join(dataDir, 'private', 'applications'));
    expect(privateFiles.length).toBeGreaterThanOrEqual(2);
    for (const f of privateFiles) expect(existsSync(path.join(dataDir, 'media', f))).toBe(false);

    // The holder of the link downloads a document; the bytes are the ones sent.
    const dl = await t.app.inject({ method: 'GET', url: a.documents[0]!.download_path });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['cache-control']).toBe('private, no-store');
    expect(dl.rawPayload.equals(PDF)).toBe(true);

    const sms = await outboxTo(t.database.db, phone, 'sms');
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toContain(a.application_no);
    expect(sms[0]!.body).toContain(a.tracking_path);
  });

  it('starts a service on quote in quote_requested, without a fee', async () => {
    const res = await apply(t, { service: quoted.id, name: 'Ravi', email: 'ravi@example.test', ...GOOD_FIELDS });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ data: Application; message: string }>();
    expect([body.data.stage, body.data.fee, body.message]).toEqual([
      'quote_requested',
      null,
      applicationTexts.quoteRequested,
    ]);
  });

  it("answers every bad answer with its field's message under its key, never a 500", async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const res = await apply(
      t,
      {
        service: service.slug,
        name: 'Asha',
        phone: uniquePhone(),
        turnover: '-5',
        started_on: '2024-02-30',
        entity: 'Trust',
      },
      [
        // A PNG named .pdf: the type is told from the bytes.
        { field: 'pan_card', filename: 'pan.pdf', type: 'application/pdf', data: png },
        // Larger than this field's 10 MB? No: address_proof allows the default; a JPEG is not accepted there.
        { field: 'address_proof', filename: 'proof.pdf', type: 'application/pdf', data: JPEG },
      ],
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      business_name: [messages.required],
      turnover: [applicationTexts.numberMin(0)],
      started_on: [applicationTexts.date],
      entity: [applicationTexts.choice],
      pan_card: [applicationTexts.fileType('PDF, JPEG')],
      address_proof: [applicationTexts.fileType('PDF')],
    });
  });

  it("refuses a file over its field's size limit and a required file left out", async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(1_100_000, 0x20)]);
    const tooBig = await apply(t, { service: service.slug, name: 'A', phone: uniquePhone(), ...GOOD_FIELDS }, [
      { field: 'pan_card', filename: 'pan.pdf', type: 'application/pdf', data: big },
    ]);
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().errors).toEqual({ pan_card: [applicationTexts.tooLarge(1)] });

    const none = await apply(t, { service: service.slug, name: 'A', phone: uniquePhone(), ...GOOD_FIELDS }, []);
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ pan_card: [messages.required] });
  });

  it('needs a service, a contact and a multipart body', async () => {
    const product = await apply(t, { service: 'no-such-service', name: 'A', phone: uniquePhone(), ...GOOD_FIELDS });
    expect([product.statusCode, product.json().errors]).toEqual([422, { service: [applicationTexts.notService] }]);

    const noContact = await apply(t, { service: service.slug, name: 'A', ...GOOD_FIELDS });
    expect([noContact.statusCode, noContact.json().errors]).toEqual([422, { phone: [applicationTexts.contactNeeded] }]);

    const json = await t.app.inject({ method: 'POST', url: '/api/applications', payload: { service: service.slug } });
    expect([json.statusCode, json.json().message]).toEqual([415, applicationTexts.notMultipart]);

    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      payload: '--x\r\nContent-Disposition: form-data; name="service"\r\n\r\nabc',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(broken.statusCode).toBe(400);
    expect(GOOD_FILES).toHaveLength(2);
  });
});

describe('a fee on quote and a free service, by the fee kind (not by a price of 0)', () => {
  it('the card says on_quote only for a service on quote; a fixed fee of 0 is free: submitted at once, nothing to pay', async () => {
    const free = await makeService(t.database.db, 2);
    await t.database.db.execute(sql`update products set price_minor = 0, created_at = now() where id = ${free.id}`);
    await t.database.db.execute(
      sql`update variant_channels set selling_price_minor = 0
           where variant_id in (select id from variants where product_id = ${free.id})`,
    );
    await t.database.db.execute(sql`update products set created_at = now() where id = ${quoted.id}`);
    const grid = await t.app.inject({
      method: 'POST',
      url: '/api/product/product-grid',
      payload: { items: 48, source: 'latest' },
    });
    expect(grid.statusCode, grid.body).toBe(200);
    const cards = grid.json<{ data: ProductGrid }>().data.products;
    expect(cards.find((c) => c.id === quoted.id)?.on_quote).toBe(true);
    const freeCard = cards.find((c) => c.id === free.id)!;
    expect(freeCard.price.amount).toBe(0);
    expect(freeCard.on_quote).toBeUndefined();

    const res = await apply(t, { service: free.slug, name: 'Asha Rao', phone: uniquePhone(), ...GOOD_FIELDS });
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json<{ data: Application }>().data;
    expect(a.stage).toBe('submitted');
    expect(a.fee?.amount).toBe(0);
    expect(a.fee_methods).toEqual([]);
  });

  it('a "from" fee of 0 is free to apply as well: the card carries no quote, the application is submitted, nothing to pay', async () => {
    const from = await makeService(t.database.db, 3, { fee_kind: 'from' });
    await t.database.db.execute(sql`update products set price_minor = 0, created_at = now() where id = ${from.id}`);
    await t.database.db.execute(
      sql`update variant_channels set selling_price_minor = 0
           where variant_id in (select id from variants where product_id = ${from.id})`,
    );
    const grid = await t.app.inject({
      method: 'POST',
      url: '/api/product/product-grid',
      payload: { items: 48, source: 'latest' },
    });
    const card = grid.json<{ data: ProductGrid }>().data.products.find((c) => c.id === from.id)!;
    expect(card.price.amount).toBe(0);
    expect(card.on_quote).toBeUndefined();

    const res = await apply(t, { service: from.slug, name: 'Asha Rao', phone: uniquePhone(), ...GOOD_FIELDS });
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json<{ data: Application }>().data;
    expect(a.stage).toBe('submitted');
    expect(a.fee?.amount).toBe(0);
    expect(a.fee_methods).toEqual([]);
  });
});

describe('the cart', () => {
  it('in services mode refuses a service (applied for, never carted), by product or by variant; in products mode it is sold as the product it is', async () => {
    await setStoreSetting(t.database.db, 'store_mode', 'services');
    const b = testBrowser(t.app);
    // A variant of the service sold in the shop's channel, in stock (earlier tests and the seed
    // leave some at 0): in products mode it must be refused for nothing but being a service.
    const [v] = await queryRows<{ id: string }>(
      t.database.db,
      sql`update variants set stock = greatest(stock, 5)
           where id = (select v.id from variants v
                         join variant_channels vc on vc.variant_id = v.id
                          and vc.channel_id = (select channel_id from storefronts where is_default)
                        where v.product_id = ${service.id} and vc.is_available and vc.selling_price_minor is not null
                        order by v.position, v.id limit 1)
           returning id`,
    );
    for (const id of [service.id, v!.id]) {
      const res = await b.call('POST', '/api/cart/add-item', { product_id: id, quantity: 1 });
      expect([id, res.statusCode, res.json().errors?.product_id]).toEqual([id, 422, [cartMessages.serviceApply]]);
    }
    const [plain] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select v.id from variants v join products p on p.id = v.product_id
           where p.is_published and v.stock > 5
             and not exists (select 1 from service_details sd where sd.product_id = p.id)
           order by v.id limit 1`,
    );
    const ok = await b.call('POST', '/api/cart/add-item', { product_id: plain!.id, quantity: 1 });
    expect(ok.statusCode, ok.body).toBe(200);
    // Switched back to products, the shop is as it was: the same product goes in the cart.
    await setStoreSetting(t.database.db, 'store_mode', 'products');
    const back = await b.call('POST', '/api/cart/add-item', { product_id: v!.id, quantity: 1 });
    expect(back.statusCode, back.body).toBe(200);
  });

  it('in products mode takes no new application, and serves those made before the switch', async () => {
    await setStoreSetting(t.database.db, 'store_mode', 'services');
    const made = await apply(t, { service: service.slug, name: 'Before Switch', phone: uniquePhone(), ...GOOD_FIELDS });
    expect(made.statusCode, made.body).toBe(200);
    const before = made.json<{ data: Application }>().data;
    await setStoreSetting(t.database.db, 'store_mode', 'products');
    try {
      const refused = await apply(t, {
        service: service.slug,
        name: 'After Switch',
        phone: uniquePhone(),
        ...GOOD_FIELDS,
      });
      expect([refused.statusCode, refused.json().message]).toEqual([409, applicationTexts.notTakingApplications]);
      const tracked = await t.app.inject({
        method: 'GET',
        url: `/api/applications/${before.tracking_path.split('/').at(-1)}`,
      });
      expect([tracked.statusCode, tracked.json().data.application_no]).toEqual([200, before.application_no]);
    } finally {
      await setStoreSetting(t.database.db, 'store_mode', 'services');
    }
  });
});

describe('documents are kept a year after the application ends', () => {
  it('prunes those of one that ended over a year ago, rows and files; keeps an open one’s and a recent end’s', async () => {
    const make = async () => {
      const res = await apply(t, { service: service.slug, name: 'Asha Rao', phone: uniquePhone(), ...GOOD_FIELDS });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: Application }>().data;
    };
    const [old, recent, open] = [await make(), await make(), await make()];
    const set = (id: string, stage: string | null, daysAgo: number) =>
      t.database.db.execute(
        sql`update applications set stage = coalesce(${stage}, stage),
              stage_changed_at = now() - ${daysAgo} * interval '1 day' where id = ${id}`,
      );
    await set(old.id, 'cancelled', 400);
    await set(recent.id, 'completed', 10);
    await set(open.id, null, 400);
    const paths = async (id: string) =>
      (
        await queryRows<{ path: string }>(
          t.database.db,
          sql`select path from application_documents where application_id = ${id}`,
        )
      ).map((r) => r.path);
    const oldFiles = await paths(old.id);
    expect(oldFiles).toHaveLength(2);

    expect(await pruneEndedApplicationDocuments(t.database.db, t.app.media.documents)).toBe(2);
    expect(await paths(old.id)).toEqual([]);
    for (const p of oldFiles) expect(existsSync(path.join(t.app.env.DATA_DIR, 'private', p))).toBe(false);
    expect(await paths(recent.id)).toHaveLength(2);
    expect(await paths(open.id)).toHaveLength(2);
    // The application stays, its answers naming the files they were, linking none.
    const view = await t.app.inject({ method: 'GET', url: `/api/applications/${old.tracking_path.split('/').at(-1)}` });
    expect(view.statusCode).toBe(200);
    const seen = view.json<{ data: Application }>().data;
    expect(seen.documents).toEqual([]);
    expect(seen.answers.filter((a) => a.type === 'file').map((a) => [a.value, a.document_id])).toEqual([
      ['pan.pdf', null],
      ['rent agreement.pdf', null],
    ]);
    expect(await pruneEndedApplicationDocuments(t.database.db, t.app.media.documents)).toBe(0);
  });
});

describe('answers are stored whole or refused, and a field is read by its own key', () => {
  let ip = 0;
  const send = (slug: string, fields: Record<string, string>, files: FilePart[] = []) =>
    apply(t, { service: slug, name: 'Asha', phone: uniquePhone(), ...fields }, files, {}, `10.78.1.${++ip}`);
  const stored = async (id: string) =>
    (
      await queryRows<{ answers: { key: string; value: string | null }[] }>(
        t.database.db,
        sql`select answers from applications where id = ${id}`,
      )
    )[0]!.answers;

  it('a long answer in Devanagari (4,000 characters, 12,000 bytes) is stored whole', async () => {
    const s = await makeService(t.database.db, 30, { form_fields: [field({ key: 'story', type: 'textarea' })] });
    const story = 'अ'.repeat(4000);
    const res = await send(s.slug, { story });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const app = res.json<{ data: Application }>().data;
    expect(app.answers.find((a) => a.key === 'story')?.value).toBe(story);
    expect((await stored(app.id)).find((a) => a.key === 'story')?.value).toBe(story);
  });

  it('the longest answer allowed (10,000 characters, 4 bytes each) is read whole; a longer part is refused on its field, never cut', async () => {
    const s = await makeService(t.database.db, 31, {
      form_fields: [field({ key: 'story', type: 'textarea', max: APPLICATION_TEXT_MAX_CHARS })],
    });
    // U+10000 and above: 2 UTF-16 units and 4 bytes in UTF-8 each; 5,000 of them are 10,000 units.
    const longest = '𑀅'.repeat(APPLICATION_TEXT_MAX_CHARS / 2);
    const whole = await send(s.slug, { story: longest });
    expect(whole.statusCode, whole.body.slice(0, 300)).toBe(200);
    expect(whole.json<{ data: Application }>().data.answers[0]!.value).toBe(longest);

    const tooLong = await send(s.slug, { story: 'a'.repeat(50_000) });
    expect([tooLong.statusCode, tooLong.json().errors]).toEqual([422, { story: [applicationTexts.answerTooLong] }]);
  });

  it('a field keyed like an object’s own property (a service saved before the editor refused it) is read as sent', async () => {
    const s = await makeService(t.database.db, 32, {
      form_fields: [field({ key: 'constructor', type: 'text' }), field({ key: 'business_name', type: 'text' })],
    });
    const res = await send(s.slug, { business_name: 'Asha Traders' });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json<{ data: Application }>().data.answers.map((a) => [a.key, a.value])).toEqual([
      ['constructor', null],
      ['business_name', 'Asha Traders'],
    ]);

    const required = await makeService(t.database.db, 33, {
      form_fields: [field({ key: 'constructor', type: 'text', required: true })],
    });
    const missing = await send(required.slug, {});
    expect([missing.statusCode, missing.json().errors]).toEqual([422, { constructor: [messages.required] }]);
  });

  it(`a form with the most file fields the editor allows (${APPLICATION_FORM_FILES_MAX}) takes an application with every file`, async () => {
    const keys = Array.from({ length: APPLICATION_FORM_FILES_MAX }, (_, i) => `doc_${i + 1}`);
    const s = await makeService(t.database.db, 34, {
      form_fields: keys.map((key) => field({ key, type: 'file', required: true, accept: ['application/pdf'] })),
    });
    const res = await send(
      s.slug,
      {},
      keys.map((key) => ({ field: key, filename: `${key}.pdf`, type: 'application/pdf', data: PDF })),
    );
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json<{ data: Application }>().data.answers.map((a) => a.value)).toEqual(keys.map((k) => `${k}.pdf`));
  });
});
