import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProduct } from '@shopfront/shared';
import { queryRows } from '../../../db/client.ts';
import { CACHES_ON, createTestApp, type TestApp } from '../../../test/app.ts';
import { signedInOwner } from '../../staff/testing.ts';

/**
 * The owner's catalogue changes through the real storefront build with the page cache on
 * (issue 26): a rendered product page follows an edit and a price change on the next request,
 * an old slug moves on to the new one (301), and an archived product's page is gone.
 */
let t: TestApp;
let h: Record<string, string>;
let channel: string;

beforeAll(async () => {
  t = await createTestApp({ storefront: true, env: CACHES_ON });
  h = (await signedInOwner(t)).headers;
  channel = (
    await queryRows<{ id: string }>(t.database.db, sql`select channel_id as id from storefronts where is_default`)
  )[0]!.id;
});
afterAll(() => t.close());

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
const admin = (method: 'POST' | 'PATCH', url: string, payload: object) =>
  t.app.inject({ method, url, headers: h, payload });

describe('product pages after owner changes', () => {
  it('follow an edit, a price change, a new slug and an archive on the next request', async () => {
    const k = randomBytes(3).toString('hex');
    const created = await admin('POST', '/api/admin/catalog/products', {
      title: `Tidewrack Basket ${k}`,
      slug: `tidewrack-basket-${k}`,
      status: 'published',
      variants: [{ sku: `TB-${k}`, prices: [{ channel_id: channel, price_minor: 123400 }], stock: 4 }],
    });
    expect(created.statusCode, created.body).toBe(200);
    const p: AdminProduct = created.json().data;

    const first = await page(`/product/${p.slug}`);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain(`Tidewrack Basket ${k}`);
    expect(first.body).toContain('1,234');
    expect((await page(`/product/${p.slug}`)).statusCode).toBe(200); // now cached

    const edited = await admin('PATCH', `/api/admin/catalog/products/${p.id}`, {
      title: `Saltmarsh Basket ${k}`,
      slug: `saltmarsh-basket-${k}`,
      options: [],
      variants: [{ id: p.variants[0]!.id, sku: `TB-${k}`, prices: [{ channel_id: channel, price_minor: 98700 }] }],
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const renamed = await page(`/product/saltmarsh-basket-${k}`);
    expect(renamed.statusCode).toBe(200);
    expect(renamed.body).toContain(`Saltmarsh Basket ${k}`);
    expect(renamed.body).toContain('987');
    expect(renamed.body).not.toContain('1,234');

    const old = await page(`/product/${p.slug}`);
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(`/product/saltmarsh-basket-${k}`);

    const archived = await admin('POST', `/api/admin/catalog/products/${p.id}/archive`, {});
    expect(archived.statusCode).toBe(200);
    expect((await page(`/product/saltmarsh-basket-${k}`)).statusCode).toBe(404);
    expect((await page(`/product/${p.slug}`)).statusCode).toBe(404);
  });
});

describe('collection pages after owner changes', () => {
  it('a changed collection slug moves its old address on (301), and a new collection may take it back', async () => {
    const k = randomBytes(3).toString('hex');
    const created = await admin('POST', '/api/admin/catalog/products', {
      title: `Reedwoven Mat ${k}`,
      slug: `reedwoven-mat-${k}`,
      status: 'published',
      variants: [{ sku: `RM-${k}`, prices: [{ channel_id: channel, price_minor: 45600 }], stock: 2 }],
    });
    expect(created.statusCode, created.body).toBe(200);
    const col = await admin('POST', '/api/admin/catalog/collections', { name: `Monsoon ${k}`, slug: `monsoon-${k}` });
    expect(col.statusCode, col.body).toBe(200);
    const { id } = col.json().data as { id: number };
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/catalog/collections/${id}/products`,
      headers: h,
      payload: { product_ids: [created.json().data.id] },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await page(`/product-collection/monsoon-${k}`)).statusCode).toBe(200); // now cached

    const renamed = await admin('PATCH', `/api/admin/catalog/collections/${id}`, { slug: `rainy-days-${k}` });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const old = await page(`/product-collection/monsoon-${k}?sort=newest`);
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(`/product-collection/rainy-days-${k}?sort=newest`);
    const now = await page(`/product-collection/rainy-days-${k}`);
    expect(now.statusCode).toBe(200);
    expect(now.body).toContain(`Reedwoven Mat ${k}`);

    // The old slug is free for a new collection, which then has its address.
    const other = await admin('POST', '/api/admin/catalog/collections', { name: `Other ${k}`, slug: `monsoon-${k}` });
    expect(other.statusCode, other.body).toBe(200);
    const taken = await page(`/product-collection/monsoon-${k}`);
    expect(taken.statusCode).toBe(200);
    expect(taken.body).toContain(`Other ${k}`);
  });
});
