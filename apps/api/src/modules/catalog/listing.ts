import { sql, type SQL } from 'drizzle-orm';
import {
  catalogUrls,
  money,
  type BreadcrumbItem,
  type Facets,
  type FacetValue,
  type ListingEntity,
  type ListingFilters,
  type ListingFiltersPage,
  type ListingPage,
  type ListingQuery,
  type ListingSort,
  type ListingType,
  type Pagination,
} from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import type { PriceChannel } from './channel-price.ts';
import { cardFromRow } from './service.ts';
import {
  listingFacetsSql,
  listingPageSql,
  storedFacetsSql,
  type FacetRow,
  type ListingRow,
  type ListingScope,
} from './listing-sql.ts';

/** The slug of shop-all in /api/shop/{id}. */
export const SHOP_ALL_SLUG = 'all';

const HOME: BreadcrumbItem = { name: 'Home', url: '/' };
const SHOP: BreadcrumbItem = { name: 'Shop', url: catalogUrls.shop() };

interface EntityRow {
  kind: ListingType;
  id: number;
  slug: string;
  name: string;
  description: string;
  image_path: string | null;
  seo_title: string | null;
  seo_description: string | null;
  super_slug: string | null;
  super_name: string | null;
  ancestors: { slug: string; name: string }[] | null;
}

/**
 * The category, collection or super category named by `slug`, trying the kinds in the order
 * given (category, then collection, then super category when all three are asked). One query.
 */
function entitySql(slug: string, kinds: readonly ListingType[]): SQL {
  const branches: SQL[] = [];
  if (kinds.includes('category')) {
    // A subcategory without a super category of its own belongs to its root's.
    branches.push(sql`select 1 as pri, 'category' as kind, c.id, c.slug, c.name, c.description, c.image_path, c.seo_title, c.seo_description,
        sc.slug as super_slug, sc.name as super_name,
        (select coalesce(json_agg(json_build_object('slug', a.slug, 'name', a.name) order by a.depth desc), '[]'::json) from anc a where a.depth > 0) as ancestors
      from categories c
      left join super_categories sc on sc.id = coalesce(c.super_category_id, (select a.super_category_id from anc a order by a.depth desc limit 1))
      where c.slug = ${slug}`);
  }
  if (kinds.includes('collection')) {
    branches.push(sql`select 2 as pri, 'collection' as kind, id, slug, name, description, image_path, seo_title, seo_description,
        null as super_slug, null as super_name, null::json as ancestors
      from collections where slug = ${slug}`);
  }
  if (kinds.includes('shop')) {
    branches.push(sql`select 3 as pri, 'shop' as kind, id, slug, name, description, image_path, null as seo_title, null as seo_description,
        null as super_slug, null as super_name, null::json as ancestors
      from super_categories where slug = ${slug}`);
  }
  // Ancestors of the category, nearest first; the path stops the walk if the tree has a cycle.
  const anc = kinds.includes('category')
    ? sql`with recursive anc(id, parent_id, slug, name, super_category_id, depth, path) as (
          select id, parent_id, slug, name, super_category_id, 0, array[id] from categories where slug = ${slug}
          union all
          select c.id, c.parent_id, c.slug, c.name, c.super_category_id, a.depth + 1, a.path || c.id
            from categories c join anc a on c.id = a.parent_id where not c.id = any(a.path)) `
    : sql``;
  return sql`${anc}select * from (${sql.join(branches, sql` union all `)}) x order by pri limit 1`;
}

