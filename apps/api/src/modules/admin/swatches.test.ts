import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FacetsSchema, ListingPageSchema, SingleProductSchema, type Facets } from '@shopfront/shared';
import { auditLog, optionSwatches } from '../../db/schema.ts';
import { ART_COLOURS } from '../../db/seed/product-art/index.ts';
import { CACHES_ON, createTestApp, type TestApp } from '../../test/app.ts';
import { signedInOwner } from '../staff/testing.ts';

let t: TestApp;
let owner: Record<string, string>;
let staff: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  owner = (await signedInOwner(t)).headers;
  staff = (await signedInOwner(t, 'manager')).headers;
});
afterAll(() => t.close());

type Method = 'GET' | 'PUT' | 'DELETE' | 'POST';
const call = (method: Method, url: string, headers: Record<string, string> = owner, payload?: object, app = t) =>
  app.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
const put = (payload: object, headers = owner, app = t) => call('PUT', '/api/admin/swatches', headers, payload, app);
const remove = (option: string, value: string, headers = owner) =>
  call(
    'DELETE',
    `/api/admin/swatches?option_name=${encodeURIComponent(option)}&value=${encodeURIComponent(value)}`,
    headers,
  );
const latestAudit = async () => (await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];

/** The values of one option facet, by value. */
const optionValues = (facets: Facets, name: string) =>
  Object.fromEntries((facets.options.find((o) => o.name === name)?.values ?? []).map((v) => [v.value, v]));
const listing = async (url: string, payload: object = {}, app = t) => {
  const res = await call('POST', url, {}, payload, app);
  expect(res.statusCode).toBe(200);
  return ListingPageSchema.parse(res.json().data);
};
const product = async (slug: string) => {
  const res = await call('GET', `/api/product/single-product/${slug}`, {});
  expect(res.statusCode).toBe(200);
  return SingleProductSchema.parse(res.json().data);
};

