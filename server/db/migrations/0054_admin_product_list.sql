CREATE INDEX "products_status_created_at_idx" ON "products" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_status_name_idx" ON "products" USING btree ("status","name","id");--> statement-breakpoint
CREATE INDEX "products_status_price_idx" ON "products" USING btree ("status","price_cents","id");--> statement-breakpoint
CREATE INDEX "product_variants_sku_trgm_idx" ON "product_variants" USING gin (upper("sku") gin_trgm_ops);