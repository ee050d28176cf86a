import { sql, type SQL } from 'drizzle-orm';
import {
  catalogUrls,
  money,
  SEARCH_SUGGESTION_CATEGORIES,
  SEARCH_SUGGESTION_PRODUCTS,
  type SearchProductsQuery,
  type SearchResults,
  type SearchSuggestion,
} from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import type { SearchScope } from '../catalog/listing-sql.ts';
import { channelPrice, type PriceChannel } from '../catalog/channel-price.ts';
import { queryListing } from '../catalog/listing.ts';

/**
 * Search = PostgreSQL full text OR per-word typo-tolerant matching.
 *
 * 1. Full text: `search_vector @@ websearch_to_tsquery('english', query)` (name weight A; brand,
 *    categories, tags, skus, colours B; short description C). websearch_to_tsquery accepts any
 *    input without a syntax error, so quotes and operators are just text.
 * 2. Per word (so "indigo tshrit" works): every word must match, either as a (stemmed) prefix
 *    of a lexeme — as-you-type — or, only when no published product has that prefix at all, by
 *    trigram word_similarity against name + search_text with hyphens removed ("t-shirts" becomes
 *    "tshirts", which "tshrit" resembles; with the hyphen pg_trgm sees "t" and "shirts").
 *    A fuzzy word keeps the products within 0.1 of the best similarity in the catalogue and at
 *    least 0.4 (0.5 for four letters, 0.75 for three — in effect a prefix of a hyphen-less word,
 *    "tsh" — and none under three). Words the catalogue has exactly are never fuzzed, so "cap"
 *    finds caps and not "camp".
 *
 * Everything the shopper typed reaches SQL as bound parameters; words are reduced to letters
 * and digits before they are turned into prefix queries, so to_tsquery never sees an operator.
 */

/** At most this many words take part in per-word matching (the limit also keeps PostgreSQL's row estimate, and so its JIT, in check). */
const MAX_WORDS = 8;

export interface SearchTerms {
  /** The trimmed query, for websearch_to_tsquery. */
  text: string;
  /** Lower-cased words of letters and digits, hyphens removed, deduplicated. */
  words: string[];
  /** False when the query uses websearch syntax (quotes, -exclusion, or), which full text honours alone. */
  useWords: boolean;
}

