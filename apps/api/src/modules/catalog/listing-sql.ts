import { sql, type SQL } from 'drizzle-orm';
import type { ListingFilters, ListingSort } from '@shopfront/shared';
import { sqlFunction } from '../../db/sql-function.ts';
import { channelPrice, type PriceChannel } from './channel-price.ts';

/**
 * SQL for product listings: which products a listing covers (its scope), the shopper's filters
 * over that scope, one page of it, and the facet counts. A listing costs the same two queries
 * (page, facets) whatever its size; search reuses them with its own scope.
 */

/** Search narrows the catalogue with its own CTEs, match condition and rank (see search/service.ts). */
export interface SearchScope {
  kind: 'search';
  ctes: SQL[];
  /** Condition on `p` (products) that a product matches the query. */
  where: SQL;
  /** Relevance of `p` to the query; higher is better. */
  rank: SQL;
}

export type ListingScope =
  | { kind: 'category'; slug: string }
  | { kind: 'collection'; slug: string }
  /** superSlug null: every published product (shop-all). */
  | { kind: 'shop'; superSlug: string | null }
  | SearchScope;

/**
 * What a listing card needs, plus the columns the sorts use, priced in the channel, and the
 * products they come from (`p`, with the channel's prices joined: ADR 0027).
 */
function scopeSource(ch: PriceChannel): { columns: SQL; from: SQL } {
  const pr = channelPrice(ch);
  return {
    columns: sql`p.id, p.slug, p.name, p.brand, p.brand_id, p.image_path, ${pr.currency} as currency, ${pr.price} as price_minor,
      ${pr.mrp} as mrp_minor, p.stock, p.rating_avg, p.rating_count, p.created_at, p.is_featured, ${onQuoteSql} as on_quote`,
    from: sql`products p${pr.join}`,
  };
}

/** The card columns of a page row, as answered by the page query. */
export interface ListingRow {
  id: string;
  slug: string;
  name: string;
  brand: string | null;
  image_path: string | null;
  currency: string;
  price_minor: number;
  mrp_minor: number | null;
  stock: number;
  rating_avg: number;
  rating_count: number;
  /** With option filters: the matching variant (in stock first), whose picture image_path then is. */
  variant_id?: string | null;
  /** The focal point of the card's picture when the owner moved it from the middle. */
  image_focal?: [number, number] | null;
  /** A service whose fee is on quote (onQuoteSql). */
  on_quote?: boolean;
}

/** SQL, for products aliased `p`: whether the product is a service whose fee is on quote (service_details.fee_kind). */
export const onQuoteSql: SQL = sql`exists (select 1 from service_details sd where sd.product_id = p.id and sd.fee_kind = 'quote')`;

const json = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;

