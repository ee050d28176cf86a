import { describe, expect, it } from 'vitest';
import { addressNameAndLines, formatAddress, formatAddressLines } from './address-format.ts';

describe('address display helpers', () => {
  const address = {
    first_name: 'Asha',
    last_name: 'Rao',
    address_line_1: '12 Residency Road',
    address_line_2: 'Flat 4',
    landmark: 'Opposite the park',
    city: 'Bengaluru',
    postcode: '560025',
    state: { id: 3, name: 'Karnataka' },
    country: { id: 1, name: 'India' },
  };

  it('formats multi-line and one-line, skipping what is empty', () => {
    expect(formatAddressLines(address)).toEqual([
      'Asha Rao',
      '12 Residency Road, Flat 4',
      'Opposite the park',
      'Bengaluru, Karnataka 560025',
      'India',
    ]);
    // "Near" is added to a landmark that does not already say where it is, never twice.
    const landmarkLine = (landmark: string) => formatAddressLines({ ...address, landmark })[2];
    expect(landmarkLine('Vashi station')).toBe('Near Vashi station');
    expect(landmarkLine('near Vashi station')).toBe('near Vashi station');
    expect(landmarkLine('Opp. Forum Mall')).toBe('Opp. Forum Mall');
    expect(landmarkLine('Behind the temple')).toBe('Behind the temple');
    expect(landmarkLine('Nearby Bakery')).toBe('Near Nearby Bakery');
    expect(formatAddress({ ...address, address_line_2: null, landmark: null, state: null })).toBe(
      'Asha Rao, 12 Residency Road, Bengaluru, 560025, India',
    );
  });

  it('gives the name apart, empty when the address has none, and no line for a blank landmark', () => {
    expect(addressNameAndLines({ ...address, first_name: ' ', last_name: '', landmark: '  ' })).toEqual({
      name: '',
      lines: ['12 Residency Road, Flat 4', 'Bengaluru, Karnataka 560025', 'India'],
    });
    expect(formatAddressLines({ ...address, first_name: '', last_name: '' })[0]).toBe('12 Residency Road, Flat 4');
  });
});