export function searchTerms(query: string): SearchTerms {
  const text = query.trim();
  const words = [
    ...new Set(
      text
        .normalize('NFKC')
        .toLowerCase()
        .replace(/['’`-]/g, '')
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean),
    ),
  ].slice(0, MAX_WORDS);
  const advanced = /"|(^|\s)-\S|\sor\s/i.test(text);
  return { text, words, useWords: words.length > 0 && !advanced };
}

/** What trigram matching compares a word against (alias `p` = products). */
const TARGET = sql.raw(`replace(lower(p.name || ' ' || p.search_text), '-', '')`);
const NAME = sql.raw(`replace(lower(p.name), '-', '')`);
/** Lowest word_similarity a fuzzy word may have, by length (1.01: never fuzzy). */
const FLOOR = (word: SQL) =>
  sql`(case when length(${word}) < 3 then 1.01 when length(${word}) = 3 then 0.75 when length(${word}) = 4 then 0.5 else 0.4 end)`;

/**
 * The query as CTEs: `fts` (the websearch query) and `words` (each word, its prefix query,
 * whether it is a stop word, and min_sim when it must be matched fuzzily). With `fuzzy`,
 * `fuzzy_hits` lists (product id, word) pairs that pass; similarities are computed once per
 * product and fuzzy word, and only for words no product has as a prefix.
 */
function wordCtes(terms: SearchTerms, fuzzy: boolean): SQL[] {
  const words = terms.useWords ? terms.words : [];
  const ctes = [
    sql`fts as materialized (select websearch_to_tsquery('english', ${terms.text}) as q)`,
    sql`words0 as materialized (
          select w.word, q.q, numnode(q.q) = 0 as stop
            from (select word from jsonb_array_elements_text(${JSON.stringify(words)}::jsonb) as e(word) limit ${MAX_WORDS}) w
            cross join lateral (select to_tsquery('english', w.word || ':*') as q) q)`,
  ];
  if (!fuzzy) {
    ctes.push(sql`words as materialized (select w.word, w.q, w.stop, null::float4 as min_sim from words0 w)`);
    return ctes;
  }
  ctes.push(
    sql`wexact as materialized (
          select w.*, (w.stop or length(w.word) < 3
                       or exists (select 1 from products p where p.is_published and p.search_vector @@ w.q)) as exact
            from words0 w)`,
    sql`sims as materialized (
          select w.word, p.id, word_similarity(w.word, ${TARGET}) as sim
            from wexact w cross join products p
           where not w.exact and p.is_published)`,
    sql`words as materialized (
          select w.word, w.q, w.stop,
            case when w.exact then null
                 else greatest(${FLOOR(sql`w.word`)}, (select max(s.sim) from sims s where s.word = w.word) - 0.1) end as min_sim
            from wexact w)`,
    sql`fuzzy_hits as materialized (select s.id, s.word from sims s join words w on w.word = s.word where s.sim >= w.min_sim)`,
  );
  return ctes;
}

/** The search as a listing scope: products matching the query, ranked. */
export function searchScope(terms: SearchTerms): SearchScope {
  const wordsMatch = sql`(exists (select 1 from words where not words.stop)
      and not exists (select 1 from words where not words.stop and not (
            p.search_vector @@ words.q
            or exists (select 1 from fuzzy_hits h where h.id = p.id and h.word = words.word))))`;
  return {
    kind: 'search',
    ctes: wordCtes(terms, true),
    where: sql`p.search_vector @@ (select q from fts) or ${wordsMatch}`,
    // Full-text rank, plus per word: a prefix hit, and how close the word is to the name.
    rank: sql`ts_rank(p.search_vector, (select q from fts))
      + coalesce((select avg(case when p.search_vector @@ words.q then 0.5 else 0 end + word_similarity(words.word, ${NAME}))
                    from words where not words.stop), 0)`,
  };
}

interface SuggestionRow {
  id: string;
  slug: string;
  name: string;
  image_path: string | null;
  currency: string;
  price_minor: number;
}

/**
 * As-you-type suggestions: the best eight products sold in the request's channel (priced there)
 * and up to five categories. Two queries, run together.
 */
export async function searchSuggestions(db: Db, query: string, ch: PriceChannel): Promise<SearchSuggestion> {
  const terms = searchTerms(query);
  const pr = channelPrice(ch);
  const scope = searchScope(terms);
  const categoryWords = wordCtes(terms, false);
  const [productRows, categoryRows] = await Promise.all([
    queryRows<SuggestionRow>(
      db,
      sql`with ${sql.join(scope.ctes, sql`, `)}
        select p.id, p.slug, p.name, p.image_path, ${pr.currency} as currency, ${pr.price} as price_minor
          from products p${pr.join}
         where p.is_published and (${scope.where})
         order by (${scope.rank}) desc, p.id
         limit ${SEARCH_SUGGESTION_PRODUCTS}`,
    ),
    queryRows<{ slug: string; name: string }>(
      db,
      sql`with ${sql.join(categoryWords, sql`, `)}
        select c.slug, c.name from categories c
         where to_tsvector('english', c.name) @@ (select q from fts)
            or (exists (select 1 from words where not words.stop)
                and not exists (select 1 from words where not words.stop and not (
                      to_tsvector('english', c.name) @@ words.q
                      or word_similarity(words.word, replace(lower(c.name), '-', '')) >= ${FLOOR(sql`words.word`)})))
         order by coalesce((select max(word_similarity(words.word, replace(lower(c.name), '-', ''))) from words), 0) desc, c.position, c.id
         limit ${SEARCH_SUGGESTION_CATEGORIES}`,
    ),
  ]);
  return {
    query: terms.text,
    products: productRows.map((p) => ({
      id: p.id,
      slug: p.slug,
      name: p.name,
      url: catalogUrls.product(p.slug),
      image: p.image_path ? { url: p.image_path, alt: p.name } : null,
      price: money(p.price_minor, p.currency),
    })),
    categories: categoryRows.map((c) => ({ slug: c.slug, name: c.name, url: catalogUrls.category(c.slug) })),
  };
}

/** Search results page: matching products (filtered, sorted, paged) with facets. Two queries, run together. */
export async function searchProducts(db: Db, body: SearchProductsQuery, ch: PriceChannel): Promise<SearchResults> {
  const terms = searchTerms(body.query);
  const result = await queryListing(db, searchScope(terms), body, ch);
  return { query: terms.text, ...result };
}
