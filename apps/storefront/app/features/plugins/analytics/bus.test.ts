import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EcommerceData } from './types';

// The providers' code is fetched by the bus with import() (issue 30): a stand-in records calls.
const calls: string[] = [];
vi.mock('./providers', () => {
  const provider = (name: string) => ({
    load: () => (calls.push(`${name} load`), true),
    send: (event: string) => calls.push(`${name} ${event}`),
    pageView: (p: { path: string }) => calls.push(`${name} page ${p.path}`),
  });
  return { PROVIDERS: { GoogleGtag: provider('gtag'), FacebookPixel: provider('pixel') } };
});

const data: EcommerceData = { currency: 'INR', value: 10, items: [] };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('analytics bus', () => {
  beforeEach(() => {
    calls.length = 0;
    vi.resetModules();
  });

  it('fetches no provider code while nothing may run, and drops what was tracked', async () => {
    const bus = await import('./bus');
    bus.track('view_item', data);
    bus.applyAnalytics({ plugins: new Map([['GoogleGtag', {}]]), allowed: () => false, nonce: undefined });
    await flush();
    expect(calls).toEqual([]);
    expect(bus.activeAnalytics()).toEqual([]);
    // Consent given later: loaded then, and the event tracked before the choice is not replayed.
    bus.applyAnalytics({ plugins: new Map([['GoogleGtag', {}]]), allowed: () => true, nonce: undefined });
    await flush();
    expect(calls).toEqual(['gtag load']);
  });

  it('keeps events tracked while the providers load, and sends them once loaded', async () => {
    const bus = await import('./bus');
    bus.track('view_item', data);
    bus.applyAnalytics({
      plugins: new Map([
        ['GoogleGtag', {}],
        ['FacebookPixel', {}],
      ]),
      allowed: (name) => name === 'GoogleGtag',
      nonce: undefined,
    });
    bus.track('add_to_cart', data);
    expect(calls).toEqual([]);
    await flush();
    expect(calls).toEqual(['gtag load', 'gtag view_item', 'gtag add_to_cart']);
    expect(bus.activeAnalytics()).toEqual(['GoogleGtag']);
    bus.trackPageView({ location: 'http://shop/x', path: '/x', title: 'X' });
    expect(calls.at(-1)).toBe('gtag page /x');
  });
});
