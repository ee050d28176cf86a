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
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import type { SearchScope } from '../catalog/listing-sql.ts';
import { channelPrice, type PriceChannel } from '../catalog/channel-price.ts';
import { queryListing } from '../catalog/listing.ts';

/**
 * Search = PostgreSQL full text OR per-word typo-tolerant matching (ADR 6).
 *
 * 1. Full text: `search_vector @@ websearch_to_tsquery('english', query)` (name weight A; brand,
 *    categories, tags, skus, colours B; short description C). websearch_to_tsquery accepts any
 *    input without a syntax error, so quotes and operators are just text.
 * 2. Per word (so "indigo tshrit" works): every word must match. One statement first looks each
 *    word up (`lookUpWords`): a word some published product has as a (stemmed) prefix of a lexeme
 *    is exact — as-you-type — and never fuzzed ("cap" finds caps, not "camp"). Any other word of
 *    three or more letters that no product holds even with hyphens removed ("tsh" is in
 *    "tshirts": being typed, not mistyped) is corrected against `search_words` (every word of the
 *    published products' names and search_text): the catalogue word one edit away (two
 *    neighbours swapped — "shrit" → "shirt" —, a letter dropped, changed or added; three-letter
 *    words only swaps) used by the most products, else for five or more letters the most similar
 *    word by trigrams (similarity at least 0.45). A corrected word matches what its correction
 *    matches, and is the search's "Did you mean". A word with no correction keeps the trigram
 *    pass: word_similarity against name + search_text with hyphens removed ("t-shirts" becomes
 *    "tshirts", which "tshrit" resembles), keeping the products within 0.1 of the best
 *    similarity and at least 0.4 (0.5 for four letters, 0.75 for three).
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

/** A typed word as the catalogue sees it (see lookUpWords). */
export interface WordLookup {
  word: string;
  /** An English stop word ("the"): matches nothing and is left out of per-word matching. */
  stop: boolean;
  /** Some published product has it as a prefix. */
  exact: boolean;
  /** The catalogue word it was most likely meant to be, when it is not exact. */
  fix: string | null;
}