/** The scope as CTEs ending in `scope` (one row per product), and its "relevance" order. */
function scopeCtes(scope: ListingScope, ch: PriceChannel): { ctes: SQL[]; relevance: SQL } {
  const { columns, from } = scopeSource(ch);
  switch (scope.kind) {
    case 'category':
      return {
        ctes: [
          // The category and every category below it (union, not union all: a cycle ends).
          sql`sub(id) as (select id from categories where slug = ${scope.slug} union select c.id from categories c join sub on c.parent_id = sub.id)`,
          sql`scope as (select ${columns}, x.pos::float8 as pos, 0::float8 as rank from ${from}
                join (select pc.product_id, min(pc.position) as pos from product_categories pc where pc.category_id in (select id from sub) group by pc.product_id) x
                  on x.product_id = p.id
                where p.is_published)`,
        ],
        relevance: sql`f.pos asc, f.id asc`,
      };
    case 'collection':
      return {
        ctes: [
          sql`scope as (select ${columns}, pc.position::float8 as pos, 0::float8 as rank from ${from}
                join product_collections pc on pc.product_id = p.id
                join collections c on c.id = pc.collection_id
                where c.slug = ${scope.slug} and p.is_published)`,
        ],
        relevance: sql`f.pos asc, f.id asc`,
      };
    case 'shop':
      if (scope.superSlug === null) {
        return {
          ctes: [
            sql`scope as (select ${columns}, 0::float8 as pos, 0::float8 as rank from ${from} where p.is_published)`,
          ],
          relevance: sql`f.is_featured desc, f.created_at desc, f.id asc`,
        };
      }
      return {
        ctes: [
          sql`sub(id) as (select c.id from categories c join super_categories s on s.id = c.super_category_id where s.slug = ${scope.superSlug}
                union select c.id from categories c join sub on c.parent_id = sub.id)`,
          sql`scope as (select ${columns}, 0::float8 as pos, 0::float8 as rank from ${from}
                where p.is_published and exists (select 1 from product_categories pc where pc.product_id = p.id and pc.category_id in (select id from sub)))`,
        ],
        relevance: sql`f.is_featured desc, f.created_at desc, f.id asc`,
      };
    case 'search':
      return {
        ctes: [
          ...scope.ctes,
          sql`scope as (select ${columns}, 0::float8 as pos, (${scope.rank})::float8 as rank from ${from} where p.is_published and (${scope.where}))`,
        ],
        relevance: sql`f.rank desc, f.id asc`,
      };
  }
}

/**
 * Stars weighted by how many reviews back them (a Bayesian average with a prior of three
 * 3-star reviews), so one 5-star review does not outrank forty 4.8s.
 */
export const weightedRating = (alias: string) =>
  sql.raw(`((${alias}.rating_avg * ${alias}.rating_count + 9) / (${alias}.rating_count + 3))`);

function sortSql(sort: ListingSort, relevance: SQL): SQL {
  switch (sort) {
    case 'relevance':
      return relevance;
    case 'newest':
      return sql`f.created_at desc, f.id asc`;
    case 'price_asc':
      return sql`f.price_minor asc, f.id asc`;
    case 'price_desc':
      return sql`f.price_minor desc, f.id asc`;
    case 'best_rated':
      return sql`${weightedRating('f')} desc, f.rating_count desc, f.id asc`;
  }
}

export interface Compiled {
  /** `with recursive …` up to and including the `flt` CTE. */
  with: SQL;
  /** All filters hold. */
  matched: SQL;
  /** The option/stock filter holds (what brand, category and price counts keep). */
  optionsOk: SQL;
  inStock: boolean;
  hasOptions: boolean;
  relevance: SQL;
}

/**
 * Builds the CTE chain scope → flt. `flt` carries one boolean per filter so that each facet can
 * apply every filter but its own (m_price, m_brand, m_cat; v_any: some variant has the selected
 * option values; v_stock: such a variant is in stock).
 */
export function compile(scope: ListingScope, filters: ListingFilters, ch: PriceChannel): Compiled {
  const { ctes, relevance } = scopeCtes(scope, ch);
  const options = Object.fromEntries(Object.entries(filters.options ?? {}).filter(([, values]) => values.length > 0));
  const hasOptions = Object.keys(options).length > 0;
  const inStock = filters.in_stock === true;

  const priceParts: SQL[] = [];
  if (filters.price_min !== undefined) priceParts.push(sql`s.price_minor >= ${filters.price_min}`);
  if (filters.price_max !== undefined) priceParts.push(sql`s.price_minor <= ${filters.price_max}`);
  const mPrice = priceParts.length ? sql.join(priceParts, sql` and `) : sql`true`;
  const mBrand = filters.brands?.length
    ? sql`s.brand_id in (select b.id from brands b where b.slug in (select jsonb_array_elements_text(${json(filters.brands)})))`
    : sql`true`;
  const mCat = filters.categories?.length
    ? sql`exists (select 1 from product_categories pc join categories c on c.id = pc.category_id
                  where pc.product_id = s.id and c.slug in (select jsonb_array_elements_text(${json(filters.categories)})))`
    : sql`true`;
  // A variant matches when, for every selected option name, its value is one of those selected.
  const variantMatches = variantMatchesSql;
  const vAny = hasOptions
    ? sql`exists (select 1 from variants v where v.product_id = s.id and ${variantMatches})`
    : sql`true`;
  const vStock = hasOptions
    ? sql`exists (select 1 from variants v where v.product_id = s.id and v.stock > 0 and ${variantMatches})`
    : sql`s.stock > 0`;

  const all = [
    ...ctes,
    sql`sel(name, vals) as (select key, value from jsonb_each(${json(options)}))`,
    sql`flt as (select s.*, ${mPrice} as m_price, ${mBrand} as m_brand, ${mCat} as m_cat, ${vAny} as v_any, ${vStock} as v_stock from scope s)`,
  ];
  const optionsOk = inStock ? sql`f.v_stock` : sql`f.v_any`;
  return {
    with: sql`with recursive ${sql.join(all, sql`, `)}`,
    matched: sql`f.m_price and f.m_brand and f.m_cat and ${optionsOk}`,
    optionsOk,
    inStock,
    hasOptions,
    relevance,
  };
}

