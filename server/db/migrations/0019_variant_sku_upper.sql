CREATE UNIQUE INDEX "product_variants_sku_upper_idx" ON "product_variants" USING btree (upper("sku"));--> statement-breakpoint
-- Custom SQL: a variant or option change (a GTIN, a price, a new size) changes what the storefront
-- and the Google feed show even when the product row's summary stays the same, so it bumps the
-- storefront version like a product change does (migration 0013).
CREATE TRIGGER product_variants_storefront_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_variants"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_storefront_version();--> statement-breakpoint
CREATE TRIGGER product_options_storefront_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_options"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_storefront_version();