function toEntity(row: EntityRow): ListingEntity {
  const image = row.image_path ? { url: row.image_path, alt: row.name } : null;
  let url: string;
  let breadcrumb: BreadcrumbItem[];
  if (row.kind === 'category') {
    url = catalogUrls.category(row.slug);
    breadcrumb = [
      HOME,
      ...(row.super_slug && row.super_name ? [{ name: row.super_name, url: catalogUrls.shop(row.super_slug) }] : []),
      ...(row.ancestors ?? []).map((a) => ({ name: a.name, url: catalogUrls.category(a.slug) })),
      { name: row.name, url },
    ];
  } else if (row.kind === 'collection') {
    url = catalogUrls.collection(row.slug);
    breadcrumb = [HOME, { name: row.name, url }];
  } else {
    url = catalogUrls.shop(row.slug);
    breadcrumb = [HOME, SHOP, { name: row.name, url }];
  }
  return {
    type: row.kind,
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    image,
    url,
    breadcrumb,
    seo: { title: row.seo_title || row.name, description: row.seo_description || row.description, canonical_url: url },
  };
}

const shopAllEntity = (): ListingEntity => ({
  type: 'shop',
  id: null,
  slug: SHOP_ALL_SLUG,
  name: 'Shop All',
  description: 'Everything in the shop.',
  image: null,
  url: SHOP.url,
  breadcrumb: [HOME, SHOP],
  seo: { title: 'Shop All', description: 'Everything in the shop.', canonical_url: SHOP.url },
});

function scopeFor(entity: ListingEntity): ListingScope {
  if (entity.type === 'category') return { kind: 'category', slug: entity.slug };
  if (entity.type === 'collection') return { kind: 'collection', slug: entity.slug };
  return { kind: 'shop', superSlug: entity.id === null ? null : entity.slug };
}

/** The entity named by `slug` among `kinds` (entitySql): described with all three kinds. */
const entityRow = namedQuery<EntityRow & { pri: number }>()({
  name: 'catalog.listing.entity',
  columns: [
    'pri',
    'kind',
    'id',
    'slug',
    'name',
    'description',
    'image_path',
    'seo_title',
    'seo_description',
    'super_slug',
    'super_name',
    'ancestors',
  ],
  example: { slug: 's', kinds: ['category', 'collection', 'shop'] as readonly ListingType[] },
  build: (p: { slug: string; kinds: readonly ListingType[] }) => entitySql(p.slug, p.kinds),
});

/** Where an old category or collection slug moved (`moves`: one branch per kind asked). */
const movedSlug = namedQuery<{ pri: number; kind: 'category' | 'collection'; slug: string }>()({
  name: 'catalog.listing.moved-slug',
  columns: ['pri', 'kind', 'slug'],
  example: { slug: 's', kinds: ['category', 'collection'] as readonly ListingType[] },
  build: (p: { slug: string; kinds: readonly ListingType[] }) => {
    const moves = [];
    if (p.kinds.includes('category')) {
      moves.push(sql`select 1 as pri, 'category' as kind, c.slug from category_redirects r
                       join categories c on c.id = r.category_id where r.slug = ${p.slug}`);
    }
    if (p.kinds.includes('collection')) {
      moves.push(sql`select 2 as pri, 'collection' as kind, c.slug from collection_redirects r
                       join collections c on c.id = r.collection_id where r.slug = ${p.slug}`);
    }
    return sql`${sql.join(moves, sql` union all `)} order by pri limit 1`;
  },
});

async function findEntity(db: Db, slug: string, kinds: readonly ListingType[]): Promise<ListingEntity | null> {
  if (kinds.includes('shop') && slug === SHOP_ALL_SLUG) return shopAllEntity();
  const [row] = await entityRow(db, { slug, kinds });
  if (row) return toEntity(row);
  // A slug a category or collection had before the owner changed it: the listing, under its slug
  // now (the storefront moves the address on). Asked only when nothing has the slug.
  if (!kinds.includes('category') && !kinds.includes('collection')) return null;
  const [moved] = await movedSlug(db, { slug, kinds });
  if (!moved) return null;
  const [current] = await entityRow(db, { slug: moved.slug, kinds: [moved.kind] });
  return current ? toEntity(current) : null;
}

