import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleMapsEmbedMessage } from '@shopfront/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signedInOwner } from '../staff/testing.ts';

/** The contact page's map: the google_embed_url setting, its validation and the CSP frame it needs. */
let t: TestApp;
let owner: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ storefront: true });
  owner = (await signedInOwner(t)).headers;
});
afterAll(() => t.close());

const MAP = 'https://www.google.com/maps/embed?pb=!1m18!1m12!1m3!1d3888!2d77.6!3d12.97';
const setMap = (value: string | null) =>
  t.app.inject({ method: 'PATCH', url: '/api/admin/settings', headers: owner, payload: { google_embed_url: value } });
const frameSrc = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return /frame-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1] ?? '';
};

describe('google_embed_url', () => {
  it('accepts only a Google Maps embed address', async () => {
    for (const bad of [
      'https://maps.example/embed',
      'https://www.google.com/search?q=shop',
      'https://www.google.com.evil.example/maps/embed?pb=1',
      'https://user@www.google.com/maps/embed?pb=1',
    ]) {
      const res = await setMap(bad);
      expect([bad, res.statusCode, res.json().errors?.google_embed_url]).toEqual([bad, 422, [googleMapsEmbedMessage]]);
    }
    expect((await setMap(MAP)).statusCode).toBe(200);
    expect((await setMap(null)).statusCode).toBe(200);
  });

  it('lets the contact page, and no other, frame Google only while a map is set', async () => {
    expect(await frameSrc('/contact-us')).not.toContain('https://www.google.com');
    expect((await setMap(MAP)).statusCode).toBe(200);
    expect(await frameSrc('/contact-us')).toContain('https://www.google.com');
    const html = (await t.app.inject({ method: 'GET', url: '/contact-us' })).body;
    const frame = /<iframe[^>]*>/.exec(html)?.[0] ?? '';
    expect(frame).toContain(`src="${MAP.replaceAll('&', '&amp;')}"`);
    expect(frame).toMatch(/title="Map: where to find [^"]+"/);
    expect(frame).toContain('loading="lazy"');
    expect(frame).toContain('sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"');
    // Every other page frames nothing of Google's, map or not.
    expect(await frameSrc('/')).not.toContain('https://www.google.com');
    expect(await frameSrc('/about-us')).not.toContain('https://www.google.com');
    expect(await frameSrc('/contact-us?from=menu')).toContain('https://www.google.com');
    expect(await frameSrc('/contact-us/')).toContain('https://www.google.com');
    expect((await setMap(null)).statusCode).toBe(200);
    expect(await frameSrc('/contact-us')).not.toContain('https://www.google.com');
    expect((await t.app.inject({ method: 'GET', url: '/contact-us' })).body).not.toContain('<iframe');
  });
});