describe('the owner API for swatches', () => {
  it('refuses anyone not signed in as staff', async () => {
    for (const res of [
      await call('GET', '/api/admin/swatches', {}),
      await put({ option_name: 'Colour', value: 'Indigo', colour: '#000000' }, {}),
      await remove('Colour', 'Indigo', {}),
      await call('GET', '/api/admin/swatches', { authorization: 'Bearer sfs_not-a-token' }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: 'error', message: 'Please sign in as staff to use the owner API' });
    }
    expect(await t.database.db.select().from(optionSwatches).where(eq(optionSwatches.colour, '#000000'))).toEqual([]);
  });

  it('lists the seeded swatches: every demo colour in its picture colour', async () => {
    const res = await call('GET', '/api/admin/swatches');
    expect(res.statusCode).toBe(200);
    const swatches = res.json().data.swatches as { option_name: string; value: string; colour: string }[];
    expect(swatches.map((s) => s.value)).toEqual(Object.keys(ART_COLOURS).sort());
    for (const s of swatches) {
      expect(s).toMatchObject({
        option_name: 'Colour',
        colour: ART_COLOURS[s.value]![0],
        updated_at: expect.any(String),
      });
    }
  });

  it('refuses a colour that is not a hex code, and a missing or unknown field, changing nothing', async () => {
    const before = await t.database.db.select().from(optionSwatches);
    for (const colour of ['indigo', '#12345', '#1234567', 'rgb(1,2,3)', '#ggg', '', 42, null]) {
      const res = await put({ option_name: 'Colour', value: 'Indigo', colour });
      expect(res.statusCode, String(colour)).toBe(422);
      expect(res.json()).toMatchObject({
        status: 'error',
        errors: { colour: ['A colour is a hex code such as #1f6f5c'] },
      });
    }
    const missing = await put({ option_name: ' ', colour: '#123456' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toMatchObject({
      option_name: ['This field is required'],
      value: [expect.any(String)],
    });
    const extra = await put({ option_name: 'Colour', value: 'Indigo', colour: '#123456', position: 1 });
    expect(extra.statusCode).toBe(422);
    expect(await t.database.db.select().from(optionSwatches)).toEqual(before);
  });

  it('adds a swatch, then replaces it whatever the case of the names, keeping one row; staff may too', async () => {
    const added = await put({ option_name: 'Size', value: 'M', colour: '#ABC' }, staff);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({
      status: 'success',
      message: 'Swatch saved',
      data: { option_name: 'Size', value: 'M', colour: '#aabbcc' },
    });
    expect(await latestAudit()).toMatchObject({
      action: 'swatch.set',
      target: 'swatch:Size/M',
      before: null,
      after: { colour: '#aabbcc' },
    });

    const replaced = await put({ option_name: 'size', value: 'm', colour: '#1F6F5C' });
    expect(replaced.json().data).toMatchObject({ option_name: 'size', value: 'm', colour: '#1f6f5c' });
    expect(await latestAudit()).toMatchObject({ before: { colour: '#aabbcc' }, after: { colour: '#1f6f5c' } });
    const rows = await t.database.db.select().from(optionSwatches);
    expect(rows.filter((r) => r.optionName.toLowerCase() === 'size')).toHaveLength(1);

    // The same save again changes nothing: no new audit entry.
    const last = (await latestAudit())!.id;
    expect((await put({ option_name: 'size', value: 'm', colour: '#1f6f5c' })).statusCode).toBe(200);
    expect((await latestAudit())!.id).toBe(last);
  });

  it('keeps one row when two saves of the same value race', async () => {
    const results = await Promise.all(
      ['#111111', '#222222', '#333333', '#444444'].map((colour, i) =>
        put({ option_name: 'Size', value: i % 2 ? 'L' : 'l', colour }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const rows = (await t.database.db.select().from(optionSwatches)).filter((r) => r.value.toLowerCase() === 'l');
    expect(rows).toHaveLength(1);
  });

  it('removes a swatch by its names in any case, and answers 404 for a value without one', async () => {
    expect((await put({ option_name: 'Size', value: 'XS', colour: '#345678' })).statusCode).toBe(200);
    const res = await remove('SIZE', 'xs');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Swatch removed',
      data: { option_name: 'Size', value: 'XS', colour: '#345678' },
    });
    expect(await latestAudit()).toMatchObject({
      action: 'swatch.remove',
      target: 'swatch:Size/XS',
      before: { colour: '#345678' },
    });
    const again = await remove('Size', 'XS');
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ status: 'error', message: 'No swatch is set for this value' });
    expect((await call('DELETE', '/api/admin/swatches?option_name=Size')).statusCode).toBe(422);
  });
});

describe('swatches in what shoppers get', () => {
  beforeAll(async () => {
    expect((await put({ option_name: 'SIZE', value: 'xl', colour: '#0a0b0c' })).statusCode).toBe(200);
  });

  it('facet values carry their swatch in every kind of listing answer, and only when one is set', async () => {
    const check = (facets: Facets) => {
      FacetsSchema.parse(facets);
      const colours = optionValues(facets, 'Colour');
      expect(Object.keys(colours).length).toBeGreaterThan(1);
      for (const [value, v] of Object.entries(colours)) expect(v.swatch).toBe(ART_COLOURS[value]![0]);
      const sizes = optionValues(facets, 'Size');
      expect(sizes.XL?.swatch).toBe('#0a0b0c');
      expect(sizes.S).toBeDefined();
      expect('swatch' in sizes.S!).toBe(false);
    };
    // Unfiltered: from the read model.
    check((await listing('/api/shop/all')).facets);
    check((await listing('/api/product/product-category/t-shirts')).facets);
    // A brand filter counts from the products' facet values; an option filter from the variants.
    check((await listing('/api/shop/all', { filters: { brands: ['loom'] } })).facets);
    check((await listing('/api/shop/all', { filters: { options: { Size: ['M'] }, in_stock: true } })).facets);
    const search = await call('POST', '/api/search/search-products', {}, { query: 'tee', per_page: 12 });
    expect(search.statusCode).toBe(200);
    check(search.json().data.facets);
    const filters = await call('GET', '/api/product/filters/all/all', {});
    expect(filters.statusCode).toBe(200);
    check(filters.json().data.facets);
  });

  it('product options carry the swatches of their values, keyed as the product spells them', async () => {
    const p = await product('organic-cotton-crew-tee');
    const colour = p.options.find((o) => o.name === 'Colour')!;
    expect(colour.swatches).toEqual(Object.fromEntries(colour.values.map((v) => [v, ART_COLOURS[v]![0]])));
    const size = p.options.find((o) => o.name === 'Size')!;
    expect(size.values).toContain('XL');
    expect(size.swatches).toMatchObject({ XL: '#0a0b0c' });
    expect(Object.keys(size.swatches!)).not.toContain('XS');

    expect((await remove('Size', 'XL')).statusCode).toBe(200);
    expect((await remove('Size', 'l')).statusCode).toBe(200);
    expect((await remove('Size', 'm')).statusCode).toBe(200);
    const after = await product('organic-cotton-crew-tee');
    expect('swatches' in after.options.find((o) => o.name === 'Size')!).toBe(false);
    expect(optionValues((await listing('/api/shop/all')).facets, 'Size').XL).not.toHaveProperty('swatch');
  });

  it('a cached listing shows a new swatch at once (the table notifies the caches)', async () => {
    const cached = await createTestApp({ env: CACHES_ON });
    try {
      const headers = (await signedInOwner(cached)).headers;
      const url = '/api/product/product-category/t-shirts';
      expect(optionValues((await listing(url, {}, cached)).facets, 'Size').S).not.toHaveProperty('swatch');
      expect(optionValues((await listing(url, {}, cached)).facets, 'Size').S).not.toHaveProperty('swatch');
      expect((await put({ option_name: 'Size', value: 'S', colour: '#556677' }, headers, cached)).statusCode).toBe(200);
      await vi.waitFor(
        async () => expect(optionValues((await listing(url, {}, cached)).facets, 'Size').S?.swatch).toBe('#556677'),
        { timeout: 5000, interval: 50 },
      );
    } finally {
      await cached.close();
    }
  });
});
