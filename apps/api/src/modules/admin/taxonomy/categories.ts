import { sql } from 'drizzle-orm';
import {
  adminTaxonomyMessages as msg,
  catalogUrls,
  type AdminCategory,
  type AdminCategoryCreate,
  type AdminCategoryList,
  type AdminCategoryOrder,
  type AdminCategoryPatch,
} from '@shopfront/shared';
import { queryRows, type Db } from '../../../db/client.ts';
import { namedQuery } from '../../../db/named-query.ts';
import { HttpError, fieldError, notFound } from '../../../lib/http.ts';
import { uniqueViolation } from '../../auth/service.ts';
import { recordAudit } from '../../staff/audit.ts';
import { refreshSearchText } from '../catalog/products.ts';
import { assertSameSet, assertVersion, lockTaxonomy, writePositions, type TaxonomyAct } from './shared.ts';

/**
 * The owner's categories (issue 26): a tree through parent_id, siblings ordered by position.
 * Every write takes the taxonomy lock, so moves and reorders apply one at a time (no cycle made
 * by two moves at once, no position lost or doubled by two reorders). The content triggers
 * tell every process's caches and the listing read model at the commit.
 */

interface Row {
  id: number;
  slug: string;
  name: string;
  description: string;
  parent_id: number | null;
  super_category_id: number | null;
  seo_title: string | null;
  seo_description: string | null;
  image_path: string | null;
  position: number;
  version: number;
  product_count: number;
  child_count: number;
}

/** The columns of a categories row (`select *`). */
const CATEGORY_COLUMNS = [
  'id',
  'slug',
  'name',
  'description',
  'parent_id',
  'super_category_id',
  'seo_title',
  'seo_description',
  'image_path',
  'position',
  'version',
] as const;

const categoryRows = namedQuery<Row>()({
  name: 'admin.taxonomy.category.list',
  columns: [...CATEGORY_COLUMNS, 'product_count', 'child_count'],
  example: {},
  build: () =>
    sql`select c.id, c.slug, c.name, c.description, c.parent_id, c.super_category_id, c.seo_title, c.seo_description,
               c.image_path, c.position, c.version,
               (select count(*)::int from product_categories pc join products p on p.id = pc.product_id
                 where pc.category_id = c.id and p.archived_at is null) as product_count,
               (select count(*)::int from categories k where k.parent_id = c.id) as child_count
          from categories c order by c.position, c.id`,
});

/** Every category in tree order, with its depth, its path ("Parent › Child") and counts. */
export async function listCategories(db: Db): Promise<AdminCategoryList> {
  const rows = await categoryRows(db, {});
  const byId = new Map(rows.map((r) => [r.id, r]));
  const children = new Map<number | null, Row[]>();
  for (const r of rows) {
    const parent = r.parent_id !== null && byId.has(r.parent_id) ? r.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), r]);
  }
  const out: AdminCategory[] = [];
  const seen = new Set<number>();
  const walk = (parent: number | null, depth: number, trail: string[]) => {
    for (const r of children.get(parent) ?? []) {
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      const path = [...trail, r.name];
      out.push({ ...r, depth, path: path.join(' › '), url: catalogUrls.category(r.slug) });
      walk(r.id, depth + 1, path);
    }
  };
  walk(null, 0, []);
  return { categories: out };
}

async function loadOne(tx: Db, id: number): Promise<AdminCategory> {
  const found = (await listCategories(tx)).categories.find((c) => c.id === id);
  if (!found) throw notFound(msg.categoryNotFound);
  return found;
}

/** The category's row, locked (every column of the table: a new one is declared here). */
const lockCategory = namedQuery<Omit<Row, 'product_count' | 'child_count'>>()({
  name: 'admin.taxonomy.category.lock',
  columns: CATEGORY_COLUMNS,
  example: { id: 1 },
  build: (params: { id: number }) => sql`select * from categories where id = ${params.id} for update`,
});

async function lockRow(tx: Db, id: number) {
  const [row] = await lockCategory(tx, { id });
  if (!row) throw notFound(msg.categoryNotFound);
  return row;
}

