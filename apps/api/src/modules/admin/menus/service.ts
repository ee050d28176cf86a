import { sql, type SQL } from 'drizzle-orm';
import {
  MENU_SLOTS,
  adminMenuMessages as msg,
  menuLinkPath,
  menuSlot,
  type AdminMenu,
  type AdminMenuChoices,
  type AdminMenuItem,
  type AdminMenuList,
  type MenuItemValue,
  type MenuLinkType,
  type MenuSlot,
} from '@shopfront/shared';
import type { Db } from '../../../db/client.ts';
import { namedQuery } from '../../../db/named-query.ts';
import { HttpError, fieldError, notFound } from '../../../lib/http.ts';
import { recordAudit } from '../../staff/audit.ts';
import type { OwnerAct } from '../if-match.ts';
import { stateVersions, type VersionState } from '../versions/service.ts';

/**
 * The menu editor (issue 28). The storefront shows the menus of MENU_SLOTS; each is saved whole
 * (name and item tree) in one short transaction that first claims the menu row by a conditional
 * update (`version = If-Match`), so of two editors saving against the same version exactly one
 * wins and the other is refused with 409. menus' and menu_items' triggers tell every process's
 * page cache at commit (content-version.ts).
 */

const iso = (d: Date | string) => new Date(d).toISOString();

const slotOr404 = (id: string): MenuSlot => {
  const slot = menuSlot(id);
  if (!slot) throw notFound(msg.notFound);
  return slot;
};

interface ItemRow {
  id: number;
  parent_id: number | null;
  label: string;
  url: string;
  page: string | null;
  category: string | null;
  collection: string | null;
}

/** The menu's items with what each links to, in order (`url` already the linked one's current address). */
const itemRowsQuery = namedQuery<ItemRow>()({
  name: 'admin.menus.items',
  columns: ['id', 'parent_id', 'label', 'url', 'page', 'category', 'collection'],
  example: { id: 'header' },
  build: ({ id }: { id: string }) =>
    sql`select mi.id, mi.parent_id, mi.label, p.slug as page, c.slug as category, co.slug as collection,
               coalesce('/' || p.slug, '/product-category/' || c.slug, '/product-collection/' || co.slug, mi.url) as url
          from menu_items mi
          left join pages p on p.id = mi.page_id
          left join categories c on c.id = mi.category_id
          left join collections co on co.id = mi.collection_id
         where mi.menu_id = ${id} order by mi.position, mi.id`,
});

const itemRows = (db: Db, id: string): Promise<ItemRow[]> => itemRowsQuery(db, { id });

type Node = Omit<AdminMenuItem, 'children'> & { children: Node[] };

/**
 * The rows as a tree. The storefront shows two levels: a deeper item (made by SQL) is listed under
 * its top-level item, where the editor's next save keeps it.
 */
function tree(rows: ItemRow[]): AdminMenuItem[] {
  const byId = new Map<number, Node>();
  for (const r of rows) {
    const [link_type, link]: [MenuLinkType, string] =
      r.page !== null
        ? ['page', r.page]
        : r.category !== null
          ? ['category', r.category]
          : r.collection !== null
            ? ['collection', r.collection]
            : ['url', r.url];
    byId.set(r.id, { label: r.label, link_type, link, url: r.url, children: [] });
  }
  const roots: Node[] = [];
  for (const r of rows) {
    const parent = r.parent_id === null ? undefined : byId.get(r.parent_id);
    (parent ? parent.children : roots).push(byId.get(r.id)!);
  }
  const below = (n: Node): Node[] => n.children.flatMap((c) => [c, ...below(c)]);
  return roots.map((root) => ({ ...root, children: below(root).map((c) => ({ ...c, children: [] })) }));
}

interface MenuRow {
  id: string;
  name: string;
  version: number;
  updated_at: Date | string;
}

const MENU_COLUMNS = ['id', 'name', 'version', 'updated_at'] as const;

const menuListRows = namedQuery<MenuRow & { item_count: number }>()({
  name: 'admin.menus.list',
  columns: [...MENU_COLUMNS, 'item_count'],
  example: {},
  build: () =>
    sql`select m.id, m.name, m.version, m.updated_at,
               (select count(*)::int from menu_items mi where mi.menu_id = m.id) as item_count
          from menus m where m.id in (${sql.join(
            MENU_SLOTS.map((s) => sql`${s.id}`),
            sql`, `,
          )})`,
});

const menuRow = namedQuery<MenuRow>()({
  name: 'admin.menus.one',
  columns: MENU_COLUMNS,
  example: { id: 'header' },
  build: ({ id }: { id: string }) => sql`select id, name, version, updated_at from menus where id = ${id}`,
});

