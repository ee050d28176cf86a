import { describe, expect, it } from 'vitest';
import { MENU_MAX_ITEMS } from '@shopfront/shared';
import { parseParentMessage, PREVIEW_MESSAGE } from './messages';
import { readMenus, withPreviewMenus } from './menus';

const item = (label: unknown, url: unknown, children?: unknown) => ({ label, url, children });

describe('the preview’s menus', () => {
  it('reads the shell’s menus: items that can be shown, one level of sub-items, ids of their own', () => {
    const menus = readMenus({
      'main-menu': {
        name: 'Main',
        items: [
          item('Home', '/'),
          item('Bad', 'javascript:alert(1)'),
          item('', '/empty'),
          item('x'.repeat(61), '/long'),
          item('Help', 'mailto:help@shop.test', [item('Call', 'tel:+911234', [item('Too deep', '/deep')]), 'junk']),
        ],
      },
      'footer-help': { name: 42, items: 'none' },
      'other-menu': { name: 'Nope', items: [item('A', '/a')] },
    });
    expect(menus).toEqual({
      'main-menu': {
        id: 'main-menu',
        name: 'Main',
        items: [
          { id: -1, label: 'Home', url: '/', children: [] },
          {
            id: -2,
            label: 'Help',
            url: 'mailto:help@shop.test',
            children: [{ id: -3, label: 'Call', url: 'tel:+911234', children: [] }],
          },
        ],
      },
      'footer-help': { id: 'footer-help', name: 'Help', items: [] },
    });
    const many = readMenus({
      'footer-shop': { name: 'Shop', items: Array.from({ length: 150 }, () => item('A', '/a')) },
    });
    expect(many?.['footer-shop']?.items).toHaveLength(MENU_MAX_ITEMS);
    expect(readMenus({ 'other-menu': {} })).toBeNull();
  });

  it('is a message of its own; one naming no menu the shell shows is ignored', () => {
    const msg = parseParentMessage({ type: PREVIEW_MESSAGE.menus, menus: { 'footer-shop': { name: 'S', items: [] } } });
    expect(msg).toEqual({
      type: PREVIEW_MESSAGE.menus,
      menus: { 'footer-shop': { id: 'footer-shop', name: 'S', items: [] } },
    });
    expect(parseParentMessage({ type: PREVIEW_MESSAGE.menus, menus: [] })).toBeNull();
  });

  it('puts previewed menus in place of the saved ones, footer columns in the shell’s order', () => {
    const saved = {
      main: { id: 'main-menu', name: 'Main', items: [] },
      footer: [{ id: 'footer-shop', name: 'Shop', items: [] }],
    };
    expect(withPreviewMenus(saved, null)).toBe(saved);
    const help = { id: 'footer-help', name: 'Help', items: [] };
    const shop = { id: 'footer-shop', name: 'New', items: [] };
    expect(withPreviewMenus(saved, { 'footer-help': help, 'footer-shop': shop })).toEqual({
      main: saved.main,
      footer: [shop, help],
    });
  });
});
