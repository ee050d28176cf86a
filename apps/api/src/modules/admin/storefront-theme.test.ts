import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_FONT_FAMILIES, STAFF_ROLES, webFontEntries } from '@shopfront/shared';
import { storefronts } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signedInOwner } from '../staff/testing.ts';

let t: TestApp;
let owner: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  owner = (await signedInOwner(t)).headers;
});
afterAll(() => t.close());

const patch = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'PATCH', url: '/api/admin/storefront', headers, payload });
const read = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/admin/storefront', headers: owner })).json().data;
const shopper = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/storefront/initial-values' })).json().data.storefront;

describe('theme typefaces (issue 28)', () => {
  it('takes a font of the allowed list for text and headings, and the storefront serves it', async () => {
    const res = await patch(owner, { typography: { body_font: 'Verdana', heading_font: 'Georgia' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.typography).toMatchObject({ body_font: 'Verdana', heading_font: 'Georgia' });
    // Merged: the base size stays.
    expect((await shopper()).typography).toEqual({ body_font: 'Verdana', heading_font: 'Georgia', base_size_px: 16 });
  });

  it('refuses a font outside the list (a web font the shop does not serve) with 422 on the key', async () => {
    const before = (await read()).typography;
    const res = await patch(owner, { typography: { body_font: 'Comic Neue', heading_font: 'Inter Display' } });
    expect(res.statusCode).toBe(422);
    const choice = `The value must be one of: ${SHOP_FONT_FAMILIES.join(', ')}`;
    expect(res.json().errors).toEqual({ 'typography.body_font': [choice], 'typography.heading_font': [choice] });
    const unknown = await patch(owner, { typography: { base_size_px: 30 } });
    expect(unknown.json().errors).toEqual({ 'typography.base_size_px': ['Unknown setting "base_size_px"'] });
    expect((await read()).typography).toEqual(before);
  });

  it('lets the owner, a manager and a content editor change the fonts; a packer gets 403, no session 401', async () => {
    const allowed = { owner: 200, manager: 200, content_editor: 200, packer: 403 } as const;
    for (const role of STAFF_ROLES) {
      const { headers } = role === 'owner' ? { headers: owner } : await signedInOwner(t, role);
      const font = role === 'packer' ? 'Arial' : 'Trebuchet MS';
      const res = await patch(headers, { typography: { body_font: font } });
      expect(res.statusCode, role).toBe(allowed[role]);
    }
    expect((await read()).typography.body_font).toBe('Trebuchet MS');
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/storefront',
      payload: { typography: { body_font: 'Arial' } },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('web fonts (issue 28: fonts from the allowed list, served by the shop)', () => {
  const LORA = '/assets/fonts/lora-ddb8c66035.woff2';
  const INTER = '/assets/fonts/inter-3100e775e8.woff2';

  it('writes the fonts entries of the chosen web fonts on the server, the text font first', async () => {
    const res = await patch(owner, { typography: { body_font: 'Inter', heading_font: 'Lora' } });
    expect(res.statusCode, res.body).toBe(200);
    const fonts = [
      { family: 'Inter', path: INTER, weight_range: [100, 900], is_variable: true },
      { family: 'Lora', path: LORA, weight_range: [400, 700], is_variable: true },
    ];
    expect(res.json().data.fonts).toEqual(fonts);
    const sf = await shopper();
    expect(sf.typography).toMatchObject({ body_font: 'Inter', heading_font: 'Lora' });
    expect(sf.fonts).toEqual(fonts);
    // One font for both: one entry. Back to device fonts: none.
    await patch(owner, { typography: { body_font: 'Lora' } });
    expect((await shopper()).fonts).toEqual([fonts[1]]);
    await patch(owner, { typography: { body_font: 'Georgia', heading_font: 'Arial' } });
    expect((await shopper()).fonts).toEqual([]);
  });

  it('never takes fonts entries from a client, and a change of anything else leaves them alone', async () => {
    await patch(owner, { typography: { body_font: 'Playfair Display', heading_font: 'Playfair Display' } });
    const sent = await patch(owner, {
      fonts: [{ family: 'Evil', path: '//cdn.test/x.woff2', weight_range: [1, 1], is_variable: false }],
    });
    expect(sent.statusCode).toBe(422);
    expect(sent.json().errors).toEqual({ fonts: ['Unknown setting "fonts"'] });
    expect((await patch(owner, { theme: { primary: '#335577' } })).statusCode).toBe(200);
    expect((await shopper()).fonts).toEqual(
      webFontEntries({ body_font: 'Playfair Display', heading_font: 'Playfair Display' }),
    );
  });

  it('refuses a family outside the list with the choices, and keeps what was saved', async () => {
    const before = await shopper();
    const res = await patch(owner, { typography: { heading_font: 'Roboto Flex' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'typography.heading_font': [`The value must be one of: ${SHOP_FONT_FAMILIES.join(', ')}`],
    });
    const after = await shopper();
    expect([after.typography, after.fonts]).toEqual([before.typography, before.fonts]);
  });

  it('keeps the typefaces in the Theme version, and publishing that version again gives its fonts back', async () => {
    await patch(owner, { typography: { body_font: 'Literata', heading_font: 'Work Sans' } });
    const { id } = await read();
    const list = await t.app.inject({ method: 'GET', url: `/api/admin/versions/theme/${id}`, headers: owner });
    const newest = list.json().data.versions[0];
    const kept = await t.app.inject({
      method: 'GET',
      url: `/api/admin/versions/theme/${id}/${newest.id}`,
      headers: owner,
    });
    const body = kept.json().data.body;
    expect(body.typography).toEqual({ body_font: 'Literata', heading_font: 'Work Sans' });
    await patch(owner, { typography: { body_font: 'Verdana', heading_font: 'Verdana' } });
    expect((await shopper()).fonts).toEqual([]);
    // Restore (the Theme screen puts the version's body in the form and publishes it).
    const { custom_css: _css, ...look } = body;
    expect((await patch(owner, look)).statusCode).toBe(200);
    expect((await shopper()).fonts.map((f: { family: string }) => f.family)).toEqual(['Literata', 'Work Sans']);
  });

  it("serves an older shop's saved web font with the current file (a font package update renames it)", async () => {
    await t.database.db
      .update(storefronts)
      .set({
        fonts: [
          {
            family: 'Lora',
            path: '/assets/fonts/lora-0123456789.woff2',
            weight_range: [100, 900],
            is_variable: true,
          },
          { family: 'Own', path: '/media/own.woff2', weight_range: [400, 400], is_variable: false },
        ],
      })
      .where(eq(storefronts.id, (await read()).id));
    expect((await shopper()).fonts).toEqual([
      { family: 'Lora', path: LORA, weight_range: [400, 700], is_variable: true },
      { family: 'Own', path: '/media/own.woff2', weight_range: [400, 400], is_variable: false },
    ]);
  });
});

describe('two editors of the theme (If-Match)', () => {
  it('answers the version as an ETag, and refuses a save against an older one with 409', async () => {
    const get = await t.app.inject({ method: 'GET', url: '/api/admin/storefront', headers: owner });
    const { version } = get.json().data as { version: number };
    expect(get.headers.etag).toBe(`"${version}"`);
    const first = await patch({ ...owner, 'if-match': `"${version}"` }, { theme: { primary: '#224466' } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.version).toBe(version + 1);
    expect(first.headers.etag).toBe(`"${version + 1}"`);
    const stale = await patch({ ...owner, 'if-match': `"${version}"` }, { theme: { primary: '#ff0000' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ status: 'error', message: 'Someone else published the theme since you opened it' });
    expect((await read()).theme.primary).toBe('#224466');
    const bad = await patch({ ...owner, 'if-match': 'yesterday' }, { theme: { primary: '#ff0000' } });
    expect(bad.statusCode).toBe(422);
    // Without If-Match (an older client, the setup steps) the write applies to whatever is current.
    expect((await patch(owner, { theme: { primary: '#224467' } })).statusCode).toBe(200);
  });

  it('lets exactly one of two saves of the same version win', async () => {
    const { version } = await read();
    const [a, b] = await Promise.all([
      patch({ ...owner, 'if-match': String(version) }, { theme: { accent: '#111111' } }),
      patch({ ...owner, 'if-match': String(version) }, { theme: { accent: '#222222' } }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? '#111111' : '#222222';
    expect(await read()).toMatchObject({ version: version + 1, theme: { accent: winner } });
  });
});
