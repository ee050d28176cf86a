import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { settingNumber, settingOn, storeNameOf } from './service.ts';

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

  it('names the shop Shopfront until store_name is set', () => {
    expect(storeNameOf(undefined)).toBe('Shopfront');
    expect(storeNameOf('')).toBe('Shopfront');
    expect(storeNameOf('Loom & Leaf')).toBe('Loom & Leaf');
  });
});
