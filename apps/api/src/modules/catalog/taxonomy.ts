import { eq, sql } from 'drizzle-orm';
import {
  catalogUrls,
  type BreadcrumbItem,
  type CategoryCard,
  type CategoryGrid,
  type CategoryGridQuery,
  type CategoryNode,
  type CategoryTree,
  type CollectionList,
  type TagList,
} from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { superCategories } from '../../db/schema.ts';

interface CategoryRow {
  id: number;
  slug: string;
  name: string;
  description: string;
  image_path: string | null;
  parent_id: number | null;
  super_slug: string | null;
  super_name: string | null;
  product_count: number;
  fallback_image: string | null;
}

/**
 * Every category (or those of one super category, or only roots) with the number of published
 * products in it and below it, and an image: its own, else its first product's. One query.
 */
type CategoryOpts = { superSlug?: string; rootsOnly?: boolean; nonEmpty?: boolean; limit?: number };

function categoriesSql(opts: CategoryOpts) {
  const where = [sql`true`];
  if (opts.superSlug !== undefined) where.push(sql`sc.slug = ${opts.superSlug}`);
  if (opts.rootsOnly) where.push(sql`c.parent_id is null`);
  if (opts.nonEmpty) where.push(sql`coalesce(n.n, 0) > 0`);
  // One pass over (category subtree, product) links for both the counts and the fallback images:
  // a correlated subquery per category made PostgreSQL's estimate (small tables are never
  // auto-analysed) cross the JIT threshold, which cost ~60 ms of compilation for a 3 ms query.
  return sql`with recursive tree(root, id) as (
        select id, id from categories
        union
        select t.root, c.id from categories c join tree t on c.parent_id = t.id),
      linked as (
        select t.root, t.id as category_id, pc.position, p.id as product_id, p.image_path
          from tree t join product_categories pc on pc.category_id = t.id join products p on p.id = pc.product_id
         where p.is_published),
      counts as (select root, count(distinct product_id)::int as n from linked group by root),
      images as (
        select distinct on (root) root, image_path from linked where image_path is not null
         order by root, (category_id = root) desc, position, product_id)
    select c.id, c.slug, c.name, c.description, c.image_path, c.parent_id, sc.slug as super_slug, sc.name as super_name,
      coalesce(n.n, 0) as product_count, i.image_path as fallback_image
    from categories c
    left join super_categories sc on sc.id = c.super_category_id
    left join counts n on n.root = c.id
    left join images i on i.root = c.id
    where ${sql.join(where, sql` and `)}
    order by sc.position nulls last, c.position, c.id
    ${opts.limit ? sql`limit ${opts.limit}` : sql``}`;
}

/** categoriesSql as a named query: described with every option. */
const categoryRows = namedQuery<CategoryRow>()({
  name: 'catalog.categories',
  columns: [
    'id',
    'slug',
    'name',
    'description',
    'image_path',
    'parent_id',
    'super_slug',
    'super_name',
    'product_count',
    'fallback_image',
  ],
  example: { superSlug: 's', rootsOnly: true, nonEmpty: true, limit: 8 } as CategoryOpts,
  build: categoriesSql,
});

const tagRows = namedQuery<TagList['tags'][number]>()({
  name: 'catalog.tags',
  columns: ['id', 'slug', 'name', 'product_count'],
  example: {},
  build: () =>
    sql`select t.id, t.slug, t.name, count(p.id)::int as product_count
          from tags t left join product_tags pt on pt.tag_id = t.id left join products p on p.id = pt.product_id and p.is_published
         group by t.id, t.slug, t.name
         order by t.name, t.id`,
});

const collectionRows = namedQuery<{
  id: number;
  slug: string;
  name: string;
  description: string;
  image_path: string | null;
  product_count: number;
}>()({
  name: 'catalog.collections',
  columns: ['id', 'slug', 'name', 'description', 'image_path', 'product_count'],
  example: {},
  build: () =>
    sql`select c.id, c.slug, c.name, c.description, c.image_path, count(p.id)::int as product_count
          from collections c left join product_collections pc on pc.collection_id = c.id
          left join products p on p.id = pc.product_id and p.is_published
         group by c.id
         order by c.position, c.id`,
});

function toCard(r: CategoryRow): CategoryCard {
  const image = r.image_path ?? r.fallback_image;
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    url: catalogUrls.category(r.slug),
    description: r.description,
    image: image ? { url: image, alt: r.name } : null,
    product_count: r.product_count,
    super_category:
      r.super_slug && r.super_name
        ? { slug: r.super_slug, name: r.super_name, url: catalogUrls.shop(r.super_slug) }
        : null,
  };
}