/** The category and every one above it. */
const categoryAndAncestors = namedQuery<{ id: number }>()({
  name: 'admin.taxonomy.category.ancestors',
  columns: ['id'],
  example: { id: 1 },
  build: (params: { id: number }) =>
    sql`with recursive up(id, parent_id) as (
          select id, parent_id from categories where id = ${params.id}
          union
          select c.id, c.parent_id from categories c join up on c.id = up.parent_id)
        select id from up`,
});

/** 422 when the parent is unknown, is the category itself or lies below it. */
async function assertParent(tx: Db, id: number | null, parentId: number | null): Promise<void> {
  if (parentId === null) return;
  const chain = await categoryAndAncestors(tx, { id: parentId });
  if (chain.length === 0) throw fieldError('parent_id', msg.unknownParent);
  if (id !== null && chain.some((c) => c.id === id)) throw fieldError('parent_id', msg.cycle);
}

async function assertSuper(tx: Db, superId: number | null | undefined): Promise<void> {
  if (superId === null || superId === undefined) return;
  const [s] = await queryRows(tx, sql`select 1 from super_categories where id = ${superId}`);
  if (!s) throw fieldError('super_category_id', msg.unknownSuper);
}

async function assertSlugFree(tx: Db, id: number | null, slug: string): Promise<void> {
  const [other] = await queryRows(tx, sql`select 1 from categories where slug = ${slug} and id <> ${id ?? 0}`);
  if (other) throw fieldError('slug', msg.categorySlugTaken);
  // A slug a category once had goes to the category that takes it now.
  await tx.execute(sql`delete from category_redirects where slug = ${slug}`);
}

const coverChoiceRows = namedQuery<{ path: string; product: string }>()({
  name: 'admin.taxonomy.category.cover-choices',
  columns: ['path', 'product'],
  example: { id: 1 },
  build: (params: { id: number }) =>
    sql`with recursive sub(id) as (select ${params.id}::int union select c.id from categories c join sub on c.parent_id = sub.id)
        select distinct on (pi.path) pi.path, p.name as product
          from sub join product_categories pc on pc.category_id = sub.id
          join products p on p.id = pc.product_id and p.archived_at is null
          join product_images pi on pi.product_id = p.id
         order by pi.path, pi.position
         limit 200`,
});

/** The pictures a category's cover may be: of the products in it or below it, first picture first. */
export async function coverChoices(db: Db, id: number) {
  const [exists] = await queryRows(db, sql`select 1 from categories where id = ${id}`);
  if (!exists) throw notFound(msg.categoryNotFound);
  const choices = await coverChoiceRows(db, { id });
  return { choices };
}

async function assertCover(tx: Db, id: number | null, path: string | null | undefined): Promise<void> {
  if (path === null || path === undefined) return;
  const ok = id !== null && (await coverChoices(tx, id)).choices.some((c) => c.path === path);
  if (!ok) throw fieldError('image_path', msg.cover);
}

const rethrow = (e: unknown): never => {
  const c = uniqueViolation(e);
  if (c !== null && c.includes('slug')) throw fieldError('slug', msg.categorySlugTaken);
  throw e;
};

/** The condition on parent_id of the siblings under `parentId` (null: the top level). */
const siblingsWhere = (parentId: number | null) => (parentId === null ? sql`is null` : sql`= ${parentId}`);

/** The position after the last sibling's (described with a parent). */
const nextPositionRow = namedQuery<{ n: number }>()({
  name: 'admin.taxonomy.category.next-position',
  columns: ['n'],
  example: { parentId: 1 as number | null },
  build: (params: { parentId: number | null }) =>
    sql`select coalesce(max(position) + 1, 0)::int as n from categories
         where parent_id ${siblingsWhere(params.parentId)}`,
});

const nextPosition = (tx: Db, parentId: number | null) => nextPositionRow(tx, { parentId }).then((r) => r[0]!.n);

const auditView = (c: AdminCategory) => ({
  name: c.name,
  slug: c.slug,
  description: c.description,
  parent_id: c.parent_id,
  super_category_id: c.super_category_id,
  seo_title: c.seo_title,
  seo_description: c.seo_description,
  image_path: c.image_path,
});

