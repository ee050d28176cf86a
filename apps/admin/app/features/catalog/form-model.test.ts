import { describe, expect, it } from 'vitest';
import { withChannels, type VariantRow } from './form-model';

const INR = { id: 'ch_web', currency: 'INR' };
const AED = { id: 'ch_uae', currency: 'AED' };
const USD = { id: 'ch_us', currency: 'USD' };

const row = (prices: [string, string, string][]): VariantRow => ({
  sku: 'TEE-S',
  options: { Size: 'S' },
  prices: prices.map(([channel_id, currency, price]) => ({ channel_id, currency, price, compare_at: '' })),
  stock: '3',
});

describe('withChannels: the price columns follow the shop’s channels', () => {
  it('gives back the same rows when the channels are the same', () => {
    const rows = [row([['ch_web', 'INR', '899']])];
    expect(withChannels(rows, [INR])).toBe(rows);
  });

  it('adds an empty cell for a new channel and keeps what was typed, in the channels’ order', () => {
    const rows = [
      row([
        ['ch_web', 'INR', '899'],
        ['ch_uae', 'AED', '45'],
      ]),
    ];
    const next = withChannels(rows, [INR, USD, AED]);
    expect(next[0]!.prices).toEqual([
      { channel_id: 'ch_web', currency: 'INR', price: '899', compare_at: '' },
      { channel_id: 'ch_us', currency: 'USD', price: '', compare_at: '' },
      { channel_id: 'ch_uae', currency: 'AED', price: '45', compare_at: '' },
    ]);
    expect(next[0]!.sku).toBe('TEE-S');
  });

  it('drops a deleted channel’s cell and follows a changed currency', () => {
    const rows = [
      row([
        ['ch_web', 'INR', '899'],
        ['ch_uae', 'AED', '45'],
      ]),
    ];
    expect(withChannels(rows, [INR])[0]!.prices).toEqual([
      { channel_id: 'ch_web', currency: 'INR', price: '899', compare_at: '' },
    ]);
    expect(withChannels(rows, [INR, { id: 'ch_uae', currency: 'SAR' }])[0]!.prices[1]).toEqual({
      channel_id: 'ch_uae',
      currency: 'SAR',
      price: '45',
      compare_at: '',
    });
  });
});
