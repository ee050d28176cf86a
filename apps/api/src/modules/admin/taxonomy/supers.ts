import { sql } from 'drizzle-orm';
import {
  adminTaxonomyMessages as msg,
  catalogUrls,
  type AdminIdOrder,
  type AdminSuperCategory,
  type AdminSuperCategoryCreate,
  type AdminSuperCategoryPatch,
} from '@shopfront/shared';
import { queryRows, type Db } from '../../../db/client.ts';
import { namedQuery } from '../../../db/named-query.ts';
import { fieldError, notFound } from '../../../lib/http.ts';
import { uniqueViolation } from '../../auth/service.ts';
import { recordAudit } from '../../staff/audit.ts';
import { assertVersion, lockTaxonomy, type TaxonomyAct, reorderWholeList } from './shared.ts';

/**
 * Super categories (issue 26): groups of top-level categories for the storefront's menus and
 * /shop/:slug pages. Deleting one leaves its categories in place, unlinked (the foreign key's
 * `on delete set null`).
 */

type Row = Omit<AdminSuperCategory, 'url'>;

const superCategoryRows = namedQuery<Row>()({
  name: 'admin.taxonomy.super.list',
  columns: ['id', 'slug', 'name', 'description', 'position', 'version', 'category_count'],
  example: {},
  build: () =>
    sql`select s.id, s.slug, s.name, s.description, s.position, s.version,
               (select count(*)::int from categories c where c.super_category_id = s.id) as category_count
          from super_categories s order by s.position, s.id`,
});

export async function listSuperCategories(db: Db): Promise<{ super_categories: AdminSuperCategory[] }> {
  const rows = await superCategoryRows(db, {});
  return { super_categories: rows.map((r) => ({ ...r, url: catalogUrls.shop(r.slug) })) };
}

async function loadOne(tx: Db, id: number): Promise<AdminSuperCategory> {
  const found = (await listSuperCategories(tx)).super_categories.find((s) => s.id === id);
  if (!found) throw notFound(msg.superCategoryNotFound);
  return found;
}

async function assertSlugFree(tx: Db, id: number | null, slug: string) {
  const [other] = await queryRows(tx, sql`select 1 from super_categories where slug = ${slug} and id <> ${id ?? 0}`);
  if (other) throw fieldError('slug', msg.superSlugTaken);
}

const rethrow = (e: unknown): never => {
  const c = uniqueViolation(e);
  if (c !== null && c.includes('slug')) throw fieldError('slug', msg.superSlugTaken);
  throw e;
};

const view = (s: AdminSuperCategory) => ({ name: s.name, slug: s.slug, description: s.description });

const EXAMPLE_SUPER_CATEGORY: AdminSuperCategoryCreate = { slug: 's', name: 'n', description: '' };

/** A new super category, last in the order. */
const insertSuperCategory = namedQuery<{ id: number }>()({
  name: 'admin.taxonomy.super.insert',
  columns: ['id'],
  example: EXAMPLE_SUPER_CATEGORY,
  build: (body: AdminSuperCategoryCreate) =>
    sql`insert into super_categories (slug, name, description, position)
            values (${body.slug}, ${body.name}, ${body.description},
                    (select coalesce(max(position) + 1, 0) from super_categories))
            returning id`,
});

const lockSuperCategory = namedQuery<{ version: number }>()({
  name: 'admin.taxonomy.super.lock',
  columns: ['version'],
  example: { id: 1 },
  build: (params: { id: number }) => sql`select version from super_categories where id = ${params.id} for update`,
});

/** The categories the super category groups, in their order. */
const groupedCategories = namedQuery<{ id: number; slug: string; name: string }>()({
  name: 'admin.taxonomy.super.categories',
  columns: ['id', 'slug', 'name'],
  example: { id: 1 },
  build: (params: { id: number }) =>
    sql`select id, slug, name from categories where super_category_id = ${params.id} order by position, id`,
});

export async function createSuperCategory(db: Db, act: TaxonomyAct, body: AdminSuperCategoryCreate) {
  try {
    return await db.transaction(async (tx) => {
      await lockTaxonomy(tx);
      await assertSlugFree(tx, null, body.slug);
      const [row] = await insertSuperCategory(tx, body);
      const created = await loadOne(tx, row!.id);
      await recordAudit(tx, {
        staff: act.staff,
        action: 'super-category.create',
        target: `super-category:${created.id}`,
        after: view(created),
        ip: act.ip,
      });
      return created;
    });
  } catch (e) {
    return rethrow(e);
  }
}

export async function updateSuperCategory(db: Db, act: TaxonomyAct, id: number, patch: AdminSuperCategoryPatch) {
  try {
    return await db.transaction(async (tx) => {
      await lockTaxonomy(tx);
      const [row] = await lockSuperCategory(tx, { id });
      if (!row) throw notFound(msg.superCategoryNotFound);
      assertVersion(act.ifMatch, row.version);
      const before = await loadOne(tx, id);
      if (patch.slug !== undefined) await assertSlugFree(tx, id, patch.slug);
      const sets = [sql`version = version + 1`];
      if (patch.name !== undefined) sets.push(sql`name = ${patch.name}`);
      if (patch.slug !== undefined) sets.push(sql`slug = ${patch.slug}`);
      if (patch.description !== undefined) sets.push(sql`description = ${patch.description}`);
      await tx.execute(sql`update super_categories set ${sql.join(sets, sql`, `)} where id = ${id}`);
      const after = await loadOne(tx, id);
      await recordAudit(tx, {
        staff: act.staff,
        action: 'super-category.update',
        target: `super-category:${id}`,
        before: view(before),
        after: view(after),
        ip: act.ip,
      });
      return after;
    });
  } catch (e) {
    return rethrow(e);
  }
}

export async function orderSuperCategories(db: Db, act: TaxonomyAct, order: AdminIdOrder) {
  return db.transaction(async (tx) => {
    await reorderWholeList(
      tx,
      act,
      { table: 'super_categories', action: 'super-category.reorder', target: 'super-categories' },
      order.ids,
    );
    return listSuperCategories(tx);
  });
}

/** Deletes a super category; its categories stay, without one. */
export async function deleteSuperCategory(db: Db, act: TaxonomyAct, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTaxonomy(tx);
    const [row] = await lockSuperCategory(tx, { id });
    if (!row) throw notFound(msg.superCategoryNotFound);
    assertVersion(act.ifMatch, row.version);
    const before = await loadOne(tx, id);
    // Which categories it grouped (they are left ungrouped): the entry says, so the owner can regroup them.
    const categories = await groupedCategories(tx, { id });
    await tx.execute(sql`delete from super_categories where id = ${id}`);
    await recordAudit(tx, {
      staff: act.staff,
      action: 'super-category.delete',
      target: `super-category:${id}`,
      before: { ...view(before), category_count: categories.length, categories },
      ip: act.ip,
    });
  });
}