const EXAMPLE_CATEGORY: AdminCategoryCreate = {
  slug: 's',
  name: 'n',
  description: '',
  parent_id: 1,
  super_category_id: 1,
  seo_title: 't',
  seo_description: 'd',
  image_path: null,
};

/** A new category at `position` among its siblings. */
const insertCategory = namedQuery<{ id: number }>()({
  name: 'admin.taxonomy.category.insert',
  columns: ['id'],
  example: { body: EXAMPLE_CATEGORY, position: 0 },
  build: (params: { body: AdminCategoryCreate; position: number }) =>
    sql`insert into categories (slug, name, description, parent_id, super_category_id, seo_title, seo_description, position)
            values (${params.body.slug}, ${params.body.name}, ${params.body.description}, ${params.body.parent_id}, ${params.body.super_category_id},
                    ${params.body.seo_title}, ${params.body.seo_description}, ${params.position})
            returning id`,
});

/** The products in the category. */
const categoryProducts = namedQuery<{ id: string }>()({
  name: 'admin.taxonomy.category.products',
  columns: ['id'],
  example: { id: 1 },
  build: (params: { id: number }) =>
    sql`select product_id as id from product_categories where category_id = ${params.id}`,
});

export async function createCategory(db: Db, act: TaxonomyAct, body: AdminCategoryCreate): Promise<AdminCategory> {
  try {
    return await db.transaction(async (tx) => {
      await lockTaxonomy(tx);
      await assertSlugFree(tx, null, body.slug);
      await assertParent(tx, null, body.parent_id);
      await assertSuper(tx, body.super_category_id);
      // A new category has no products yet: no cover to pick.
      if (body.image_path !== null) throw fieldError('image_path', msg.cover);
      const [row] = await insertCategory(tx, { body, position: await nextPosition(tx, body.parent_id) });
      const created = await loadOne(tx, row!.id);
      await recordAudit(tx, {
        staff: act.staff,
        action: 'category.create',
        target: `category:${created.id}`,
        after: auditView(created),
        ip: act.ip,
      });
      return created;
    });
  } catch (e) {
    return rethrow(e);
  }
}

export async function updateCategory(
  db: Db,
  act: TaxonomyAct,
  id: number,
  patch: AdminCategoryPatch,
): Promise<AdminCategory> {
  try {
    return await db.transaction(async (tx) => {
      await lockTaxonomy(tx);
      const row = await lockRow(tx, id);
      assertVersion(act.ifMatch, row.version);
      const before = await loadOne(tx, id);
      if (patch.slug !== undefined) await assertSlugFree(tx, id, patch.slug);
      if (patch.super_category_id !== undefined) await assertSuper(tx, patch.super_category_id);
      if (patch.image_path !== undefined && patch.image_path !== row.image_path) {
        await assertCover(tx, id, patch.image_path);
      }
      const moved = patch.parent_id !== undefined && patch.parent_id !== row.parent_id;
      if (moved) await assertParent(tx, id, patch.parent_id!);
      const sets = [sql`version = version + 1`];
      if (patch.name !== undefined) sets.push(sql`name = ${patch.name}`);
      if (patch.slug !== undefined) sets.push(sql`slug = ${patch.slug}`);
      if (patch.description !== undefined) sets.push(sql`description = ${patch.description}`);
      if (patch.super_category_id !== undefined) sets.push(sql`super_category_id = ${patch.super_category_id}`);
      if (patch.seo_title !== undefined) sets.push(sql`seo_title = ${patch.seo_title}`);
      if (patch.seo_description !== undefined) sets.push(sql`seo_description = ${patch.seo_description}`);
      if (patch.image_path !== undefined) sets.push(sql`image_path = ${patch.image_path}`);
      if (moved) {
        // Last among its new siblings.
        sets.push(sql`parent_id = ${patch.parent_id!}, position = ${await nextPosition(tx, patch.parent_id!)}`);
      }
      if (patch.slug !== undefined && patch.slug !== row.slug) {
        // The old address keeps working: the storefront sends it on to the new one.
        await tx.execute(
          sql`insert into category_redirects (slug, category_id) values (${row.slug}, ${id})
              on conflict (slug) do update set category_id = excluded.category_id, created_at = now()`,
        );
      }
      await tx.execute(sql`update categories set ${sql.join(sets, sql`, `)} where id = ${id}`);
      if (patch.name !== undefined && patch.name !== row.name) {
        // Search matches a product by its categories' names too.
        const products = await categoryProducts(tx, { id });
        await refreshSearchText(
          tx,
          products.map((p) => p.id),
        );
      }
      const after = await loadOne(tx, id);
      const keys = Object.keys(patch) as (keyof ReturnType<typeof auditView>)[];
      const pick = (c: AdminCategory) => Object.fromEntries(keys.map((k) => [k, auditView(c)[k]]));
      await recordAudit(tx, {
        staff: act.staff,
        action: moved ? 'category.move' : 'category.update',
        target: `category:${id}`,
        before: pick(before),
        after: pick(after),
        ip: act.ip,
      });
      return after;
    });
  } catch (e) {
    return rethrow(e);
  }
}

