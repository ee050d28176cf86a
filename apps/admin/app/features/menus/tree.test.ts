import { describe, expect, it } from 'vitest';
import {
  canIndent,
  errorsByItem,
  fromMenu,
  indent,
  insertAt,
  move,
  outdent,
  rows,
  step,
  toBody,
  without,
  type EditItem,
} from './tree';

const item = (key: string, children: EditItem[] = []): EditItem => ({
  key,
  label: key.toUpperCase(),
  link_type: 'url',
  link: `/${key}`,
  children,
});
/** a, b (b1, b2), c */
const menu = () => [item('a'), item('b', [item('b1'), item('b2')]), item('c')];
/** The tree's shape: keys, sub-items in brackets. */
const shape = (items: EditItem[]): string =>
  items.map((i) => (i.children.length ? `${i.key}[${shape(i.children)}]` : i.key)).join(' ');

describe('reading and writing', () => {
  it('gives the API its tree back without keys, and lists rows with depth and field path', () => {
    const tree = fromMenu([
      { label: 'A', link_type: 'page', link: 'about', url: '/about', children: [] },
      {
        label: 'B',
        link_type: 'url',
        link: '/b',
        url: '/b',
        children: [{ label: 'B1', link_type: 'category', link: 'tea', url: '/product-category/tea', children: [] }],
      },
    ]);
    expect(toBody(tree)).toEqual([
      { label: 'A', link_type: 'page', link: 'about', children: [] },
      {
        label: 'B',
        link_type: 'url',
        link: '/b',
        children: [{ label: 'B1', link_type: 'category', link: 'tea', children: [] }],
      },
    ]);
    expect(new Set(rows(tree).map((r) => r.item.key)).size).toBe(3);
    expect(rows(menu()).map((r) => [r.item.key, r.depth, r.path])).toEqual([
      ['a', 0, 'items.0'],
      ['b', 0, 'items.1'],
      ['b1', 1, 'items.1.children.0'],
      ['b2', 1, 'items.1.children.1'],
      ['c', 0, 'items.2'],
    ]);
  });
});

describe('moving', () => {
  it('moves an item before or after another at that one’s level', () => {
    expect(shape(move(menu(), 'c', 'a', 'before', 2))).toBe('c a b[b1 b2]');
    expect(shape(move(menu(), 'a', 'c', 'after', 2))).toBe('b[b1 b2] c a');
    expect(shape(move(menu(), 'b2', 'b1', 'before', 2))).toBe('a b[b2 b1] c');
    expect(shape(move(menu(), 'a', 'b1', 'after', 2))).toBe('b[b1 a b2] c');
    expect(shape(move(menu(), 'b1', 'c', 'after', 2))).toBe('a b[b2] c b1');
  });

  it('drops after an item with sub-items as its first sub-item (where the list shows it)', () => {
    expect(shape(move(menu(), 'c', 'b', 'after', 2))).toBe('a b[c b1 b2]');
  });

  it('refuses a move that would nest too deep: an item with sub-items, or any sub-item in a flat menu', () => {
    expect(shape(move(menu(), 'b', 'a', 'before', 2))).toBe('b[b1 b2] a c');
    expect(shape(move([item('a', [item('a1')]), item('b', [item('b1')])], 'b', 'a1', 'after', 2))).toBe('a[a1] b[b1]');
    expect(shape(move([item('a', [item('a1')]), item('c')], 'c', 'a', 'after', 1))).toBe('a[a1] c');
    expect(shape(move(menu(), 'x', 'a', 'before', 2))).toBe('a b[b1 b2] c');
  });

  it('steps up and down among its siblings only', () => {
    expect(shape(step(menu(), 'c', -1))).toBe('a c b[b1 b2]');
    expect(shape(step(menu(), 'a', -1))).toBe('a b[b1 b2] c');
    expect(shape(step(menu(), 'b1', 1))).toBe('a b[b2 b1] c');
    expect(shape(step(menu(), 'b2', 1))).toBe('a b[b1 b2] c');
  });
});

describe('Move in and Move out', () => {
  it('nests an item under the one above it, as its last sub-item', () => {
    expect(shape(indent(menu(), 'c', 2))).toBe('a b[b1 b2 c]');
    expect(shape(indent(menu(), 'b', 2))).toBe('a b[b1 b2] c');
    expect(canIndent(menu(), 'a', 2)).toBe(false);
    expect(canIndent(menu(), 'b1', 2)).toBe(false);
    expect(canIndent(menu(), 'c', 1)).toBe(false);
    expect(canIndent(menu(), 'c', 2)).toBe(true);
  });

  it('lifts a sub-item to the top level just after its parent', () => {
    expect(shape(outdent(menu(), 'b1'))).toBe('a b[b2] b1 c');
    expect(shape(outdent(menu(), 'a'))).toBe('a b[b1 b2] c');
  });
});

describe('removing and undoing', () => {
  it('puts a removed item back where it was, or at the top if its parent went too', () => {
    const tree = menu();
    const at = rows(tree).find((r) => r.item.key === 'b2')!;
    const gone = without(tree, 'b2');
    expect(shape(gone)).toBe('a b[b1] c');
    expect(shape(insertAt(gone, at.item, at.place))).toBe('a b[b1 b2] c');
    expect(shape(insertAt(without(gone, 'b'), at.item, at.place))).toBe('a b2 c');
  });
});

describe('the API’s field messages', () => {
  it('lands each at its item and field', () => {
    const errors = errorsByItem(menu(), {
      'items.0.label': 'Give it a label',
      'items.1.children.1.link': 'No such page',
      'items.2.children': 'No sub-items here',
      'items.1.children.0.children': 'Too deep',
      name: 'Name it',
    });
    expect(Object.fromEntries(errors)).toEqual({
      a: { label: 'Give it a label' },
      b2: { link: 'No such page' },
      c: { children: 'No sub-items here' },
      b1: { children: 'Too deep' },
    });
  });
});
