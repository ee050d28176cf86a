import { MENU_LABEL_MAX, MENU_MAX_ITEMS, MENU_NAME_MAX, MENU_SLOTS, type Menu, type MenuItem } from '@shopfront/shared';

/**
 * Hand-written, lenient reading of the menus an admin panel sends for a live preview (as
 * sections.ts for sections, without zod): only the menus the shell shows, an item that cannot be
 * shown (no label, a link that is not a path on the shop, http(s), mailto: or tel:) is left out,
 * sub-items one level deep, at most MENU_MAX_ITEMS items a menu.
 */

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const LINK = /^(\/(?![/\\])|https?:\/\/[^\s]|mailto:[^\s]|tel:[+\d])/i;

function readItems(v: unknown, depth: number, next: () => number | null): MenuItem[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((raw): MenuItem[] => {
    if (!isObject(raw)) return [];
    const label = typeof raw.label === 'string' ? raw.label.trim() : '';
    const url = raw.url;
    if (!label || label.length > MENU_LABEL_MAX || typeof url !== 'string' || url.length > 2000 || !LINK.test(url)) {
      return [];
    }
    const id = next();
    if (id === null) return [];
    return [{ id, label, url, children: depth < 2 ? readItems(raw.children, depth + 1, next) : [] }];
  });
}

/** The shown menus of a `shopfront:preview:menus` message, by id; null when it has none. */
export function readMenus(v: unknown): Record<string, Menu> | null {
  if (!isObject(v)) return null;
  const out: Record<string, Menu> = {};
  for (const slot of MENU_SLOTS) {
    const m = v[slot.id];
    if (!isObject(m)) continue;
    const name =
      typeof m.name === 'string' && m.name.trim() && m.name.length <= MENU_NAME_MAX ? m.name.trim() : slot.default_name;
    let count = 0;
    // Preview items need ids only as React keys: negative, never a stored item's.
    const next = () => (count < MENU_MAX_ITEMS ? -++count : null);
    out[slot.id] = { id: slot.id, name, items: readItems(m.items, 1, next) };
  }
  return Object.keys(out).length ? out : null;
}

/** The shell's menus with the previewed ones in their place (a footer column the shop lacks included). */
export function withPreviewMenus(
  saved: { main: Menu | null; footer: Menu[] },
  preview: Record<string, Menu> | null,
): { main: Menu | null; footer: Menu[] } {
  if (!preview) return saved;
  const [main, ...footer] = MENU_SLOTS;
  return {
    main: preview[main.id] ?? saved.main,
    footer: footer.flatMap((slot) => {
      const m = preview[slot.id] ?? saved.footer.find((f) => f.id === slot.id);
      return m ? [m] : [];
    }),
  };
}
