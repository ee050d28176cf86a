-- Cached anonymous pages and shell data (ADR 28): every table they read sends
-- NOTIFY shopfront_content when a statement changes it; each process listens and drops what it
-- cached. Statement-level, so a bulk update notifies once; the notification is sent at commit,
-- deduplicated per transaction. Tables listed in apps/api/src/lib/content-version.ts
-- (UNWATCHED_TABLES) are personal or internal and carry no trigger.
CREATE OR REPLACE FUNCTION shopfront_content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('shopfront_content', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'blog_posts', 'brands', 'categories', 'channels', 'collections', 'countries', 'coupon_categories',
    'coupon_products', 'coupons', 'faq_groups', 'faq_items', 'forms', 'galleries', 'menu_items', 'menus',
    'pages', 'payment_methods', 'plugins', 'product_categories', 'product_channel_prices',
    'product_collections', 'product_images', 'product_options', 'product_tags', 'products', 'reviews',
    'shipping_methods', 'shipping_zones', 'sliders', 'slides', 'states', 'store_settings', 'storefronts',
    'super_categories', 'tags', 'template_sections', 'templates', 'testimonials', 'variant_channels',
    'variants'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER shopfront_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION shopfront_content_changed()', t);
  END LOOP;
END
$$;