/** Claims the menu row for a save: its new version, or none when it is not at If-Match (the example's shape: with one). */
const claimMenuRow = namedQuery<{ version: number }>()({
  name: 'admin.menus.claim',
  columns: ['version'],
  example: { id: 'header', name: 'Main menu', ifMatch: 1 as number | null },
  build: (p: { id: string; name: string; ifMatch: number | null }) =>
    sql`update menus set name = ${p.name}, version = version + 1, updated_at = now()
           where id = ${p.id} and ${p.ifMatch === null ? sql`true` : sql`version = ${p.ifMatch}`}
           returning version`,
});

/** Writes item rows (`values`: their tuples, in insert's column order). */
const insertItemRows = namedQuery<{ id: number; position: number }>()({
  name: 'admin.menus.insert-items',
  columns: ['id', 'position'],
  example: { values: sql`(${'header'}, ${null}, ${'Home'}, ${'/'}, ${0}, ${null}, ${null}, ${null})` },
  build: (p: { values: SQL }) =>
    sql`insert into menu_items (menu_id, parent_id, label, url, position, page_id, category_id, collection_id)
            values ${p.values} returning id, position`,
});

const choiceRows = (name: string, build: () => SQL) =>
  namedQuery<{ slug: string; name: string }>()({ name, columns: ['slug', 'name'], example: {}, build });
const pageChoices = choiceRows(
  'admin.menus.choice-pages',
  () => sql`select slug, title as name from pages where is_published order by title, id`,
);
const categoryChoices = choiceRows(
  'admin.menus.choice-categories',
  () => sql`select slug, name from categories order by name, id`,
);
const collectionChoices = choiceRows(
  'admin.menus.choice-collections',
  () => sql`select slug, name from collections order by name, id`,
);

/** The storefront's menus, header first, each with its item count (version 0: not made yet). */
export async function listMenus(db: Db): Promise<AdminMenuList> {
  const rows = await menuListRows(db, {});
  return {
    menus: MENU_SLOTS.map((slot) => {
      const r = rows.find((row) => row.id === slot.id);
      return {
        ...slotFields(slot, r),
        item_count: r?.item_count ?? 0,
      };
    }),
  };
}

const slotFields = (slot: MenuSlot, r: MenuRow | undefined) => ({
  id: slot.id,
  name: r?.name ?? slot.default_name,
  place: slot.place,
  description: slot.description,
  max_depth: slot.max_depth,
  version: r?.version ?? 0,
  updated_at: r ? iso(r.updated_at) : null,
});

/** One menu as a tree; 404 for an id the storefront does not show. */
export async function loadAdminMenu(db: Db, id: string): Promise<AdminMenu> {
  const slot = slotOr404(id);
  const [r] = await menuRow(db, { id });
  return { ...slotFields(slot, r), items: r ? tree(await itemRows(db, id)) : [] };
}

/** 422 at `items.N.children` for sub-items of a menu the storefront shows flat. */
function checkDepth(slot: MenuSlot, items: MenuItemValue[]): void {
  if (slot.max_depth > 1) return;
  const at = items.findIndex((i) => i.children.length > 0);
  if (at >= 0) throw fieldError(`items.${at}.children`, msg.tooDeep(slot));
}

type Linked = Exclude<MenuLinkType, 'url'>;
const LINKED: Record<Linked, { table: string; missing: string }> = {
  page: { table: 'pages', missing: msg.noPage },
  category: { table: 'categories', missing: msg.noCategory },
  collection: { table: 'collections', missing: msg.noCollection },
};

/** The linked ones of the slugs, locked against deletion: one statement per kind, each named and checked. */
const linkedRows = (type: Linked) =>
  namedQuery<{ id: number; slug: string }>()({
    name: `admin.menus.linked-${type}`,
    columns: ['id', 'slug'],
    example: { slugs: ['example'] },
    build: ({ slugs }: { slugs: string[] }) =>
      sql`select id, slug from ${sql.raw(LINKED[type].table)}
           where slug in (${sql.join(
             slugs.map((s) => sql`${s}`),
             sql`, `,
           )}) for key share`,
  });
const LINKED_ROWS: Record<Linked, ReturnType<typeof linkedRows>> = {
  page: linkedRows('page'),
  category: linkedRows('category'),
  collection: linkedRows('collection'),
};

