CREATE TABLE "listing_facet_counts" (
	"scope_kind" text NOT NULL,
	"scope_slug" text NOT NULL,
	"channel_id" text NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"a" integer,
	"b" integer,
	"c" integer,
	"scale" text,
	CONSTRAINT "listing_facet_counts_pk" PRIMARY KEY("scope_kind","scope_slug","channel_id","kind","key","label")
);
--> statement-breakpoint
CREATE TABLE "product_facet_values" (
	"product_id" text NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"position" integer,
	"value_position" integer,
	"scale" text,
	"weight" integer NOT NULL,
	CONSTRAINT "product_facet_values_pk" PRIMARY KEY("product_id","kind","key","label")
);
--> statement-breakpoint
-- Listing read model (ADR 0029). Both tables are derived: shopfront_refresh_listing_facets()
-- recomputes them from the catalogue in two statements, writing only the rows that differ. It
-- runs at the commit of every transaction that changed something facets show (the deferred
-- triggers below), once per transaction, one transaction at a time (an advisory lock taken
-- before either statement, so both see every change committed before it: the last writer to
-- commit always rebuilds from the latest data, and no concurrent rebuild can overwrite a newer one).
CREATE OR REPLACE FUNCTION shopfront_refresh_listing_facets() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7319046281533);

  -- Each product's facet values: the categories it is directly in, and its variants' option
  -- values (with the option's position, the value's position and the product's value list).
  WITH fresh AS (
    SELECT pc.product_id, 'category'::text AS kind, c.slug AS key, c.name AS label, c.position,
           NULL::int AS value_position, NULL::text AS scale, 1 AS weight
      FROM product_categories pc JOIN categories c ON c.id = pc.category_id
    UNION ALL
    SELECT v.product_id, 'option', o.key, o.value, min(po.position), min(array_position(po.values, o.value)),
           min(array_to_string(po.values, '|')), count(*)::int
      FROM variants v
      CROSS JOIN LATERAL jsonb_each_text(v.options) AS o(key, value)
      LEFT JOIN product_options po ON po.product_id = v.product_id AND po.name = o.key
     GROUP BY v.product_id, o.key, o.value),
  gone AS (
    DELETE FROM product_facet_values x
     WHERE NOT EXISTS (SELECT 1 FROM fresh f
                        WHERE f.product_id = x.product_id AND f.kind = x.kind AND f.key = x.key AND f.label = x.label)
    RETURNING 1)
  INSERT INTO product_facet_values AS x (product_id, kind, key, label, position, value_position, scale, weight)
  SELECT product_id, kind, key, label, position, value_position, scale, weight FROM fresh
  ON CONFLICT (product_id, kind, key, label) DO UPDATE
     SET position = excluded.position, value_position = excluded.value_position, scale = excluded.scale, weight = excluded.weight
   WHERE (x.position, x.value_position, x.scale, x.weight)
         IS DISTINCT FROM (excluded.position, excluded.value_position, excluded.scale, excluded.weight);

  -- The unfiltered facets of every scope in every channel (a new statement: it reads the rows above).
  WITH RECURSIVE
  primary_channel AS (SELECT channel_id AS id FROM storefronts ORDER BY is_default DESC, id LIMIT 1),
  -- Published products priced in each channel: the primary one from products itself, the others
  -- from product_channel_prices (a product without a price there is not listed there).
  priced AS (
    SELECT p.id, ch.id AS channel_id, p.currency, p.price_minor, p.brand_id, p.stock
      FROM products p CROSS JOIN primary_channel ch WHERE p.is_published
    UNION ALL
    SELECT p.id, x.channel_id, x.currency, x.price_minor, p.brand_id, p.stock
      FROM products p JOIN product_channel_prices x ON x.product_id = p.id
     WHERE p.is_published AND x.channel_id <> (SELECT id FROM primary_channel)),
  -- Every category with itself and each category below it (UNION: a cycle ends).
  tree(root, id) AS (
    SELECT id, id FROM categories
    UNION
    SELECT t.root, c.id FROM categories c JOIN tree t ON c.parent_id = t.id),
  members(scope_kind, scope_slug, product_id) AS (
    SELECT 'shop'::text, ''::text, p.id FROM products p WHERE p.is_published
    UNION ALL
    SELECT DISTINCT 'shop', s.slug, pc.product_id
      FROM super_categories s JOIN categories r ON r.super_category_id = s.id JOIN tree t ON t.root = r.id
      JOIN product_categories pc ON pc.category_id = t.id
    UNION ALL
    SELECT DISTINCT 'category', c.slug, pc.product_id
      FROM categories c JOIN tree t ON t.root = c.id JOIN product_categories pc ON pc.category_id = t.id
    UNION ALL
    SELECT 'collection', c.slug, pc.product_id
      FROM collections c JOIN product_collections pc ON pc.collection_id = c.id),
  sp AS MATERIALIZED (
    SELECT m.scope_kind, m.scope_slug, pr.* FROM members m JOIN priced pr ON pr.id = m.product_id),
  opt AS (
    SELECT sp.scope_kind, sp.scope_slug, sp.channel_id, v.key, v.label, v.scale, count(*) AS n, sum(v.weight) AS w,
           min(v.position) AS pos, min(v.value_position) AS value_pos
      FROM sp JOIN product_facet_values v ON v.product_id = sp.id AND v.kind = 'option'
     GROUP BY sp.scope_kind, sp.scope_slug, sp.channel_id, v.key, v.label, v.scale),
  fresh(scope_kind, scope_slug, channel_id, kind, key, label, a, b, c, scale) AS (
    SELECT scope_kind, scope_slug, channel_id, 'total'::text, ''::text, ''::text,
           count(*)::int, (count(*) FILTER (WHERE stock > 0))::int, NULL::int, NULL::text
      FROM sp GROUP BY scope_kind, scope_slug, channel_id
    UNION ALL
    SELECT scope_kind, scope_slug, channel_id, 'price', min(currency), '', min(price_minor), max(price_minor), NULL, NULL
      FROM sp GROUP BY scope_kind, scope_slug, channel_id
    UNION ALL
    SELECT sp.scope_kind, sp.scope_slug, sp.channel_id, 'brand', b.slug, b.name, count(*)::int, NULL, NULL, NULL
      FROM sp JOIN brands b ON b.id = sp.brand_id
     GROUP BY sp.scope_kind, sp.scope_slug, sp.channel_id, b.slug, b.name
    UNION ALL
    SELECT sp.scope_kind, sp.scope_slug, sp.channel_id, 'category', v.key, v.label, count(*)::int, min(v.position), NULL, NULL
      FROM sp JOIN product_facet_values v ON v.product_id = sp.id AND v.kind = 'category'
     GROUP BY sp.scope_kind, sp.scope_slug, sp.channel_id, v.key, v.label
    UNION ALL
    -- The scale is the value list most of the value's variants come from (ties: the first in order).
    SELECT scope_kind, scope_slug, channel_id, 'option', key, label, sum(n)::int, min(pos), min(value_pos),
           (array_agg(scale ORDER BY w DESC, scale) FILTER (WHERE scale IS NOT NULL))[1]
      FROM opt GROUP BY scope_kind, scope_slug, channel_id, key, label),
  gone AS (
    DELETE FROM listing_facet_counts x
     WHERE NOT EXISTS (SELECT 1 FROM fresh f
                        WHERE f.scope_kind = x.scope_kind AND f.scope_slug = x.scope_slug AND f.channel_id = x.channel_id
                          AND f.kind = x.kind AND f.key = x.key AND f.label = x.label)
    RETURNING 1)
  INSERT INTO listing_facet_counts AS x (scope_kind, scope_slug, channel_id, kind, key, label, a, b, c, scale)
  SELECT scope_kind, scope_slug, channel_id, kind, key, label, a, b, c, scale FROM fresh
  ON CONFLICT (scope_kind, scope_slug, channel_id, kind, key, label) DO UPDATE
     SET a = excluded.a, b = excluded.b, c = excluded.c, scale = excluded.scale
   WHERE (x.a, x.b, x.c, x.scale) IS DISTINCT FROM (excluded.a, excluded.b, excluded.c, excluded.scale);
END
$$;--> statement-breakpoint
-- Rebuilds once per transaction, at its commit (after its last change). The flag is local to the
-- transaction (set_config's third argument).
CREATE OR REPLACE FUNCTION shopfront_listing_facets_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('shopfront.listing_facets_rebuilt', true) IS DISTINCT FROM 'on' THEN
    PERFORM set_config('shopfront.listing_facets_rebuilt', 'on', true);
    PERFORM shopfront_refresh_listing_facets();
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- What facets read. Updates that facets cannot show (a stock movement that leaves a product in
-- stock, a new name or description) do not rebuild: products only when published state, brand,
-- price, currency or in-stock state change; variants only when their options or product do.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'brands', 'categories', 'collections', 'product_categories', 'product_channel_prices', 'product_collections',
    'product_options', 'products', 'storefronts', 'super_categories', 'variants'
  ] LOOP
    EXECUTE format(
      'CREATE CONSTRAINT TRIGGER shopfront_listing_facets AFTER INSERT OR DELETE ON %I '
      'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION shopfront_listing_facets_changed()', t);
  END LOOP;
  FOREACH t IN ARRAY ARRAY[
    'brands', 'categories', 'collections', 'product_categories', 'product_channel_prices', 'product_collections',
    'product_options', 'super_categories'
  ] LOOP
    EXECUTE format(
      'CREATE CONSTRAINT TRIGGER shopfront_listing_facets_update AFTER UPDATE ON %I '
      'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION shopfront_listing_facets_changed()', t);
  END LOOP;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER shopfront_listing_facets_update AFTER UPDATE ON products
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.is_published, OLD.brand_id, OLD.price_minor, OLD.currency, OLD.stock > 0)
        IS DISTINCT FROM (NEW.is_published, NEW.brand_id, NEW.price_minor, NEW.currency, NEW.stock > 0))
  EXECUTE FUNCTION shopfront_listing_facets_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER shopfront_listing_facets_update AFTER UPDATE ON variants
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.product_id, OLD.options) IS DISTINCT FROM (NEW.product_id, NEW.options))
  EXECUTE FUNCTION shopfront_listing_facets_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER shopfront_listing_facets_update AFTER UPDATE ON storefronts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.channel_id, OLD.is_default) IS DISTINCT FROM (NEW.channel_id, NEW.is_default))
  EXECUTE FUNCTION shopfront_listing_facets_changed();--> statement-breakpoint
-- Pages cached whole watch every table they read (migration 0018): these too.
CREATE TRIGGER shopfront_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON listing_facet_counts
  FOR EACH STATEMENT EXECUTE FUNCTION shopfront_content_changed();--> statement-breakpoint
CREATE TRIGGER shopfront_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_facet_values
  FOR EACH STATEMENT EXECUTE FUNCTION shopfront_content_changed();--> statement-breakpoint
SELECT shopfront_refresh_listing_facets();
