import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_FONT_FAMILIES, STAFF_ROLES } from '@shopfront/shared';
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
    const res = await patch(owner, { typography: { body_font: 'Comic Neue', heading_font: 'Inter' } });
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
