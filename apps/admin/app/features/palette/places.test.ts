import { describe, expect, it } from 'vitest';
import { NAV, navFor } from '../../lib/nav';
import { PLACES, placesFor } from './places';

/*
 * The palette keys each page by where it goes: two entries with one address make react-aria's
 * menu drop the whole "Go to" section (CI at stop 28: Low stock and Plugins were never shown).
 */
describe('palette places', () => {
  it('no place repeats a navigation address', () => {
    const addresses = [...NAV, ...PLACES].map((i) => i.to);
    expect(addresses.filter((to, i) => addresses.indexOf(to) !== i)).toEqual([]);
  });

  it('an owner finds every page; a packer none of the settings', () => {
    expect(navFor('owner').length + placesFor('owner').length).toBe(NAV.length + PLACES.length);
    expect(placesFor('packer').some((p) => p.to.startsWith('/setup'))).toBe(false);
  });
});