/** Facet rows → the answer's facets, sorted for display, with the shopper's selections marked. */
export function buildFacets(rows: FacetRow[], filters: ListingFilters): { total: number; facets: Facets } {
  const total = rows.find((r) => r.kind === 'total');
  const price = rows.find((r) => r.kind === 'price');
  const byLabel = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label);
  const selectedBrands = new Set(filters.brands ?? []);
  const selectedCategories = new Set(filters.categories ?? []);

  const brands = rows
    .filter((r) => r.kind === 'brand')
    .map((r): FacetValue => ({ value: r.key!, label: r.label!, count: r.a ?? 0, selected: selectedBrands.has(r.key!) }))
    .sort(byLabel);
  const categories = rows
    .filter((r) => r.kind === 'category')
    .sort((a, b) => (a.b ?? 0) - (b.b ?? 0) || a.label!.localeCompare(b.label!))
    .map((r): FacetValue => ({
      value: r.key!,
      label: r.label!,
      count: r.a ?? 0,
      selected: selectedCategories.has(r.key!),
    }));

  const optionRows = rows.filter((r) => r.kind === 'option');
  const names = [...new Set(optionRows.map((r) => r.key!))];
  const position = (name: string) =>
    Math.min(...optionRows.filter((r) => r.key === name).map((r) => r.b ?? Number.MAX_SAFE_INTEGER));
  names.sort((a, b) => position(a) - position(b) || a.localeCompare(b));
  const options = names.map((name) => {
    const selected = new Set(filters.options?.[name] ?? []);
    const own = optionRows.filter((r) => r.key === name);
    // A size-like option lists the same few value scales everywhere (XS…XL): keep their order.
    // Colours come in a different list per product: alphabetical reads better.
    const isScale = new Set(own.map((r) => r.scale)).size <= 3;
    const values = own
      .sort((a, b) =>
        isScale
          ? (a.scale ?? '').localeCompare(b.scale ?? '') ||
            (a.c ?? Number.MAX_SAFE_INTEGER) - (b.c ?? Number.MAX_SAFE_INTEGER) ||
            a.label!.localeCompare(b.label!)
          : a.label!.localeCompare(b.label!),
      )
      .map((r): FacetValue => ({
        value: r.label!,
        label: r.label!,
        count: r.a ?? 0,
        selected: selected.has(r.label!),
        ...(r.swatch ? { swatch: r.swatch } : {}),
      }));
    return { name, values };
  });

  const currency = price?.key ?? null;
  return {
    total: total?.a ?? 0,
    facets: {
      brands,
      categories,
      options,
      price: {
        min: currency && price?.a != null ? money(price.a, currency) : null,
        max: currency && price?.b != null ? money(price.b, currency) : null,
        selected_min: filters.price_min ?? null,
        selected_max: filters.price_max ?? null,
      },
      in_stock: { count: total?.b ?? 0, selected: filters.in_stock === true },
    },
  };
}