const normalWord = (token: string) =>
  token
    .normalize('NFKC')
    .toLowerCase()
    .replace(/['’`-]/g, '');

export function searchTerms(query: string): SearchTerms {
  const text = query.trim();
  const words = [
    ...new Set(
      normalWord(text)
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
/** Lowest trigram similarity of a correction more than one edit away (words of five or more letters). */
const FIX_SIMILARITY = 0.45;

/**
 * One statement: for each word, whether it is a stop word, whether the catalogue has it (as a
 * prefix, in a published product), and otherwise its correction from `search_words`.
 */
export async function lookUpWords(db: Db, terms: SearchTerms): Promise<WordLookup[]> {
  if (!terms.useWords) return [];
  return wordLookups(db, { words: terms.words });
}

const wordLookups = namedQuery<WordLookup>()({
  name: 'search.words',
  columns: ['word', 'stop', 'exact', 'fix'],
  example: { words: ['red', 'shirt'] },
  build: ({ words }: { words: string[] }) =>
    sql`with w as materialized (
          select e.word, e.n, q.q, numnode(q.q) = 0 as stop
            from jsonb_array_elements_text(${JSON.stringify(words)}::jsonb) with ordinality as e(word, n)
            cross join lateral (select to_tsquery('english', e.word || ':*') as q) q
           limit ${MAX_WORDS}),
        x as materialized (
          select w.*, (w.stop or exists (select 1 from products p where p.is_published and p.search_vector @@ w.q)) as exact
            from w)
      select x.word, x.stop, x.exact,
        case when x.exact or length(x.word) < 3 or x.word ~ '[0-9]'
               -- In a product's words once hyphens go ("tsh", "tshirt" in "t-shirts"): being typed, not mistyped.
               or exists (select 1 from products p where p.is_published and ${TARGET} like '%' || x.word || '%') then null
             else coalesce(
               (select s.word from search_words s where s.word = any(shopfront_one_edit_away(x.word, length(x.word) = 3))
                 order by s.products desc, s.word limit 1),
               (select s.word from search_words s
                 where length(x.word) >= 5 and s.word % x.word and similarity(s.word, x.word) >= ${FIX_SIMILARITY}
                 order by similarity(s.word, x.word) desc, s.products desc, s.word limit 1)) end as fix
        from x order by x.n`,
});

/** The query with each corrected word replaced by its correction, or null when none was corrected. */
export function didYouMean(terms: SearchTerms, lookups: WordLookup[]): string | null {
  const fixes = new Map(lookups.filter((l) => l.fix).map((l) => [l.word, l.fix!]));
  if (!fixes.size) return null;
  return terms.text.replace(/[\p{L}\p{N}'’`-]+/gu, (token) => fixes.get(normalWord(token)) ?? token);
}

/**
 * The words as CTEs for the search statements: `fts` (the websearch query) and `words` (each
 * word, its prefix query, its correction's prefix query, whether it is a stop word, and min_sim
 * when it is matched by trigrams). `fuzzy_hits` lists the (product id, word) pairs that pass the
 * trigram pass; similarities are computed once per product and such word, and only for words that
 * are neither in the catalogue nor corrected.
 */
function wordCtes(terms: SearchTerms, lookups: WordLookup[]): SQL[] {
  const rows = lookups.map((l) => ({ word: l.word, stop: l.stop, fix: l.fix, fuzzy: !l.exact && !l.fix }));
  return [
    sql`fts as materialized (select websearch_to_tsquery('english', ${terms.text}) as q)`,
    sql`words0 as materialized (
          select r.word, r.stop, r.fuzzy, r.fix, to_tsquery('english', r.word || ':*') as q,
                 case when r.fix is null then null else to_tsquery('english', r.fix || ':*') end as fix_q
            from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(word text, stop boolean, fuzzy boolean, fix text)
           limit ${MAX_WORDS})`,
    sql`sims as materialized (
          select w.word, p.id, word_similarity(w.word, ${TARGET}) as sim
            from words0 w cross join products p
           where w.fuzzy and length(w.word) >= 3 and p.is_published)`,
    sql`words as materialized (
          select w.word, w.q, w.fix, w.fix_q, w.stop,
            case when not w.fuzzy then null
                 else greatest(${FLOOR(sql`w.word`)}, (select max(s.sim) from sims s where s.word = w.word) - 0.1) end as min_sim
            from words0 w)`,
    sql`fuzzy_hits as materialized (select s.id, s.word from sims s join words w on w.word = s.word where s.sim >= w.min_sim)`,
  ];
}

/** The search as a listing scope: products matching the query, ranked. */
export function searchScope(terms: SearchTerms, lookups: WordLookup[]): SearchScope {
  const wordsMatch = sql`(exists (select 1 from words where not words.stop)
      and not exists (select 1 from words where not words.stop and not (
            p.search_vector @@ words.q
            or coalesce(p.search_vector @@ words.fix_q, false)
            or exists (select 1 from fuzzy_hits h where h.id = p.id and h.word = words.word))))`;
  return {
    kind: 'search',
    ctes: wordCtes(terms, lookups),
    where: sql`p.search_vector @@ (select q from fts) or ${wordsMatch}`,
    // Full-text rank, plus per word: a prefix hit (of the word, or a little less of its
    // correction), and how close the word (or its correction) is to the name.
    rank: sql`ts_rank(p.search_vector, (select q from fts))
      + coalesce((select avg(case when p.search_vector @@ words.q then 0.5 when coalesce(p.search_vector @@ words.fix_q, false) then 0.45 else 0 end
                             + word_similarity(coalesce(words.fix, words.word), ${NAME}))
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

/** The words of a query and their lookups, richest: one word exact, one corrected. */
const SUGGEST_EXAMPLE = {
  terms: { text: 'red shrit', words: ['red', 'shrit'], useWords: true } as SearchTerms,
  lookups: [
    { word: 'red', stop: false, exact: true, fix: null },
    { word: 'shrit', stop: false, exact: false, fix: 'shirt' },
  ] as WordLookup[],
};

/** The best products for the words, sold in channel `ch` (priced there). */
const suggestedProducts = namedQuery<SuggestionRow>()({
  name: 'search.suggest.products',
  columns: ['id', 'slug', 'name', 'image_path', 'currency', 'price_minor'],
  example: { ...SUGGEST_EXAMPLE, ch: { channelId: 'ch_example', primary: false } as PriceChannel },
  build: (p: { terms: SearchTerms; lookups: WordLookup[]; ch: PriceChannel }) => {
    const pr = channelPrice(p.ch);
    const scope = searchScope(p.terms, p.lookups);
    return sql`with ${sql.join(scope.ctes, sql`, `)}
        select p.id, p.slug, p.name, p.image_path, ${pr.currency} as currency, ${pr.price} as price_minor
          from products p${pr.join}
         where p.is_published and (${scope.where})
         order by (${scope.rank}) desc, p.id
         limit ${SEARCH_SUGGESTION_PRODUCTS}`;
  },
});

/** The categories named by the words (a corrected word counts as typed). */
const suggestedCategories = namedQuery<{ slug: string; name: string }>()({
  name: 'search.suggest.categories',
  columns: ['slug', 'name'],
  example: SUGGEST_EXAMPLE,
  build: (p: { terms: SearchTerms; lookups: WordLookup[] }) => {
    const categoryName = sql.raw(`replace(lower(c.name), '-', '')`);
    return sql`with ${sql.join(
      wordCtes(
        p.terms,
        p.lookups.map((l) => ({ ...l, exact: true })),
      ),
      sql`, `,
    )}
        select c.slug, c.name from categories c
         where to_tsvector('english', c.name) @@ (select q from fts)
            or (exists (select 1 from words where not words.stop)
                and not exists (select 1 from words where not words.stop and not (
                      to_tsvector('english', c.name) @@ words.q
                      or coalesce(to_tsvector('english', c.name) @@ words.fix_q, false)
                      or word_similarity(words.word, ${categoryName}) >= ${FLOOR(sql`words.word`)})))
         order by coalesce((select max(word_similarity(coalesce(words.fix, words.word), ${categoryName})) from words), 0) desc,
                  c.position, c.id
         limit ${SEARCH_SUGGESTION_CATEGORIES}`;
  },
});

/**
 * As-you-type suggestions: the best eight products sold in the request's channel (priced there),
 * up to five categories, and "Did you mean". Three statements: the words, then products and
 * categories together.
 */
export async function searchSuggestions(db: Db, query: string, ch: PriceChannel): Promise<SearchSuggestion> {
  const terms = searchTerms(query);
  const lookups = await lookUpWords(db, terms);
  const [productRows, categoryRows] = await Promise.all([
    suggestedProducts(db, { terms, lookups, ch }),
    suggestedCategories(db, { terms, lookups }),
  ]);
  return {
    query: terms.text,
    did_you_mean: didYouMean(terms, lookups),
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

/**
 * Search results page: matching products (filtered, sorted, paged) with facets, and "Did you
 * mean". Three statements: the words, then page and facets together.
 */
export async function searchProducts(db: Db, body: SearchProductsQuery, ch: PriceChannel): Promise<SearchResults> {
  const terms = searchTerms(body.query);
  const lookups = await lookUpWords(db, terms);
  const result = await queryListing(db, searchScope(terms, lookups), body, ch);
  return { query: terms.text, did_you_mean: didYouMean(terms, lookups), ...result };
}
