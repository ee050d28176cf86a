import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('stores argon2id with m=19456, t=2, p=1 and a random salt', async () => {
    const a = await hashPassword('Secret#123');
    const b = await hashPassword('Secret#123');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword(a, 'Secret#123')).toBe(true);
    expect(await verifyPassword(a, 'secret#123')).toBe(false);
    expect(await verifyPassword('not a hash', 'Secret#123')).toBe(false);
  });

  it('spends a hash verification even without a hash (unknown account), so both take about as long', async () => {
    const hash = await hashPassword('Secret#123');
    await verifyPassword(null, 'warm-up'); // builds the dummy hash once
    const time = async (fn: () => Promise<boolean>) => {
      const start = process.hrtime.bigint();
      for (let i = 0; i < 5; i++) expect(await fn()).toBe(false);
      return Number(process.hrtime.bigint() - start) / 5e6;
    };
    const known = await time(() => verifyPassword(hash, 'wrong'));
    const unknown = await time(() => verifyPassword(null, 'wrong'));
    // Without the dummy verification the unknown case would take a few microseconds; an argon2id
    // verification at m=19456 takes milliseconds on any machine. A floor, not a ratio of the two
    // timings: a loaded machine (the fresh-clone run of stop 43) stretched one and not the other
    // (39.9 against 8.7 ms), and load only ever adds time.
    expect(known).toBeGreaterThan(2);
    expect(unknown).toBeGreaterThan(2);
  });
});
