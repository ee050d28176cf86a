import { describe, expect, it } from 'vitest';
import { STORE_SETTING_KEYS, StoreSettingsPatchSchema } from '@shopfront/shared';
import { changedBody, toBody, toValues } from './form-model';
import { SETTINGS_GROUPS, settingsGroup } from './groups';

describe('the store settings screens', () => {
  it('edit every store setting exactly once, but the shop mode (it has its own screen)', () => {
    const keys = SETTINGS_GROUPS.flatMap((g) => g.fields.map((f) => f.key));
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort()).toEqual(STORE_SETTING_KEYS.filter((k) => k !== 'store_mode').sort());
  });

  it('mark as optional exactly the settings the contract lets be none (null)', () => {
    for (const g of SETTINGS_GROUPS)
      for (const f of g.fields) {
        const accepts = StoreSettingsPatchSchema.safeParse({ [f.key]: null }).success;
        expect(Boolean(f.optional), f.key).toBe(accepts);
      }
  });

  it('send only what changed, an emptied optional text as null', () => {
    const care = settingsGroup('care')!;
    const saved = {
      enable_customer_care: true,
      customer_care_email: 'care@example.com',
      facebook: 'https://facebook.com/shop',
      instagram: null,
    };
    const values = toValues(care, saved);
    expect(values).toMatchObject({ enable_customer_care: true, instagram: '', facebook: 'https://facebook.com/shop' });
    expect(changedBody(care, values, saved)).toEqual({});
    expect(changedBody(care, { ...values, facebook: ' ', enable_customer_care: false }, saved)).toEqual({
      facebook: null,
      enable_customer_care: false,
    });
    expect(toBody(settingsGroup('cart')!, { cart_expire_days: 14 })).toEqual({ cart_expire_days: 14 });
  });
});
