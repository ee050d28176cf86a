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

  it('an owner finds every page (of a services shop); a packer none of the settings', () => {
    expect(navFor('owner', 'services').length + placesFor('owner').length).toBe(NAV.length + PLACES.length);
    expect(placesFor('packer').some((p) => p.to.startsWith('/setup'))).toBe(false);
  });

  it('shows Applications in a services shop only, to the roles with the orders area', () => {
    const has = (role: string, mode: 'products' | 'services') =>
      navFor(role, mode).some((i) => i.to === '/applications');
    expect(has('owner', 'products')).toBe(false);
    expect(['owner', 'manager', 'packer'].map((r) => has(r, 'services'))).toEqual([true, true, true]);
    expect(has('content_editor', 'services')).toBe(false);
  });
});
