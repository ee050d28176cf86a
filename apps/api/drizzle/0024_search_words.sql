CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"products" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- Search read model (ADR 6): the words of the published products' names and search_text, with
-- how many products use each. Tokens holding a digit (SKUs) are left out, the rest split into
-- letters-only words of three or more letters that are not English stop words. Rebuilt like the
-- listing read model (ADR 29): at the commit of a transaction that changed a product's name,
-- search_text or publication, once per transaction, one rebuild at a time, writing only the rows
-- that differ. `select shopfront_refresh_search_words()` rebuilds by hand after a TRUNCATE or a restore.
CREATE OR REPLACE FUNCTION shopfront_refresh_search_words() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7319046281534);
  WITH fresh AS (
    SELECT w.word, count(DISTINCT p.id)::int AS products
      FROM products p
      CROSS JOIN LATERAL regexp_split_to_table(lower(p.name || ' ' || p.search_text), '\s+') AS t(token)
      CROSS JOIN LATERAL regexp_split_to_table(t.token, '[^[:alpha:]]+') AS w(word)
     WHERE p.is_published AND t.token !~ '[0-9]' AND length(w.word) >= 3
       AND to_tsvector('english', w.word) <> ''::tsvector
     GROUP BY w.word),
  gone AS (
    DELETE FROM search_words x WHERE NOT EXISTS (SELECT 1 FROM fresh f WHERE f.word = x.word)
    RETURNING 1)
  INSERT INTO search_words AS x (word, products)
  SELECT word, products FROM fresh
  ON CONFLICT (word) DO UPDATE SET products = excluded.products
   WHERE x.products IS DISTINCT FROM excluded.products;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION shopfront_search_words_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('shopfront.search_words_rebuilt', true) IS DISTINCT FROM 'on' THEN
    PERFORM set_config('shopfront.search_words_rebuilt', 'on', true);
    PERFORM shopfront_refresh_search_words();
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER shopfront_search_words AFTER INSERT OR DELETE ON products
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION shopfront_search_words_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER shopfront_search_words_update AFTER UPDATE ON products
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.is_published, OLD.name, OLD.search_text) IS DISTINCT FROM (NEW.is_published, NEW.name, NEW.search_text))
  EXECUTE FUNCTION shopfront_search_words_changed();--> statement-breakpoint
-- The words one edit away from `word` (a letter dropped, two neighbours swapped, a letter
-- changed or one added, letters a-z): what a typo of one keystroke turns a catalogue word into.
-- With swaps_only, only the swaps (for three-letter words, where a changed letter is a third of it).
CREATE OR REPLACE FUNCTION shopfront_one_edit_away(word text, swaps_only boolean) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array(
    SELECT left(word, i - 1) || substr(word, i + 1, 1) || substr(word, i, 1) || substr(word, i + 2)
      FROM generate_series(1, length(word) - 1) i
    UNION
    SELECT left(word, i - 1) || substr(word, i + 1) FROM generate_series(1, length(word)) i WHERE NOT swaps_only
    UNION
    SELECT left(word, i - 1) || l || substr(word, i + 1)
      FROM generate_series(1, length(word)) i, unnest(string_to_array('abcdefghijklmnopqrstuvwxyz', NULL)) l
     WHERE NOT swaps_only
    UNION
    SELECT left(word, i - 1) || l || substr(word, i)
      FROM generate_series(1, length(word) + 1) i, unnest(string_to_array('abcdefghijklmnopqrstuvwxyz', NULL)) l
     WHERE NOT swaps_only)
$$;--> statement-breakpoint
-- Pages cached whole watch every table they read (migration 0018): this one too.
CREATE TRIGGER shopfront_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_words
  FOR EACH STATEMENT EXECUTE FUNCTION shopfront_content_changed();--> statement-breakpoint
SELECT shopfront_refresh_search_words();