/** Variant `v` has, for every selected option (`sel`), one of the selected values. */
const variantMatchesSql = sql`not exists (select 1 from sel where not coalesce(sel.vals ? (v.options ->> sel.name), false))`;

/**
 * With option filters, a card shows what the shopper asked for (ADR 29's listing, phone review):
 * the first matching variant (in stock first) and the first picture of a chosen value (a colour),
 * else the product's own picture.
 */
const chosenVariantSql = sql`(select v.id from variants v where v.product_id = f.id and ${variantMatchesSql}
          order by (v.stock > 0) desc, v.position, v.id limit 1)`;
const chosenImageSql = sql`coalesce((select pi.path from product_images pi
          where pi.product_id = f.id and pi.option_value is not null and exists (select 1 from sel where sel.vals ? pi.option_value)
          order by pi.position, pi.id limit 1), f.image_path)`;

/** The focal point of the card's picture, null when it is the middle (most pictures). */
const focalOf = (image: SQL) => sql`(select array[pi.focal_x, pi.focal_y] from product_images pi
          where pi.product_id = f.id and pi.path = ${image} and (pi.focal_x <> 0.5 or pi.focal_y <> 0.5) limit 1)`;

/**
 * One page of the filtered listing, in the requested order (ties broken by id), as one json
 * value `result` (an array of ListingRow): the driver parses one value instead of every column
 * of every row. One query.
 */
export function listingPageSql(
  scope: ListingScope,
  filters: ListingFilters,
  sort: ListingSort,
  page: number,
  perPage: number,
  ch: PriceChannel,
): SQL {
  const c = compile(scope, filters, ch);
  const order = sortSql(sort, c.relevance);
  return sql`${c.with}
    select coalesce(json_agg(json_build_object('id', f.id, 'slug', f.slug, 'name', f.name, 'brand', f.brand,
        'image_path', ${c.hasOptions ? chosenImageSql : sql`f.image_path`}, 'image_focal', ${focalOf(c.hasOptions ? chosenImageSql : sql`f.image_path`)}, 'currency', f.currency, 'price_minor', f.price_minor, 'mrp_minor', f.mrp_minor,
        'stock', f.stock, 'rating_avg', f.rating_avg::float8, 'rating_count', f.rating_count,
        'on_quote', f.on_quote, 'variant_id', ${c.hasOptions ? chosenVariantSql : sql`null`}) order by ${order}), '[]'::json) as result
    from (select f.* from flt f where ${c.matched}
          order by ${order}
          limit ${perPage} offset ${(page - 1) * perPage}) f`;
}