/** The siblings under `parentId` in their order (described with a parent). */
const siblingIds = namedQuery<{ id: number }>()({
  name: 'admin.taxonomy.category.siblings',
  columns: ['id'],
  example: { parentId: 1 as number | null },
  build: (params: { parentId: number | null }) =>
    sql`select id from categories where parent_id ${siblingsWhere(params.parentId)}
           order by position, id`,
});

/** A whole sibling order; 409 when the siblings are not exactly the ones sent. */
export async function orderCategories(db: Db, act: TaxonomyAct, order: AdminCategoryOrder): Promise<AdminCategoryList> {
  return db.transaction(async (tx) => {
    await lockTaxonomy(tx);
    const current = await siblingIds(tx, { parentId: order.parent_id });
    assertSameSet(
      current.map((c) => c.id),
      order.ids,
    );
    await writePositions(tx, 'categories', order.ids);
    await recordAudit(tx, {
      staff: act.staff,
      action: 'category.reorder',
      target: order.parent_id === null ? 'categories' : `category:${order.parent_id}`,
      before: { ids: current.map((c) => c.id) },
      after: { ids: order.ids },
      ip: act.ip,
    });
    return listCategories(tx);
  });
}

/** How many products and subcategories the category has. */
const categoryContents = namedQuery<{ products: number; children: number }>()({
  name: 'admin.taxonomy.category.contents',
  columns: ['products', 'children'],
  example: { id: 1 },
  build: (params: { id: number }) =>
    sql`select (select count(*)::int from product_categories where category_id = ${params.id}) as products,
                 (select count(*)::int from categories where parent_id = ${params.id}) as children`,
});

/**
 * Deletes a category. With products or subcategories it is refused (409, saying how many)
 * unless `moveToParent`: then its subcategories go under its parent (after the parent's own)
 * and its products into the parent (for a top-level category: they are left without this one).
 */
export async function deleteCategory(db: Db, act: TaxonomyAct, id: number, moveToParent: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTaxonomy(tx);
    const row = await lockRow(tx, id);
    assertVersion(act.ifMatch, row.version);
    const before = await loadOne(tx, id);
    const [{ products, children } = { products: 0, children: 0 }] = await categoryContents(tx, { id });
    if ((products || children) && !moveToParent) throw new HttpError(409, msg.notEmpty(products, children));
    if (children) {
      const start = await nextPosition(tx, row.parent_id);
      await tx.execute(
        sql`update categories c set parent_id = ${row.parent_id}, position = ${start} + x.n - 1, version = c.version + 1
              from (select id, row_number() over (order by position, id) as n from categories where parent_id = ${id}) x
             where c.id = x.id`,
      );
    }
    if (products && row.parent_id !== null) {
      await tx.execute(
        sql`insert into product_categories (product_id, category_id, position)
            select product_id, ${row.parent_id}, position from product_categories where category_id = ${id}
            on conflict do nothing`,
      );
    }
    await tx.execute(sql`delete from categories where id = ${id}`);
    await recordAudit(tx, {
      staff: act.staff,
      action: 'category.delete',
      target: `category:${id}`,
      before: { ...auditView(before), products, children },
      after: moveToParent ? { moved_to: row.parent_id } : null,
      ip: act.ip,
    });
  });
}
