import { menuLinkPath, type AdminMenuItem, type MenuItemInput, type MenuLinkType } from '@shopfront/shared';

/**
 * The menu editor's tree (issue 28), as pure functions: every change makes a new tree. Items carry
 * a key of their own (the list's, the open form's); the storefront shows two levels, so an item
 * has sub-items only at the top level.
 */
export interface EditItem {
  key: string;
  label: string;
  link_type: MenuLinkType;
  link: string;
  children: EditItem[];
}

/** Where an item sits: its parent (null at the top) and its index among its siblings. */
export interface Place {
  parent: string | null;
  index: number;
}

let counter = 0;
export const newKey = () => `i${(counter += 1)}`;

export function fromMenu(items: readonly AdminMenuItem[]): EditItem[] {
  return items.map((i) => ({
    key: newKey(),
    label: i.label,
    link_type: i.link_type,
    link: i.link,
    children: fromMenu(i.children),
  }));
}

export function toBody(items: readonly EditItem[]): MenuItemInput[] {
  return items.map((i) => ({ label: i.label, link_type: i.link_type, link: i.link, children: toBody(i.children) }));
}

/** The items as the preview protocol's `shopfront:preview:menus` carries them (label, address, sub-items). */
export function toPreview(items: readonly EditItem[]): { label: string; url: string; children: unknown[] }[] {
  return items.map((i) => ({
    label: i.label,
    url: menuLinkPath(i.link_type, i.link),
    children: toPreview(i.children),
  }));
}

/** The tree as rows in reading order, each with its depth (0, 1) and field path (`items.0.children.1`). */
export function rows(items: readonly EditItem[]): { item: EditItem; depth: number; path: string; place: Place }[] {
  return items.flatMap((item, i) => [
    { item, depth: 0, path: `items.${i}`, place: { parent: null, index: i } },
    ...item.children.map((child, j) => ({
      item: child,
      depth: 1,
      path: `items.${i}.children.${j}`,
      place: { parent: item.key, index: j },
    })),
  ]);
}

export function find(items: readonly EditItem[], key: string) {
  return rows(items).find((r) => r.item.key === key);
}

/** The tree without the item `key` (and its sub-items). */
export function without(items: readonly EditItem[], key: string): EditItem[] {
  return items.filter((i) => i.key !== key).map((i) => ({ ...i, children: without(i.children, key) }));
}

/** `item` put at `place` (a parent that is gone: at the top, at the same index). */
export function insertAt(items: readonly EditItem[], item: EditItem, place: Place): EditItem[] {
  const parent = place.parent === null ? undefined : items.find((i) => i.key === place.parent);
  if (!parent) return items.toSpliced(Math.min(place.index, items.length), 0, item);
  return items.map((i) =>
    i === parent ? { ...i, children: i.children.toSpliced(Math.min(place.index, i.children.length), 0, item) } : i,
  );
}

export function update(items: readonly EditItem[], key: string, change: Partial<EditItem>): EditItem[] {
  return items.map((i) => (i.key === key ? { ...i, ...change } : { ...i, children: update(i.children, key, change) }));
}

/**
 * Moves `key` (with its sub-items) just before or after `target`, at the target's level. Dropped
 * after a top-level item that has sub-items, it becomes that item's first sub-item (that is where
 * it shows in the list). Unchanged when the move would nest deeper than `maxDepth` allows.
 */
export function move(
  items: readonly EditItem[],
  key: string,
  target: string,
  position: 'before' | 'after',
  maxDepth: number,
): EditItem[] {
  const from = find(items, key);
  const to = find(items, target);
  if (!from || !to || key === target) return [...items];
  const moving = from.item;
  const rest = without(items, key);
  const into = position === 'after' && to.depth === 0 && to.item.children.length > 0;
  const childLevel = into || to.depth === 1;
  if (childLevel && (maxDepth < 2 || moving.children.length > 0)) return [...items];
  if (into) return insertAt(rest, moving, { parent: target, index: 0 });
  const at = find(rest, target)!.place;
  return insertAt(rest, moving, { parent: at.parent, index: at.index + (position === 'after' ? 1 : 0) });
}

/** One step up or down among its siblings (the Move up / Move down buttons). */
export function step(items: readonly EditItem[], key: string, by: -1 | 1): EditItem[] {
  const at = find(items, key);
  if (!at) return [...items];
  const siblings = at.place.parent === null ? items : find(items, at.place.parent)!.item.children;
  const index = at.place.index + by;
  if (index < 0 || index >= siblings.length) return [...items];
  return insertAt(without(items, key), at.item, { parent: at.place.parent, index });
}

/** Whether Move in can nest the item under the one above it. */
export function canIndent(items: readonly EditItem[], key: string, maxDepth: number): boolean {
  const at = find(items, key);
  return !!at && maxDepth > 1 && at.depth === 0 && at.place.index > 0 && at.item.children.length === 0;
}

/** Move in: the item becomes the last sub-item of the top-level item above it. */
export function indent(items: readonly EditItem[], key: string, maxDepth: number): EditItem[] {
  if (!canIndent(items, key, maxDepth)) return [...items];
  const at = find(items, key)!;
  const parent = items[at.place.index - 1]!;
  return insertAt(without(items, key), at.item, { parent: parent.key, index: parent.children.length });
}

/** Move out: a sub-item becomes a top-level item just after its parent. */
export function outdent(items: readonly EditItem[], key: string): EditItem[] {
  const at = find(items, key);
  if (!at || at.place.parent === null) return [...items];
  const parent = find(items, at.place.parent)!;
  return insertAt(without(items, key), at.item, { parent: null, index: parent.place.index + 1 });
}

/** The API's field messages (`items.0.children.1.link`) by item key and field (`label`, `link`, `children`). */
export function errorsByItem(
  items: readonly EditItem[],
  errors: Record<string, string>,
): Map<string, Record<string, string>> {
  const byPath = new Map(rows(items).map((r) => [r.path, r.item.key]));
  const out = new Map<string, Record<string, string>>();
  for (const [field, message] of Object.entries(errors)) {
    const m = /^(items\.\d+(?:\.children\.\d+)?)\.(label|link_type|link|children)(?:\.|$)/.exec(field);
    const key = m ? byPath.get(m[1]!) : undefined;
    if (!key) continue;
    const name = m![2] === 'link_type' ? 'link' : m![2]!;
    out.set(key, { ...out.get(key), [name]: out.get(key)?.[name] ?? message });
  }
  return out;
}
