import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.ts';

/** The frame-ancestors directive of a response's CSP, as its list of sources. */
function frameAncestors(csp: unknown): string[] | undefined {
  return String(csp ?? '')
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === 'frame-ancestors')
    ?.slice(1);
}

describe('who may frame the shop (docs/preview-protocol.md)', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
  });

  it("without ADMIN_ORIGIN: only 'self', and X-Frame-Options says the same", async () => {
    const t = await createTestApp({ seed: false });
    apps.push(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/base/host' });
    expect(frameAncestors(res.headers['content-security-policy'])).toEqual(["'self'"]);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it("with ADMIN_ORIGIN: 'self' and exactly that origin, and no X-Frame-Options to contradict it", async () => {
    const t = await createTestApp({ seed: false, env: { ADMIN_ORIGIN: 'https://Admin.Example.com/' } });
    apps.push(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/base/host' });
    expect(frameAncestors(res.headers['content-security-policy'])).toEqual(["'self'", 'https://admin.example.com']);
    expect(res.headers['x-frame-options']).toBeUndefined();
  });
});
