import { sql } from 'drizzle-orm';
import {
  adminTaxonomyMessages as msg,
  catalogUrls,
  type AdminCollection,
  type AdminCollectionCreate,
  type AdminCollectionPatch,
  type AdminCollectionSummary,
  type AdminIdOrder,
} from '@shopfront/shared';
import { queryRows, type Db } from '../../../db/client.ts';
import { namedQuery } from '../../../db/named-query.ts';
import { fieldError, notFound } from '../../../lib/http.ts';
import { uniqueViolation } from '../../auth/service.ts';
import { textArray } from '../../../db/sql-array.ts';
import { recordAudit } from '../../staff/audit.ts';
import { assertVersion, intArray, type TaxonomyAct, reorderWholeList } from './shared.ts';

/**
 * Collections (issue 26): hand-picked products in a manual order (product_collections.position,
 * the order the storefront's collection page shows). The product order is written whole, under
 * the collection's row lock and its If-Match version, so two editors never interleave.
 */

type Row = Omit<AdminCollectionSummary, 'url'>;

const summarySql = sql`select c.id, c.slug, c.name, c.description, c.seo_title, c.seo_description, c.position, c.version,
         (select count(*)::int from product_collections pc where pc.collection_id = c.id) as product_count
    from collections c`;

const SUMMARY_COLUMNS = [
  'id',
  'slug',
  'name',
  'description',
  'seo_title',
  'seo_description',
  'position',
  'version',
  'product_count',
] as const;

const collectionRows = namedQuery<Row>()({
  name: 'admin.taxonomy.collection.list',
  columns: SUMMARY_COLUMNS,
  example: {},
  build: () => sql`${summarySql} order by c.position, c.id`,
});

const collectionRow = namedQuery<Row>()({
  name: 'admin.taxonomy.collection.one',
  columns: SUMMARY_COLUMNS,
  example: { id: 1 },
  build: (params: { id: number }) => sql`${summarySql} where c.id = ${params.id}`,
});

/** The collection's products in their order. */
const collectionProducts = namedQuery<AdminCollection['products'][number]>()({
  name: 'admin.taxonomy.collection.products',
  columns: ['id', 'title', 'slug', 'image', 'status'],
  example: { id: 1 },
  build: (params: { id: number }) =>
    sql`select p.id, p.name as title, p.slug, p.image_path as image,
               case when p.archived_at is not null then 'archived' when p.is_published then 'published'
                    when p.publish_at is not null then 'scheduled' else 'draft' end as status
          from product_collections pc join products p on p.id = pc.product_id
         where pc.collection_id = ${params.id} order by pc.position, p.id`,
});

export async function listCollections(db: Db): Promise<{ collections: AdminCollectionSummary[] }> {
  const rows = await collectionRows(db, {});
  return { collections: rows.map((r) => ({ ...r, url: catalogUrls.collection(r.slug) })) };
}

export async function loadCollection(db: Db, id: number): Promise<AdminCollection> {
  const [row] = await collectionRow(db, { id });
  if (!row) throw notFound(msg.collectionNotFound);
  const products = await collectionProducts(db, { id });
  return { ...row, url: catalogUrls.collection(row.slug), products };
}

async function assertSlugFree(tx: Db, id: number | null, slug: string) {
  const [other] = await queryRows(tx, sql`select 1 from collections where slug = ${slug} and id <> ${id ?? 0}`);
  if (other) throw fieldError('slug', msg.collectionSlugTaken);
  // A slug a collection once had goes to the collection that takes it now.
  await tx.execute(sql`delete from collection_redirects where slug = ${slug}`);
}

const rethrow = (e: unknown): never => {
  const c = uniqueViolation(e);
  if (c !== null && c.includes('slug')) throw fieldError('slug', msg.collectionSlugTaken);
  throw e;
};

const lockCollection = namedQuery<{ version: number }>()({
  name: 'admin.taxonomy.collection.lock',
  columns: ['version'],
  example: { id: 1 },
  build: (params: { id: number }) => sql`select version from collections where id = ${params.id} for update`,
});

async function lockRow(tx: Db, id: number, ifMatch: number | null) {
  const [row] = await lockCollection(tx, { id });
  if (!row) throw notFound(msg.collectionNotFound);
  assertVersion(ifMatch, row.version);
}

const view = (c: AdminCollectionSummary) => ({
  name: c.name,
  slug: c.slug,
  description: c.description,
  seo_title: c.seo_title,
  seo_description: c.seo_description,
});

const EXAMPLE_COLLECTION: AdminCollectionCreate = {
  slug: 's',
  name: 'n',
  description: '',
  seo_title: 't',
  seo_description: 'd',
};

/** A new collection, last in the order. */
const insertCollection = namedQuery<{ id: number }>()({
  name: 'admin.taxonomy.collection.insert',
  columns: ['id'],
  example: EXAMPLE_COLLECTION,
  build: (body: AdminCollectionCreate) =>
    sql`insert into collections (slug, name, description, seo_title, seo_description, position)
            values (${body.slug}, ${body.name}, ${body.description}, ${body.seo_title}, ${body.seo_description},
                    (select coalesce(max(position) + 1, 0) from collections))
            returning id`,
});

export async function createCollection(db: Db, act: TaxonomyAct, body: AdminCollectionCreate) {
  try {
    return await db.transaction(async (tx) => {
      await assertSlugFree(tx, null, body.slug);
      const [row] = await insertCollection(tx, body);
      const created = await loadCollection(tx, row!.id);
      await recordAudit(tx, {
        staff: act.staff,
        action: 'collection.create',
        target: `collection:${created.id}`,
        after: view(created),
        ip: act.ip,
      });
      return created;
    });
  } catch (e) {
    return rethrow(e);
  }
}

