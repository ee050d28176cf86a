import { describe, expect, it } from 'vitest';
import { resolvePublic } from './public-address.ts';

describe('resolvePublic', () => {
  it('answers a public IP literal as it is, and nothing for one on this machine or its network', async () => {
    expect(await resolvePublic('93.184.215.14')).toEqual({ address: '93.184.215.14', family: 4 });
    expect(await resolvePublic('[2606:4700::1111]')).toEqual({ address: '2606:4700::1111', family: 6 });
    for (const host of [
      '127.0.0.1',
      '[::1]',
      '10.0.0.8',
      '172.20.1.1',
      '192.168.0.10',
      '169.254.169.254',
      '[fe80::1]',
      '[::ffff:10.0.0.1]',
    ])
      expect([host, await resolvePublic(host)]).toEqual([host, null]);
  });

  it('resolves a name and refuses it when an answer is not public (localhost here)', async () => {
    expect(await resolvePublic('localhost')).toBeNull();
    expect(await resolvePublic('no-such-host.invalid')).toBeNull();
  });

  it('lets this machine through only when the caller allows loopback (the API tests)', async () => {
    expect(await resolvePublic('127.0.0.1', { allowLoopback: true })).toEqual({ address: '127.0.0.1', family: 4 });
    expect(await resolvePublic('localhost', { allowLoopback: true })).toEqual({ address: '127.0.0.1', family: 4 });
    expect(await resolvePublic('[::1]', { allowLoopback: true })).toEqual({ address: '::1', family: 6 });
    expect(await resolvePublic('10.0.0.8', { allowLoopback: true })).toBeNull();
  });
});
