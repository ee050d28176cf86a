import { describe, expect, it } from 'vitest';
import { PLUGIN_CONFIG_SCHEMAS, PLUGIN_NAMES } from '@shopfront/shared';
import { configFields, configValues, toConfig } from './config-fields';

describe('a plugin’s settings form, read from its config schema', () => {
  it('has a field of a known kind, with a label, for every key of every plugin', () => {
    for (const name of PLUGIN_NAMES) {
      const schema = PLUGIN_CONFIG_SCHEMAS[name];
      const fields = configFields(schema);
      expect(fields.map((f) => f.key)).toEqual(Object.keys(schema.shape));
      for (const f of fields) {
        expect(['text', 'longtext', 'email', 'url', 'number', 'boolean', 'enum']).toContain(f.kind);
        expect(f.label, `${name}.${f.key}`).not.toMatch(/_/);
      }
    }
  });

  it('reads kinds, defaults, choices and optional keys from the schema', () => {
    expect(configFields(PLUGIN_CONFIG_SCHEMAS.WhatsApp)).toEqual([
      expect.objectContaining({ key: 'mobile_no', kind: 'text', label: 'Phone number', optional: false }),
      expect.objectContaining({
        key: 'default_message',
        kind: 'longtext',
        default: 'Hello! I have a question about your shop.',
      }),
      expect.objectContaining({ key: 'chat_location', kind: 'enum', options: ['Bottom Right', 'Bottom Left'] }),
    ]);
    expect(configFields(PLUGIN_CONFIG_SCHEMAS.AbandonedCart)).toEqual([
      expect.objectContaining({ key: 'delay_minutes', kind: 'number', default: 180 }),
    ]);
    expect(configFields(PLUGIN_CONFIG_SCHEMAS.UmamiAnalytics)[1]).toMatchObject({ key: 'script_url', kind: 'url' });
    expect(configFields(PLUGIN_CONFIG_SCHEMAS.TradeEnquiry)[2]).toMatchObject({
      key: 'notify_email',
      kind: 'email',
      optional: true,
      label: 'Send enquiries to',
    });
    expect(configFields(PLUGIN_CONFIG_SCHEMAS.Review)).toEqual([]);
  });

  it('fills the form from the saved config, else the defaults, and leaves an empty optional key out', () => {
    const fields = configFields(PLUGIN_CONFIG_SCHEMAS.TradeEnquiry);
    const values = configValues(fields, { title: 'Wholesale' });
    expect(values).toEqual({
      title: 'Wholesale',
      success_message: 'Thank you. Our trade team will reply within two working days.',
      notify_email: '',
    });
    expect(toConfig(fields, values)).toEqual({
      title: 'Wholesale',
      success_message: 'Thank you. Our trade team will reply within two working days.',
    });
    const cart = configFields(PLUGIN_CONFIG_SCHEMAS.AbandonedCart);
    expect(configValues(cart, {})).toEqual({ delay_minutes: 180 });
  });
});
