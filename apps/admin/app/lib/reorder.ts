/**
 * Reordering a flat list of keyed rows (FAQ questions, testimonials): by drag and drop (before or
 * after another row) and by the Move up / Move down buttons. Pure functions: each answers a new list.
 */

/** `list` with the row `key` moved just before or after the row `target`; unchanged for an unknown key. */
export function moveTo<T extends { key: string }>(
  list: readonly T[],
  key: string,
  target: string,
  position: 'before' | 'after',
): T[] {
  const row = list.find((r) => r.key === key);
  if (!row || key === target) return [...list];
  const rest = list.filter((r) => r.key !== key);
  const at = rest.findIndex((r) => r.key === target);
  if (at < 0) return [...list];
  rest.splice(position === 'before' ? at : at + 1, 0, row);
  return rest;
}

/** `list` with the row `key` one place up (-1) or down (1); unchanged at either end. */
export function stepBy<T extends { key: string }>(list: readonly T[], key: string, delta: -1 | 1): T[] {
  const at = list.findIndex((r) => r.key === key);
  const to = at + delta;
  if (at < 0 || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[at], next[to]] = [next[to]!, next[at]!];
  return next;
}
