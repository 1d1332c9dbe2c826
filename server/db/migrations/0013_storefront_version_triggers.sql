-- The storefront's cache version (server/catalog/storefront-cache.ts): every change to what the
-- anonymous storefront pages show bumps it in the same transaction, whoever makes the change (any
-- app instance, a script, SQL by hand). Product view counts are not part of it: the batched view
-- flush only changes view_count, which the cached pages do not show.
INSERT INTO "storefront_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE FUNCTION bump_storefront_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "storefront_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER products_storefront_version_statement AFTER INSERT OR DELETE OR TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_storefront_version();--> statement-breakpoint
CREATE TRIGGER products_storefront_version_update AFTER UPDATE ON "products" FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'view_count' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'view_count' - 'updated_at'))
  EXECUTE FUNCTION bump_storefront_version();--> statement-breakpoint
CREATE TRIGGER blog_posts_storefront_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "blog_posts"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_storefront_version();--> statement-breakpoint
CREATE TRIGGER testimonials_storefront_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "testimonials"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_storefront_version();--> statement-breakpoint
CREATE TRIGGER partners_storefront_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "partners"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_storefront_version();--> statement-breakpoint
CREATE TRIGGER certificates_storefront_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "certificates"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_storefront_version();