/** A row of the facets query; `kind` says how to read the other columns. */
export interface FacetRow {
  /** total: a = matching products, b = of those ignoring in_stock, the ones in stock.
   *  price: key = currency, a/b = min/max price.  brand/category: key = slug, label = name, a = count, b = position.
   *  option: key = option name, label = value, a = count, b = option position, c = value position,
   *  scale = the value list it usually comes from (so "XS…XL" and "40 x 40 cm…" stay apart). */
  kind: 'total' | 'price' | 'brand' | 'category' | 'option';
  key: string | null;
  label: string | null;
  a: number | null;
  b: number | null;
  c: number | null;
  scale: string | null;
  /** option: the value's swatch (#rrggbb) from option_swatches, null when none is set. */
  swatch: string | null;
}

/**
 * The option_swatches row `sw` of an option value, matched without regard to case (its unique
 * index answers the lookup). `option` and `value` are column expressions (no bound values, so
 * cached-plan functions can embed it).
 */
export const swatchMatch = (option: SQL, value: SQL): SQL =>
  sql`lower(sw.option_name) = lower(${option}) and lower(sw.value) = lower(${value})`;

/** The swatch of an option facet row `r` (key: option name, label: value), joined once over the answer's rows. */
const swatchJoin = (r: 'f' | 'r') =>
  sql`left join option_swatches sw on ${sql.raw(r)}.kind = 'option' and ${swatchMatch(sql.raw(`${r}.key`), sql.raw(`${r}.label`))}`;

/**
 * Total and every facet of the listing in one query, as one json value `result` (an array of
 * FacetRow). Values are grouped over the whole scope (so a value the other filters rule out still
 * shows, with 0), and each count applies every filter except the facet's own.
 */
export function listingFacetsSql(scope: ListingScope, filters: ListingFilters, ch: PriceChannel): SQL {
  const c = compile(scope, filters, ch);
  return asJson(c, !c.hasOptions && !c.inStock ? facetsFromValuesSql(c) : variantFacetsSql(c));
}

/** The facet rows of `select` (which starts with the listing's CTEs) as one json array. */
export function asJson(c: Compiled, select: SQL): SQL {
  return sql`${c.with}, facet_rows as (${select})
    select coalesce(json_agg(x), '[]'::json) as result
      from (select r.*, sw.colour as swatch from facet_rows r ${swatchJoin('r')}) x`;
}

/**
 * The facets query from the variants themselves, which option and in-stock filters need (a
 * variant must match them); any other query gives the same rows faster from the products' facet
 * values (facetsFromValuesSql). Exported for the test that holds the two to the same answer.
 */
export function variantFacetsSql(c: Compiled): SQL {
  const variantInStock = c.inStock ? sql`v.stock > 0` : sql`true`;
  // For an option facet, the variant must match the other selected options (not this one's).
  const otherOptions = c.hasOptions
    ? sql`not exists (select 1 from sel where sel.name <> o.key and not coalesce(sel.vals ? (v.options ->> sel.name), false))`
    : sql`true`;
  return sql`
    ${totalPriceBrandSql(c, c.optionsOk)}
    union all
    select 'category', cat.slug, cat.name, (count(*) filter (where f.m_price and f.m_brand and ${c.optionsOk}))::int, min(cat.position)::int, null, null
      from flt f join product_categories pc on pc.product_id = f.id join categories cat on cat.id = pc.category_id
     group by cat.slug, cat.name
    union all
    select 'option', o.key, o.value,
           (count(distinct f.id) filter (where f.m_price and f.m_brand and f.m_cat and ${variantInStock} and ${otherOptions}))::int,
           min(po.position)::int,
           min(array_position(po.values, o.value))::int,
           mode() within group (order by array_to_string(po.values, '|'))
      from flt f
      join variants v on v.product_id = f.id
      cross join lateral jsonb_each_text(v.options) as o(key, value)
      left join product_options po on po.product_id = f.id and po.name = o.key
     group by o.key, o.value`;
}

/**
 * The first rows of both facets queries: the total, the price range and the brand counts, each
 * counted under the other filters and `optionsOk` (whether the product's variants match the
 * option and stock filters; always true when none is set).
 */