export function pagination(page: number, perPage: number, total: number): Pagination {
  return { page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
}

/** A page of a listing's cards, as one json array (listingPageSql). */
const listingPage = namedQuery<{ result: ListingRow[] | null }>()({
  name: 'catalog.listing.page',
  columns: ['result'],
  example: {
    scope: { kind: 'category', slug: 's' } as ListingScope,
    filters: {
      brands: ['b'],
      categories: ['c'],
      options: { Size: ['M'] },
      price_min: 1,
      price_max: 2,
      in_stock: true,
    } as ListingFilters,
    sort: 'price_asc' as ListingSort,
    page: 1,
    perPage: 24,
    ch: { channelId: 'ch_example', primary: false } as PriceChannel,
  },
  build: (p: {
    scope: ListingScope;
    filters: ListingFilters;
    sort: ListingSort;
    page: number;
    perPage: number;
    ch: PriceChannel;
  }) => listingPageSql(p.scope, p.filters, p.sort, p.page, p.perPage, p.ch),
});

/** A listing's facet rows, as one json array (facetsSql): described filtered (computed, not stored). */
const listingFacets = namedQuery<{ result: FacetRow[] | null }>()({
  name: 'catalog.listing.facets',
  columns: ['result'],
  example: {
    scope: { kind: 'category', slug: 's' } as ListingScope,
    filters: { brands: ['b'], in_stock: true } as ListingFilters,
    ch: { channelId: 'ch_example', primary: false } as PriceChannel,
  },
  build: (p: { scope: ListingScope; filters: ListingFilters; ch: PriceChannel }) => facetsSql(p.scope, p.filters, p.ch),
});

/** The rows of a statement that answers them as one json array named `result`. */
const jsonRows = <T>(rows: { result: T[] | null }[]): T[] => rows[0]?.result ?? [];

/** No filter narrows the listing (empty lists and in_stock false filter nothing). */
export function isUnfiltered(f: ListingFilters): boolean {
  return (
    f.price_min === undefined &&
    f.price_max === undefined &&
    !f.brands?.length &&
    !f.categories?.length &&
    !Object.values(f.options ?? {}).some((values) => values.length > 0) &&
    f.in_stock !== true
  );
}

/**
 * The facet rows of a listing: a catalogue scope without filters reads them from the read model
 * (ADR 0029); search and filtered listings compute them. One query.
 */
function facetsSql(scope: ListingScope, filters: ListingFilters, ch: PriceChannel) {
  return scope.kind !== 'search' && isUnfiltered(filters)
    ? storedFacetsSql(scope, ch)
    : listingFacetsSql(scope, filters, ch);
}

/**
 * A page of any listing scope with its facets, priced in the request's channel: two queries
 * (page, facets), run side by side. Shared by the catalogue listings and search.
 */
export async function queryListing(db: Db, scope: ListingScope, body: ListingQuery, ch: PriceChannel) {
  const [rows, facetRows] = await Promise.all([
    listingPage(db, {
      scope,
      filters: body.filters,
      sort: body.sort,
      page: body.page,
      perPage: body.per_page,
      ch,
    }).then(jsonRows),
    listingFacets(db, { scope, filters: body.filters, ch }).then(jsonRows),
  ]);
  const { total, facets } = buildFacets(facetRows, body.filters);
  return {
    products: rows.map(cardFromRow),
    pagination: pagination(body.page, body.per_page, total),
    facets,
    sort: body.sort,
  };
}

/**
 * A category, collection or shop listing: the entity, one page of products and the facets.
 * Three queries at most (entity, page, facets; shop-all skips the first), whatever the page size.
 * Null when the slug names nothing of that kind.
 */
export async function getListing(
  db: Db,
  type: ListingType,
  slug: string,
  body: ListingQuery,
  ch: PriceChannel,
): Promise<ListingPage | null> {
  const scope: ListingScope =
    type === 'category'
      ? { kind: 'category', slug }
      : type === 'collection'
        ? { kind: 'collection', slug }
        : { kind: 'shop', superSlug: slug === SHOP_ALL_SLUG ? null : slug };
  // The scope is keyed by slug, so all three run at once; an unknown slug just wastes two empty scans.
  const [entity, result] = await Promise.all([findEntity(db, slug, [type]), queryListing(db, scope, body, ch)]);
  if (!entity) return null;
  // A category's or collection's old slug: its products are those of the listing under its slug now.
  if (entity.slug !== slug && (scope.kind === 'category' || scope.kind === 'collection')) {
    return { listing: entity, ...(await queryListing(db, { kind: scope.kind, slug: entity.slug }, body, ch)) };
  }
  return { listing: entity, ...result };
}

/**
 * The facets of a listing named by slug alone (category first, then collection, then super
 * category or `all`; `type` picks one). Two queries (entity, facets).
 */
export async function getListingFilters(
  db: Db,
  slug: string,
  type: ListingType | undefined,
  ch: PriceChannel,
): Promise<ListingFiltersPage | null> {
  const entity = await findEntity(db, slug, type ? [type] : ['category', 'collection', 'shop']);
  if (!entity) return null;
  const rows = jsonRows(await listingFacets(db, { scope: scopeFor(entity), filters: {}, ch }));
  const { total, facets } = buildFacets(rows, {});
  return { listing: entity, total, facets };
}
