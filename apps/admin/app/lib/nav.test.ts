import { describe, expect, it } from 'vitest';
import { isHere, navGroupsFor } from './nav';

describe('the sidebar groups', () => {
  it('folds Content and Shop, and keeps the daily groups open', () => {
    const groups = navGroupsFor('owner', 'products').map((g) => [g.heading, g.folds]);
    expect(groups).toEqual([
      [null, false],
      ['Catalogue', false],
      ['People', false],
      ['Content', true],
      ['Shop', true],
    ]);
  });

  it('keeps a heading with the first place the role may use under it', () => {
    const packer = navGroupsFor('packer', 'products');
    expect(packer.map((g) => g.heading)).not.toContain('Content');
    expect(packer.at(-1)).toMatchObject({ heading: 'Shop', folds: true });
    expect(packer.at(-1)!.items.map((i) => i.to)).toEqual(['/account']);
  });

  it('knows the page is at a place or under it, Home only at its own address', () => {
    expect(isHere('/menus/main', '/menus')).toBe(true);
    expect(isHere('/menus', '/menus')).toBe(true);
    expect(isHere('/menuses', '/menus')).toBe(false);
    expect(isHere('/orders', '/')).toBe(false);
    expect(isHere('/', '/')).toBe(true);
  });
});