/**
 * Top-level categories that have products, for a grid section (optionally one super category's).
 * One query (two when a super category is asked for and has none, to tell unknown from empty).
 * Null when the super category is unknown.
 */
export async function getCategoryGrid(db: Db, body: CategoryGridQuery): Promise<CategoryGrid | null> {
  const rows = await categoryRows(db, {
    superSlug: body.super_category,
    rootsOnly: true,
    nonEmpty: true,
    limit: body.items,
  });
  if (rows.length === 0 && body.super_category !== undefined) {
    const [known] = await db
      .select({ id: superCategories.id })
      .from(superCategories)
      .where(eq(superCategories.slug, body.super_category));
    if (!known) return null;
  }
  return { categories: rows.map(toCard) };
}

/**
 * The category tree with product counts, grouped by super category; or, given a category id or
 * slug, that category's children. Two queries (one with category_id). Null for an unknown category.
 */
export async function getCategoryTree(db: Db, categoryId?: string): Promise<CategoryTree | null> {
  const [rows, supers] = await Promise.all([
    categoryRows(db, {}),
    categoryId === undefined
      ? db.select().from(superCategories).orderBy(superCategories.position, superCategories.id)
      : Promise.resolve([]),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  // A parent that is missing, or whose own ancestry leads back here (a cycle), makes the
  // category a root: it stays visible and the answer stays a finite tree.
  const parentOf = (r: CategoryRow): number | null => {
    if (r.parent_id === null || !byId.has(r.parent_id)) return null;
    const seen = new Set<number>([r.id]);
    for (let at: number | null = r.parent_id; at !== null && byId.has(at); at = byId.get(at)!.parent_id) {
      if (seen.has(at)) return null;
      seen.add(at);
    }
    return r.parent_id;
  };
  const nodes = new Map<number, CategoryNode>(rows.map((r) => [r.id, { ...toCard(r), children: [] }]));
  const roots: CategoryNode[] = [];
  for (const r of rows) {
    const parentId = parentOf(r);
    (parentId === null ? roots : nodes.get(parentId)!.children).push(nodes.get(r.id)!);
  }

  if (categoryId !== undefined) {
    const row = /^\d+$/.test(categoryId)
      ? rows.find((r) => r.id === Number(categoryId))
      : rows.find((r) => r.slug === categoryId);
    if (!row) return null;
    const trail: CategoryRow[] = [];
    for (let at: CategoryRow | undefined = row; at;) {
      trail.unshift(at);
      const parentId = parentOf(at);
      at = parentId === null ? undefined : byId.get(parentId);
    }
    // A subcategory without a super category of its own belongs to its root's.
    const group = row.super_slug ? row : trail[0]!;
    const breadcrumb: BreadcrumbItem[] = [
      { name: 'Home', url: '/' },
      ...(group.super_slug && group.super_name
        ? [{ name: group.super_name, url: catalogUrls.shop(group.super_slug) }]
        : []),
      ...trail.map((c) => ({ name: c.name, url: catalogUrls.category(c.slug) })),
    ];
    const card = toCard(row);
    return {
      parent: { id: card.id, slug: card.slug, name: card.name, url: card.url, breadcrumb },
      categories: nodes.get(row.id)!.children,
      super_categories: [],
    };
  }

  return {
    parent: null,
    categories: roots,
    super_categories: supers.map((s) => ({
      id: s.id,
      slug: s.slug,
      name: s.name,
      description: s.description,
      image: s.imagePath ? { url: s.imagePath, alt: s.name } : null,
      url: catalogUrls.shop(s.slug),
      categories: roots.filter((r) => r.super_category?.slug === s.slug),
    })),
  };
}

/** Every tag with its number of published products, by name. One query. */
export async function getTags(db: Db): Promise<TagList> {
  const rows = await tagRows(db, {});
  return { tags: rows };
}

/** Every collection in its display order, with its number of published products. One query. */
export async function getCollections(db: Db): Promise<CollectionList> {
  const rows = await collectionRows(db, {});
  return {
    collections: rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      name: r.name,
      description: r.description,
      image: r.image_path ? { url: r.image_path, alt: r.name } : null,
      url: catalogUrls.collection(r.slug),
      product_count: r.product_count,
    })),
  };
}
