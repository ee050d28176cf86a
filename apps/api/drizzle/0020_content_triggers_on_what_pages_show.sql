-- ADR 28: an order moves stock and may count a coupon use, and each of those used to flush every
-- cached page and answer on every process. Pages show a variant's stock only as in stock, low
-- (5 or fewer: LOW_STOCK_THRESHOLD) or out of stock, and never a coupon's use count: updates of
-- those two tables now notify only when something a page shows changed. Inserts, deletes and
-- truncates still notify once per statement.
DROP TRIGGER shopfront_content_changed ON variants;--> statement-breakpoint
CREATE TRIGGER shopfront_content_changed AFTER INSERT OR DELETE OR TRUNCATE ON variants
  FOR EACH STATEMENT EXECUTE FUNCTION shopfront_content_changed();--> statement-breakpoint
CREATE TRIGGER shopfront_content_changed_update AFTER UPDATE ON variants FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'stock' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'stock' - 'updated_at')
        OR (OLD.stock > 0) IS DISTINCT FROM (NEW.stock > 0)
        OR (OLD.stock > 5) IS DISTINCT FROM (NEW.stock > 5))
  EXECUTE FUNCTION shopfront_content_changed();--> statement-breakpoint
DROP TRIGGER shopfront_content_changed ON coupons;--> statement-breakpoint
CREATE TRIGGER shopfront_content_changed AFTER INSERT OR DELETE OR TRUNCATE ON coupons
  FOR EACH STATEMENT EXECUTE FUNCTION shopfront_content_changed();--> statement-breakpoint
CREATE TRIGGER shopfront_content_changed_update AFTER UPDATE ON coupons FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'used_count' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'used_count' - 'updated_at'))
  EXECUTE FUNCTION shopfront_content_changed();
