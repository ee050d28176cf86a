import { describe, expect, it } from 'vitest';
import {
  codOffered,
  defaultZoneOf,
  normalisePostcode,
  postcodeInRange,
  zoneCovers,
  zoneOf,
  type ZoneRow,
} from './zones.ts';

const IN = 1;
const AE = 2;
const KA = 10;
const KL = 11;

const zone = (id: number, over: Partial<ZoneRow> = {}): ZoneRow => ({
  id,
  name: `zone ${id}`,
  country_id: IN,
  state_ids: [],
  postcode_ranges: [],
  cod_available: true,
  cod_fee_minor: 0,
  delivery_days_min: 3,
  delivery_days_max: 6,
  position: 0,
  is_active: true,
  ...over,
});

const at = (postcode: string, state_id: number | null = KA, country_id = IN) => ({ country_id, state_id, postcode });

describe('postcodeInRange', () => {
  it('compares digit postcodes as numbers against ends of the same length, both ends included', () => {
    const r = { from: '744101', to: '744304' };
    expect(postcodeInRange('744101', r)).toBe(true);
    expect(postcodeInRange('744200', r)).toBe(true);
    expect(postcodeInRange('744304', r)).toBe(true);
    expect(postcodeInRange('744100', r)).toBe(false);
    expect(postcodeInRange('744305', r)).toBe(false);
    expect(postcodeInRange('560025', r)).toBe(false);
  });

  it('never matches a digit postcode of another length by number (7441010 is not in 744101–744304)', () => {
    expect(postcodeInRange('7441010', { from: '744101', to: '744304' })).toBe(false);
    expect(postcodeInRange('74420', { from: '744101', to: '744304' })).toBe(false);
    // Leading zeros count: 02134 is a five-digit postcode, not 2134.
    expect(postcodeInRange('02134', { from: '02100', to: '02199' })).toBe(true);
    expect(postcodeInRange('2134', { from: '02100', to: '02199' })).toBe(false);
  });

  it('ignores spaces, hyphens and letter case; other postcodes match only an end they equal', () => {
    expect(normalisePostcode(' sw1a 1aa ')).toBe('SW1A1AA');
    expect(postcodeInRange('744 101', { from: '744101', to: '744304' })).toBe(true);
    expect(postcodeInRange('sw1a 1aa', { from: 'SW1A 1AA', to: 'SW1A 1AA' })).toBe(true);
    expect(postcodeInRange('SW1A 1AB', { from: 'SW1A 1AA', to: 'SW1A 1AA' })).toBe(false);
    // No alphabetical ranges: only the ends themselves.
    expect(postcodeInRange('B', { from: 'A', to: 'C' })).toBe(false);
    expect(postcodeInRange('C', { from: 'A', to: 'C' })).toBe(true);
    // An empty `to` is the single postcode `from`.
    expect(postcodeInRange('682551', { from: '682551', to: '' })).toBe(true);
    expect(postcodeInRange('', { from: '', to: '' })).toBe(false);
  });
});

describe('zoneCovers', () => {
  it('needs the country, one of the states when any are listed, and a range when any are listed', () => {
    expect(zoneCovers(zone(1), at('560025'))).toBe(true);
    expect(zoneCovers(zone(1), at('12345', 30, AE))).toBe(false);
    const karnataka = zone(2, { state_ids: [KA] });
    expect(zoneCovers(karnataka, at('560025', KA))).toBe(true);
    expect(zoneCovers(karnataka, at('682001', KL))).toBe(false);
    expect(zoneCovers(karnataka, at('560025', null))).toBe(false);
    const islands = zone(3, {
      postcode_ranges: [
        { from: '744101', to: '744304' },
        { from: '682551', to: '682559' },
      ],
    });
    expect(zoneCovers(islands, at('682555', KL))).toBe(true);
    expect(zoneCovers(islands, at('682560', KL))).toBe(false);
    expect(
      zoneCovers(zone(4, { state_ids: [KL], postcode_ranges: [{ from: '682551', to: '682559' }] }), at('682551', KA)),
    ).toBe(false);
  });
});

describe('zoneOf', () => {
  const islands = zone(7, { position: 0, postcode_ranges: [{ from: '744101', to: '744304' }], cod_available: false });
  const india = zone(3, { position: 1 });

  it('answers the first active zone by position that covers the address', () => {
    expect(zoneOf([india, islands], at('744101'))?.id).toBe(7);
    expect(zoneOf([india, islands], at('560025'))?.id).toBe(3);
    // Inactive zones are passed over.
    expect(zoneOf([india, { ...islands, is_active: false }], at('744101'))?.id).toBe(3);
  });

  it('breaks a tie of positions by id', () => {
    expect(zoneOf([zone(9), zone(4)], at('560025'))?.id).toBe(4);
  });

  it('answers null when no zone covers the address', () => {
    expect(zoneOf([india, islands], at('12345', 30, AE))).toBeNull();
    expect(zoneOf([islands], at('560025'))).toBeNull();
    expect(zoneOf([], at('560025'))).toBeNull();
  });
});

describe('defaultZoneOf', () => {
  it("is the first active zone of the shop's country that covers all of it", () => {
    const islands = zone(7, { position: 0, postcode_ranges: [{ from: '744101', to: '744304' }] });
    const karnataka = zone(8, { position: 1, state_ids: [KA] });
    const india = zone(3, { position: 2 });
    expect(defaultZoneOf([islands, karnataka, india], IN)?.id).toBe(3);
    expect(defaultZoneOf([islands, karnataka, { ...india, is_active: false }], IN)).toBeNull();
    expect(defaultZoneOf([india], AE)).toBeNull();
  });
});

describe('codOffered', () => {
  it('offers Cash on Delivery where the zone takes it and the method is switched on', () => {
    const on = [{ code: 'cod' }, { code: 'sandbox' }];
    expect(codOffered(zone(1), on)).toBe(true);
    expect(codOffered(zone(1, { cod_available: false }), on)).toBe(false);
    expect(codOffered(zone(1), [{ code: 'sandbox' }])).toBe(false);
    expect(codOffered(null, on)).toBe(false);
  });
});
