import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { settingNumber, settingNumberLiteral, settingOn, storeNameOf } from './service.ts';

const dialect = new PgDialect();

describe('settings as SQL', () => {
  it('binds the key of a setting read inside a statement', () => {
    for (const q of [settingNumber("x'; drop table orders; --", 0, 10), settingOn('enable_refund')].map((s) =>
      dialect.sqlToQuery(s),
    )) {
      expect(q.params).toHaveLength(1);
      expect(q.sql).not.toContain('drop table');
    }
  });

  it('writes a plain key into a function body (no bound values there) and refuses anything else', () => {
    const q = dialect.sqlToQuery(settingNumberLiteral('tax_rate_percent', 0, 100));
    expect(q.params).toEqual([]);
    expect(q.sql).toContain("key = 'tax_rate_percent'");
    for (const bad of ["tax'rate", 'Tax', 'tax rate', '', 'tax;--']) {
      expect(() => settingNumberLiteral(bad, 0, 1)).toThrow(/not a plain setting key/);
    }
  });

  it('names the shop Shopfront until store_name is set', () => {
    expect(storeNameOf(undefined)).toBe('Shopfront');
    expect(storeNameOf('')).toBe('Shopfront');
    expect(storeNameOf('Loom & Leaf')).toBe('Loom & Leaf');
  });
});