function totalPriceBrandSql(c: Compiled, optionsOk: SQL): SQL {
  return sql`
    select 'total' as kind, null::text as key, null::text as label,
           (count(*) filter (where ${c.matched}))::int as a,
           (count(*) filter (where f.m_price and f.m_brand and f.m_cat and f.v_stock))::int as b,
           null::int as c, null::text as scale
      from flt f
    union all
    select 'price', min(f.currency), null,
           (min(f.price_minor) filter (where f.m_brand and f.m_cat and ${optionsOk}))::int,
           (max(f.price_minor) filter (where f.m_brand and f.m_cat and ${optionsOk}))::int,
           null, null
      from flt f
    union all
    select 'brand', b.slug, b.name, (count(*) filter (where f.m_price and f.m_cat and ${optionsOk}))::int, null, null, null
      from flt f join brands b on b.id = f.brand_id
     group by b.slug, b.name`;
}

/**
 * The facets query when no option and no in-stock filter is set (search, brand, category and
 * price filters): the category and option counts are product-level then, so they aggregate the
 * products' precomputed facet values (product_facet_values, ADR 0029) instead of expanding every
 * variant's options. Same rows as the general query.
 */
function facetsFromValuesSql(c: Compiled): SQL {
  return sql`
    ${totalPriceBrandSql(c, sql`true`)}
    union all
    select 'category', v.key, v.label, (count(*) filter (where f.m_price and f.m_brand))::int, min(v.position)::int, null, null
      from flt f join product_facet_values v on v.product_id = f.id and v.kind = 'category'
     group by v.key, v.label
    union all
    -- The scale: the value list most of the value's variants come from (ties: the first in order).
    select 'option', o.key, o.label, sum(o.n)::int, min(o.pos)::int, min(o.value_pos)::int,
           (array_agg(o.scale order by o.w desc, o.scale) filter (where o.scale is not null))[1]
      from (select v.key, v.label, v.scale, count(*) filter (where f.m_price and f.m_brand and f.m_cat) as n,
                   sum(v.weight) as w, min(v.position) as pos, min(v.value_position) as value_pos
              from flt f join product_facet_values v on v.product_id = f.id and v.kind = 'option'
             group by v.key, v.label, v.scale) o
     group by o.key, o.label`;
}

/** Where a catalogue scope's unfiltered facets are kept in listing_facet_counts. */
export function facetScopeKey(scope: Exclude<ListingScope, SearchScope>): { kind: string; slug: string } {
  if (scope.kind === 'shop') return { kind: 'shop', slug: scope.superSlug ?? '' };
  return { kind: scope.kind, slug: scope.slug };
}

/**
 * The unfiltered facets of a scope (p_kind, p_slug, as facetScopeKey says) in a channel from the
 * read model, as a json array of FacetRow: a PL/pgSQL function, so its plan is cached (ADR 0020).
 */
export const storedFacetsFunction = sqlFunction(
  'listing_facets',
  'p_kind text, p_slug text, p_channel text',
  sql`select coalesce(json_agg(json_build_object('kind', f.kind,
      'key', case when f.kind = 'total' then null else f.key end,
      'label', case when f.kind in ('total', 'price') then null else f.label end,
      'a', f.a, 'b', f.b, 'c', f.c, 'scale', f.scale, 'swatch', sw.colour)), '[]'::json)
    from listing_facet_counts f ${swatchJoin('f')}
    where f.scope_kind = p_kind and f.scope_slug = p_slug and f.channel_id = p_channel`,
);

/**
 * The unfiltered facets of a catalogue scope in the channel, read from the read model
 * (listing_facet_counts, ADR 0029): one index range scan, the same rows as listingFacetsSql with
 * no filter, as one json value `result`.
 */
export function storedFacetsSql(scope: Exclude<ListingScope, SearchScope>, ch: PriceChannel): SQL {
  const key = facetScopeKey(scope);
  return sql`select ${sql.raw(storedFacetsFunction.name)}(${key.kind}, ${key.slug}, ${ch.channelId}) as result`;
}