export async function updateCollection(db: Db, act: TaxonomyAct, id: number, patch: AdminCollectionPatch) {
  try {
    return await db.transaction(async (tx) => {
      await lockRow(tx, id, act.ifMatch);
      const before = await loadCollection(tx, id);
      if (patch.slug !== undefined) await assertSlugFree(tx, id, patch.slug);
      if (patch.slug !== undefined && patch.slug !== before.slug) {
        // The old address keeps working: the storefront sends it on to the new one.
        await tx.execute(
          sql`insert into collection_redirects (slug, collection_id) values (${before.slug}, ${id})
              on conflict (slug) do update set collection_id = excluded.collection_id, created_at = now()`,
        );
      }
      const sets = [sql`version = version + 1`];
      if (patch.name !== undefined) sets.push(sql`name = ${patch.name}`);
      if (patch.slug !== undefined) sets.push(sql`slug = ${patch.slug}`);
      if (patch.description !== undefined) sets.push(sql`description = ${patch.description}`);
      if (patch.seo_title !== undefined) sets.push(sql`seo_title = ${patch.seo_title}`);
      if (patch.seo_description !== undefined) sets.push(sql`seo_description = ${patch.seo_description}`);
      await tx.execute(sql`update collections set ${sql.join(sets, sql`, `)} where id = ${id}`);
      const after = await loadCollection(tx, id);
      await recordAudit(tx, {
        staff: act.staff,
        action: 'collection.update',
        target: `collection:${id}`,
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

/** Which of these products there are. */
const productsThere = namedQuery<{ id: string }>()({
  name: 'admin.taxonomy.collection.products-there',
  columns: ['id'],
  example: { ids: ['prd_example'] },
  build: (params: { ids: string[] }) => sql`select id from products where id = any(${textArray(params.ids)})`,
});

/** The collection's products, whole and in order: added, removed and moved in one write. */
export async function setCollectionProducts(db: Db, act: TaxonomyAct, id: number, productIds: string[]) {
  return db.transaction(async (tx) => {
    await lockRow(tx, id, act.ifMatch);
    const known = new Set((await productsThere(tx, { ids: productIds })).map((p) => p.id));
    const missing = productIds.findIndex((p) => !known.has(p));
    if (missing >= 0) throw fieldError(`product_ids.${missing}`, msg.unknownProduct);
    const before = await loadCollection(tx, id);
    await tx.execute(
      sql`delete from product_collections where collection_id = ${id} and not (product_id = any(${textArray(productIds)}))`,
    );
    for (const [position, productId] of productIds.entries()) {
      await tx.execute(
        sql`insert into product_collections (product_id, collection_id, position) values (${productId}, ${id}, ${position})
            on conflict (product_id, collection_id) do update set position = excluded.position
            where product_collections.position <> excluded.position`,
      );
    }
    await tx.execute(sql`update collections set version = version + 1 where id = ${id}`);
    await recordAudit(tx, {
      staff: act.staff,
      action: 'collection.products',
      target: `collection:${id}`,
      before: { product_ids: before.products.map((p) => p.id) },
      after: { product_ids: productIds },
      ip: act.ip,
    });
    return loadCollection(tx, id);
  });
}

export async function orderCollections(db: Db, act: TaxonomyAct, order: AdminIdOrder) {
  return db.transaction(async (tx) => {
    await reorderWholeList(
      tx,
      act,
      { table: 'collections', action: 'collection.reorder', target: 'collections' },
      order.ids,
    );
    return listCollections(tx);
  });
}

export async function deleteCollection(db: Db, act: TaxonomyAct, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockRow(tx, id, act.ifMatch);
    const before = await loadCollection(tx, id);
    await tx.execute(sql`delete from collections where id = ${id}`);
    await recordAudit(tx, {
      staff: act.staff,
      action: 'collection.delete',
      target: `collection:${id}`,
      before: { ...view(before), product_ids: before.products.map((p) => p.id) },
      ip: act.ip,
    });
  });
}

const collectionsBySlug = namedQuery<{ id: number; slug: string }>()({
  name: 'admin.taxonomy.collection.by-slug',
  columns: ['id', 'slug'],
  example: { slugs: ['s'] },
  build: (params: { slugs: string[] }) =>
    sql`select id, slug from collections where slug = any(${textArray(params.slugs)})`,
});

/**
 * A product's collections by slug (the product editor's multi-select): joins the new ones at
 * their end, leaves the others; 422 on an unknown slug.
 */
export async function setProductCollections(tx: Db, productId: string, slugs: readonly string[]): Promise<void> {
  const found = await collectionsBySlug(tx, { slugs: [...slugs] });
  const i = slugs.findIndex((s) => !found.some((f) => f.slug === s));
  if (i >= 0) throw fieldError(`collections.${i}`, msg.unknownCollection);
  const ids = found.map((f) => f.id);
  await tx.execute(
    sql`delete from product_collections where product_id = ${productId}
          and not (collection_id = any(${intArray(ids)}))`,
  );
  for (const id of ids) {
    await tx.execute(
      sql`insert into product_collections (product_id, collection_id, position)
          values (${productId}, ${id}, (select coalesce(max(position) + 1, 0) from product_collections where collection_id = ${id}))
          on conflict do nothing`,
    );
  }
}