/** Every item with its field path (`items.0.children.2`), parents first. */
const withPaths = (items: MenuItemValue[]) =>
  items.flatMap((item, i) => [
    { item, path: `items.${i}`, parent: null as number | null, position: i },
    ...item.children.map((child, j) => ({ item: child, path: `items.${i}.children.${j}`, parent: i, position: j })),
  ]);

/**
 * The ids of the pages, categories and collections the items link to, locked against deletion
 * until the save commits (`for key share`); 422 at the item's `link` for one the shop lacks.
 */
async function resolveLinks(tx: Db, items: ReturnType<typeof withPaths>): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const type of Object.keys(LINKED) as Linked[]) {
    const slugs = [...new Set(items.filter((e) => e.item.link_type === type).map((e) => e.item.link))];
    if (!slugs.length) continue;
    const rows = await LINKED_ROWS[type](tx, { slugs });
    for (const r of rows) ids.set(`${type}:${r.slug}`, r.id);
    const missing = items.find((e) => e.item.link_type === type && !ids.has(`${type}:${e.item.link}`));
    if (missing) throw fieldError(`${missing.path}.link`, LINKED[type].missing);
  }
  return ids;
}

/** The menu as a version keeps it (issue 28): its name and item tree; null for one never saved. */
async function menuState(db: Db, id: string): Promise<VersionState | null> {
  const m = await loadAdminMenu(db, id);
  return m.updated_at === null ? null : { body: { name: m.name, items: m.items }, at: m.updated_at };
}

const menuVersions = stateVersions('menu', menuState);

/** What the audit log keeps of a menu: each item's label and address, sub-items indented. */
const outline = (
  items: readonly { label: string; url: string; children: readonly { label: string; url: string }[] }[],
) => items.flatMap((i) => [`${i.label} → ${i.url}`, ...i.children.map((c) => `  ${c.label} → ${c.url}`)]);

/**
 * Replaces the menu's name and whole item tree, if it is still at the If-Match version (0: a menu
 * the shop does not have yet); audited in the same transaction. Shoppers see it at once.
 */
export async function saveMenu(
  db: Db,
  act: OwnerAct,
  id: string,
  body: { name: string; items: MenuItemValue[] },
): Promise<AdminMenu> {
  const slot = slotOr404(id);
  checkDepth(slot, body.items);
  const entries = withPaths(body.items);
  await db.transaction(async (tx) => {
    const first = await menuVersions.first(tx, id);
    await tx.execute(
      sql`insert into menus (id, name, version) values (${id}, ${body.name}, 0) on conflict (id) do nothing`,
    );
    const [claimed] = await claimMenuRow(tx, { id, name: body.name, ifMatch: act.ifMatch });
    if (!claimed) throw new HttpError(409, msg.stale);
    const ids = await resolveLinks(tx, entries);
    const before = tree(await itemRows(tx, id));
    await tx.execute(sql`delete from menu_items where menu_id = ${id}`);
    const values = (level: typeof entries, parentIds: number[]) =>
      sql.join(
        level.map(({ item, parent, position }) => {
          const ref = item.link_type === 'url' ? undefined : ids.get(`${item.link_type}:${item.link}`);
          const url = menuLinkPath(item.link_type, item.link);
          return sql`(${id}, ${parent === null ? null : parentIds[parent]}, ${item.label}, ${url}, ${position},
            ${item.link_type === 'page' ? ref : null}, ${item.link_type === 'category' ? ref : null},
            ${item.link_type === 'collection' ? ref : null})`;
        }),
        sql`, `,
      );
    const insert = (level: typeof entries, parentIds: number[]) =>
      insertItemRows(tx, { values: values(level, parentIds) });
    const roots = entries.filter((e) => e.parent === null);
    if (roots.length) {
      const made = await insert(roots, []);
      const rootIds = roots.map((e) => made.find((m) => m.position === e.position)!.id);
      const children = entries.filter((e) => e.parent !== null);
      if (children.length) await insert(children, rootIds);
    }
    await menuVersions.keep(tx, act.staff.email, id, first);
    await recordAudit(tx, {
      staff: act.staff,
      action: 'menu.save',
      target: `menu:${id}`,
      before: { items: outline(before) },
      after: { version: claimed.version, name: body.name, items: outline(tree(await itemRows(tx, id))) },
      ip: act.ip,
    });
  });
  return loadAdminMenu(db, id);
}

/** What an item can link to: the published pages, every category and collection, by name. */
export async function menuChoices(db: Db): Promise<AdminMenuChoices> {
  const [pages, categories, collections] = await Promise.all([
    pageChoices(db, {}),
    categoryChoices(db, {}),
    collectionChoices(db, {}),
  ]);
  return { pages, categories, collections };
}
